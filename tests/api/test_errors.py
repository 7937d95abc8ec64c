"""Every refusal is a problem document with a 4xx status, and changes nothing."""

import uuid

import pytest

from .table import Table, bearer

PROBLEM = "application/problem+json"


def assert_problem(answer, status: int, code: str):
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.mimetype == PROBLEM
    body = answer.json
    assert body["status"] == status and body["code"] == code
    assert {"type", "title", "detail"} <= set(body)
    assert "Traceback" not in answer.get_data(as_text=True)
    return body


@pytest.fixture
def table(client):
    return Table.create(client, players=3, seed=77)


def snapshot(table):
    """What must not change when a request is refused."""
    summary = table.summary().json
    return summary["version"], table.events(0).json["last_seq"], summary


def test_not_your_turn(table):
    before = snapshot(table)
    waiting = next(seat for seat in range(3) if seat != table.turn())
    turn_move = table.view(table.turn()).json["legal_moves"][0]
    assert_problem(table.move(waiting, turn_move), 409, "not_your_turn")
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "tamper",
    [
        lambda move: {**move, "position": 99},
        lambda move: {**move, "from_seat": (move["from_seat"] + 1) % 3},
        lambda move: {"type": "ask", "seat": 1, "rank": "Q"},  # another game's move
    ],
)
def test_a_well_formed_move_that_is_not_legal_now_gives_the_engines_reason(table, tamper):
    before = snapshot(table)
    seat = table.turn()
    move = tamper(table.view(seat).json["legal_moves"][0])
    answer = assert_problem(table.move(seat, move), 422, "illegal_move")
    assert "legal_moves" in answer["detail"]
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "tamper,field",
    [
        (lambda move: {**move, "position": str(move["position"])}, "position"),
        (lambda move: {**move, "position": True}, "position"),
        (lambda move: {**move, "extra": 1}, "extra"),
        (lambda move: {"type": "take", "position": 0}, "from_seat"),
        (lambda move: {"type": "teleport"}, "type"),
        (lambda move: {"type": "play", "card": "8C", "suit": "X"}, "suit"),
    ],
)
def test_a_malformed_move_names_the_bad_field(table, tamper, field):
    before = snapshot(table)
    seat = table.turn()
    move = tamper(table.view(seat).json["legal_moves"][0])
    answer = assert_problem(table.move(seat, move), 422, "validation_error")
    assert field in answer["errors"]
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "body",
    [[], "take", 7, None, {}, {"type": 3}, {"position": 0}],
    ids=["list", "string", "number", "null", "empty", "type-not-string", "no-type"],
)
def test_malformed_move_body(table, body):
    before = snapshot(table)
    answer = table.client.post(
        f"/v1/games/{table.id}/moves", json=body, headers=bearer(table.tokens[table.turn()])
    )
    assert_problem(answer, 422, "validation_error")
    assert snapshot(table) == before


def test_unparseable_json(table):
    answer = table.client.post(
        f"/v1/games/{table.id}/moves",
        data="{not json",
        content_type="application/json",
        headers=bearer(table.tokens[table.turn()]),
    )
    assert_problem(answer, 400, "bad_request")


def test_wrong_token(table):
    before = snapshot(table)
    move = table.view(table.turn()).json["legal_moves"][0]
    answer = table.client.post(
        f"/v1/games/{table.id}/moves", json=move, headers=bearer("not-a-token")
    )
    assert_problem(answer, 401, "unauthorized")
    assert_problem(
        table.client.get(f"/v1/games/{table.id}/view", headers=bearer("nope")), 401, "unauthorized"
    )
    assert_problem(
        table.client.get(f"/v1/games/{table.id}/view", headers={"Authorization": "Basic x"}),
        401,
        "unauthorized",
    )
    assert snapshot(table) == before


