"""Input an attacker sends: each once answered 500. Now a problem document with a 4xx
status, and nothing changes."""

import pytest

from .table import Table, bearer
from .test_errors import assert_problem, snapshot

DEEP = "[" * 3000 + "]" * 3000
LONG_NUMBER = "9" * 5000
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def table(client):
    return Table.create(client, players=3, seed=78)


@pytest.mark.parametrize(
    "body",
    [DEEP, '{"type": "old-maid", "seats": ' + LONG_NUMBER + "}", '{"a": ' + DEEP + "}"],
    ids=["nested", "long-number", "nested-inside"],
)
def test_json_python_cannot_hold_is_a_bad_request_on_create(client, body):
    before = client.get("/v1/games").json["games"]
    assert_problem(client.post("/v1/games", data=body, headers=JSON), 400, "bad_request")
    assert client.get("/v1/games").json["games"] == before


@pytest.mark.parametrize(
    "body", [DEEP, '{"type": "take", "position": ' + LONG_NUMBER + "}"], ids=["nested", "long"]
)
def test_json_python_cannot_hold_is_a_bad_request_on_a_move(table, body):
    before = snapshot(table)
    seat = table.turn()
    headers = {**JSON, **bearer(table.tokens[seat])}
    answer = table.client.post(f"/v1/games/{table.id}/moves", data=body, headers=headers)
    assert_problem(answer, 400, "bad_request")
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "name",
    [
        "\ud800",  # a lone surrogate: not encodable
        "Ann\u202eoJ",  # right-to-left override
        "A\u200bnn",  # zero-width space
        "Ann\u2066",  # bidi isolate
        "\ufeffAnn",  # zero-width no-break space
        "Ann\x85",  # a C1 control
        "Ann\n",
    ],
)
def test_names_refuse_invisible_and_controlling_characters(client, name):
    game = client.post("/v1/games", json={"type": "old-maid", "seats": 2}).json
    answer = client.post(
        f"/v1/games/{game['id']}/players", data=f'{{"name": "{_escape(name)}"}}', headers=JSON
    )
    body = assert_problem(answer, 422, "validation_error")
    assert "name" in body["errors"]
    assert client.get(f"/v1/games/{game['id']}").json["seats"] == []


def test_a_lone_surrogate_in_a_code_join_is_refused(client):
    answer = client.post(
        "/v1/tables/join", data='{"code": "ABCDEFGH", "name": "\\ud800"}', headers=JSON
    )
    assert_problem(answer, 422, "validation_error")


def test_names_in_any_script_are_welcome(client):
    game = client.post("/v1/games", json={"type": "old-maid", "seats": 3}).json
    for name in ["Zoë", "سارا", "美咲"]:
        answer = client.post(f"/v1/games/{game['id']}/players", json={"name": name})
        assert answer.status_code == 201, answer.json


@pytest.mark.parametrize(
    "if_match", ["²", "٣", LONG_NUMBER, '"1"x'], ids=["superscript", "arabic", "long", "junk"]
)
def test_if_match_that_is_not_a_version_is_refused(table, if_match):
    before = snapshot(table)
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    assert_problem(table.move(seat, move, **{"If-Match": if_match}), 422, "validation_error")
    assert snapshot(table) == before


def _escape(text: str) -> str:
    """JSON string escapes, so even a lone surrogate travels as the client would send it."""
    return "".join(ch if " " <= ch < "\x7f" else f"\\u{ord(ch):04x}" for ch in text)


@pytest.mark.parametrize(
    "query", ["after=0&after=5", "wait=0.0&wait=false", "limit=1&limit=2&limit=3"]
)
def test_a_query_parameter_given_twice_is_refused(table, query):
    answer = table.client.get(f"/v1/games/{table.id}/events?{query}")
    body = assert_problem(answer, 422, "validation_error")
    assert query.split("=")[0] in body["errors"]
