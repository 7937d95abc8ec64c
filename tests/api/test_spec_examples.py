"""The request examples of the OpenAPI document are what Swagger UI's "Try it out" sends:
each of them, posted as it stands, is accepted (never refused as malformed)."""

import pytest

from .table import bearer

MALFORMED = {400, 413, 415, 422}
# Where the example can succeed on a fresh table with the host token, it must.
SUCCEEDS = {"create_game": 201, "join_game": 201, "deal": 200}


def request_examples(spec: dict):
    """(operationId, method, path, example name, body) of every request-body example."""
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            media = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if not media:
                continue
            examples = {name: e["value"] for name, e in media.get("examples", {}).items()}
            if "example" in media:
                examples["example"] = media["example"]
            for name, body in examples.items():
                yield operation["operationId"], method, path, name, body


@pytest.fixture
def spec(client):
    return client.get("/v1/openapi.json").json


def test_the_operations_tried_first_have_examples(spec):
    documented = {operation for operation, *_ in request_examples(spec)}
    assert documented >= {"create_game", "join_game", "join_by_code", "deal"}


def test_every_request_example_is_accepted(client, spec):
    refused = []
    for operation, method, path, name, body in request_examples(spec):
        table = client.post("/v1/games", json={"type": "old-maid"}).json  # empty, waiting
        answer = client.open(
            path.replace("{game_id}", table["id"]),
            method=method.upper(),
            json=body,
            headers=bearer(table["host_token"]),
        )
        expected = SUCCEEDS.get(operation)
        if answer.status_code in MALFORMED or expected not in (None, answer.status_code):
            refused.append(f"{operation} example {name!r}: {answer.status_code} {answer.json}")
    assert not refused, "\n".join(refused)


def test_the_create_example_of_the_brief_makes_a_public_table(client, spec):
    examples = spec["paths"]["/v1/games"]["post"]["requestBody"]["content"]["application/json"]
    body = examples["examples"]["public"]["value"]
    answer = client.post("/v1/games", json=body)
    assert answer.status_code == 201, answer.json
    assert answer.json["type"] == "old-maid" and answer.json["max_seats"] == 4
    assert answer.json["visibility"] == "public" and answer.json["code"] is None