def test_a_token_of_another_game_is_unknown_here(client, table):
    other = Table.create(client, players=2, seed=1)
    move = table.view(table.turn()).json["legal_moves"][0]
    answer = client.post(f"/v1/games/{table.id}/moves", json=move, headers=bearer(other.tokens[0]))
    assert_problem(answer, 401, "unauthorized")


def test_no_token(table):
    before = snapshot(table)
    move = table.view(table.turn()).json["legal_moves"][0]
    assert_problem(table.client.post(f"/v1/games/{table.id}/moves", json=move), 401, "unauthorized")
    assert snapshot(table) == before


def test_the_token_is_checked_before_the_headers(table):
    move = table.view(table.turn()).json["legal_moves"][0]
    answer = table.client.post(
        f"/v1/games/{table.id}/moves", json=move, headers={"If-Match": "x", "Idempotency-Key": ""}
    )
    assert_problem(answer, 401, "unauthorized")


@pytest.mark.parametrize("key", ["", "a b", "k" * 201, "ключ"])
def test_invalid_idempotency_keys(table, key):
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    answer = table.move(seat, move, **{"Idempotency-Key": key})
    assert_problem(answer, 422, "validation_error")


def test_the_host_token_cannot_move(table):
    move = table.view(table.turn()).json["legal_moves"][0]
    answer = table.client.post(f"/v1/games/{table.id}/moves", json=move, headers=bearer(table.host))
    assert_problem(answer, 403, "forbidden")


@pytest.mark.parametrize(
    "method,path",
    [
        ("get", "/v1/games/{id}"),
        ("get", "/v1/games/{id}/view"),
        ("get", "/v1/games/{id}/events"),
        ("post", "/v1/games/{id}/deal"),
        ("post", "/v1/games/{id}/players"),
        ("post", "/v1/games/{id}/moves"),
    ],
)
def test_unknown_game(client, method, path):
    url = path.format(id=uuid.uuid4())
    take = {"type": "take", "from_seat": 0, "position": 0}
    body = {"players": {"name": "x"}, "deal": {}}.get(path.rsplit("/", 1)[-1], take)
    kwargs = {"json": body} if method == "post" else {}
    assert_problem(getattr(client, method)(url, **kwargs), 404, "not_found")


def test_a_game_id_that_is_no_uuid_is_not_found(client):
    assert_problem(client.get("/v1/games/12345"), 404, "not_found")


def test_flasks_own_errors_are_problems_too(client):
    assert_problem(client.get("/v1/no-such-thing"), 404, "not_found")
    answer = assert_problem(client.delete("/v1/catalog"), 405, "method_not_allowed")
    assert answer["title"] == "Method Not Allowed"


def test_full_table(client):
    table = Table.create(client, players=2, seats=2, deal=False)
    before = snapshot(table)
    answer = client.post(f"/v1/games/{table.id}/players", json={"name": "third"})
    assert_problem(answer, 409, "table_full")
    assert snapshot(table) == before


def test_joining_a_started_game(table):
    late = {"name": "late", "code": table.code}  # the right code: only the phase refuses
    answer = table.client.post(f"/v1/games/{table.id}/players", json=late)
    assert_problem(answer, 409, "wrong_phase")


@pytest.mark.parametrize("code", ["\x00", "", "ABC-DEF", "A" * 17])
def test_malformed_codes(client, code):
    answer = client.post("/v1/tables/join", json={"code": code, "name": "x"})
    assert_problem(answer, 422, "validation_error")


def test_wrong_code(client):
    created = client.post(
        "/v1/games", json={"type": "old-maid", "seats": 2, "visibility": "private"}
    )
    game_id = created.json["id"]
    assert_problem(
        client.post("/v1/tables/join", json={"code": "ZZZZZZZZ", "name": "x"}), 403, "bad_code"
    )
    assert_problem(client.post(f"/v1/games/{game_id}/players", json={"name": "x"}), 403, "bad_code")
    assert_problem(
        client.post(f"/v1/games/{game_id}/players", json={"name": "x", "code": "WRONG"}),
        403,
        "bad_code",
    )
    assert client.get(f"/v1/games/{game_id}").json["seats"] == []


