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


def test_the_quick_starts_table_is_a_public_one_for_two(client, spec):
    examples = spec["paths"]["/v1/games"]["post"]["requestBody"]["content"]["application/json"]
    name, first = next(iter(examples["examples"].items()))  # what Swagger UI prefills
    answer = client.post("/v1/games", json=first["value"])
    assert answer.status_code == 201, answer.json
    assert (name, answer.json["type"], answer.json["max_seats"]) == ("old-maid", "old-maid", 2)
    assert answer.json["visibility"] == "public" and answer.json["code"] is None


def test_every_game_has_a_table_and_a_move_of_its_own_among_the_examples(spec):
    """Each game's create example, and a move example named after the game whose kind
    is one of that game's moves."""
    schemas = spec["components"]["schemas"]

    def resolve(ref: dict) -> dict:
        return schemas[ref["$ref"].rsplit("/", 1)[1]]

    for view in map(resolve, schemas["View"]["oneOf"]):
        game = view["properties"]["type"]["const"]
        kinds = set(resolve(view["properties"]["legal_moves"]["items"])["discriminator"]["mapping"])
        created = [body for op, _, _, _, body in request_examples(spec) if op == "create_game"]
        assert any(body["type"] == game for body in created), game
        moves = [
            body
            for op, _, _, name, body in request_examples(spec)
            if op == "play_move" and name.startswith(game)
        ]
        assert moves and all(move["type"] in kinds - {"resume"} for move in moves), game