def test_stale_if_match(table):
    version = table.summary().json["version"]
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    before = snapshot(table)
    assert_problem(table.move(seat, move, **{"If-Match": str(version - 1)}), 412, "stale_version")
    assert snapshot(table) == before
    assert table.move(seat, move, **{"If-Match": f'"{version}"'}).status_code == 201


def test_if_match_that_is_no_version(table):
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    assert_problem(table.move(seat, move, **{"If-Match": "yesterday"}), 422, "validation_error")


def test_a_replayed_idempotency_key_returns_the_first_answer_and_applies_nothing(table):
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    first = table.move(seat, move, **{"Idempotency-Key": "k-1"})
    assert first.status_code == 201
    after_first = snapshot(table)
    again = table.move(seat, move, **{"Idempotency-Key": "k-1"})
    assert again.status_code == 201
    assert again.json == first.json
    assert snapshot(table) == after_first
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true", "the replay says it is one"


def test_an_idempotency_key_reused_for_another_move(table):
    seat = table.turn()
    moves = table.view(seat).json["legal_moves"]
    table.move(seat, moves[0], **{"Idempotency-Key": "k-2"})
    before = snapshot(table)
    answer = table.move(seat, {**moves[0], "position": 50}, **{"Idempotency-Key": "k-2"})
    assert_problem(answer, 422, "idempotency_conflict")
    assert snapshot(table) == before


def test_moves_before_the_deal_are_the_wrong_phase(client):
    table = Table.create(client, players=2, deal=False)
    answer = table.move(0, {"type": "take", "from_seat": 1, "position": 0})
    assert_problem(answer, 409, "wrong_phase")


def test_moves_after_the_end_are_the_wrong_phase(client):
    table = Table.create(client, players=2, seed=3)
    table.play_round()
    assert_problem(
        table.move(0, {"type": "take", "from_seat": 1, "position": 0}), 409, "wrong_phase"
    )


def test_only_the_host_deals(client):
    table = Table.create(client, players=2, deal=False)
    assert_problem(client.post(f"/v1/games/{table.id}/deal"), 401, "unauthorized")
    answer = client.post(f"/v1/games/{table.id}/deal", headers=bearer(table.tokens[0]))
    assert_problem(answer, 403, "forbidden")
    assert table.summary().json["status"] == "waiting"


def test_dealing_needs_the_minimum_number_of_players(client):
    table = Table.create(client, players=1, seats=4, deal=False)
    answer = client.post(f"/v1/games/{table.id}/deal", headers=bearer(table.host))
    assert_problem(answer, 409, "wrong_phase")


def test_dealing_twice(table):
    answer = table.client.post(f"/v1/games/{table.id}/deal", headers=bearer(table.host))
    assert_problem(answer, 409, "wrong_phase")


@pytest.mark.parametrize(
    "body,field",
    [
        ({"type": "chess"}, "type"),
        ({"type": "old-maid", "seats": 5}, "seats"),
        ({"type": "old-maid", "seats": 1}, "seats"),
        ({"type": "old-maid", "seats": "4"}, "seats"),
        ({"type": "old-maid", "seats": True}, "seats"),
        ({"type": "old-maid", "options": {"preset": "classic"}}, "options.preset"),
        ({"type": "old-maid", "options": {"preset": ["online"]}}, "options.preset"),
        (
            {"type": "old-maid", "options": {"odd_card": "joker", "remove_queens": 1}},
            "options.remove_queens",
        ),
        ({"type": "old-maid", "options": {"remove_queens": None}}, "options.remove_queens"),
        ({"type": "old-maid", "options": {"remove_queens": 2}}, "options.remove_queens"),
        ({"type": "old-maid", "options": {"pair_by": "suit"}}, "options.pair_by"),
        ({"type": "old-maid", "options": {"preset": "family"}, "seats": 9}, "seats"),
        ({"type": "blind-date", "options": {"deck": 32}, "seats": 9}, "seats"),
        ({"type": "blind-date", "options": {"deck": 72}, "seats": 5}, "seats"),
        ({"type": "blind-date", "options": {"deck": 52}}, "options.deck"),
        ({"type": "blind-date", "options": {"dealer": "winner"}}, "options.dealer"),
        ({"type": "blind-date", "seats": 13}, "seats"),
        ({"type": "old-maid", "options": {"colour": "red"}}, "options.colour"),
        ({"type": "old-maid", "options": []}, "options"),
        ({"type": "old-maid", "visibility": "secret"}, "visibility"),
        ({"type": "old-maid", "seed": -1}, "seed"),
        ({"type": "old-maid", "seed": 1.5}, "seed"),
        ({"type": "old-maid", "turn_seconds": 0}, "turn_seconds"),
        ({"type": "old-maid", "think_seconds": -1}, "think_seconds"),
        ({"type": "old-maid", "think_seconds": 31}, "think_seconds"),
        ({"type": "old-maid", "think_seconds": True}, "think_seconds"),
        ({"type": "old-maid", "think_seconds": "1"}, "think_seconds"),
        ({"type": "old-maid", "unknown": 1}, "unknown"),
        ({}, "type"),
    ],
)
def test_invalid_tables_are_refused_naming_the_field(client, body, field):
    answer = assert_problem(client.post("/v1/games", json=body), 422, "validation_error")
    assert field in answer["errors"], answer["errors"]
    assert client.get("/v1/games").json["games"] == []


@pytest.mark.parametrize("query", ["after=-1", "after=x", "limit=0", "limit=501", "limit=1.5"])
def test_invalid_event_queries(table, query):
    answer = table.client.get(f"/v1/games/{table.id}/events?{query}")
    assert_problem(answer, 422, "validation_error")


@pytest.mark.parametrize(
    "query", ["cursor=%%%", "cursor=bm90IGEgY3Vyc29y", "limit=0", "status=lost"]
)
def test_invalid_lobby_queries(client, query):
    assert_problem(client.get(f"/v1/games?{query}"), 422, "validation_error")


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"name": ""},
        {"name": "x" * 41},
        {"name": 5},
        {"name": "a\x00b"},
        {"name": "x", "code": "\x00"},
        {"name": "x", "bot": "random"},
    ],
)
def test_invalid_joins(client, body):
    table = Table.create(client, players=0, seats=2, deal=False)
    assert_problem(client.post(f"/v1/games/{table.id}/players", json=body), 422, "validation_error")


def test_an_unforeseen_failure_is_a_problem_without_internals(app, client, monkeypatch):
    from service.table import render

    def explode(_game):
        raise RuntimeError("secret internals")

    table = Table.create(client, players=2, deal=False)
    monkeypatch.setattr(render, "summary", explode)
    monkeypatch.setitem(app.config, "PROPAGATE_EXCEPTIONS", False)
    answer = table.summary()
    body = assert_problem(answer, 500, "internal_error")
    assert "secret internals" not in answer.get_data(as_text=True)
    assert body["title"] == "Internal error"


def test_an_oversized_body_is_refused(client):
    answer = client.post("/v1/games", json={"type": "old-maid", "pad": "x" * 70_000})
    assert_problem(answer, 413, "payload_too_large")


def test_invalid_fill_with_bots(client):
    table = Table.create(client, players=1, seats=3, deal=False)
    answer = client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "genius"}, headers=bearer(table.host)
    )
    assert_problem(answer, 422, "validation_error")
    assert table.summary().json["status"] == "waiting"


def test_leaving_needs_a_seat_token(client):
    table = Table.create(client, players=2, deal=False)
    assert_problem(client.post(f"/v1/games/{table.id}/leave"), 401, "unauthorized")
    answer = client.post(f"/v1/games/{table.id}/leave", headers=bearer(table.host))
    assert_problem(answer, 403, "forbidden")
    assert len(table.summary().json["seats"]) == 2
