"""The lobby's doors: leaving a table, and guessing join codes slowly."""

from datetime import timedelta

from service.store import limits

from .table import Table, bearer


def test_leaving_a_waiting_table_frees_the_seat_and_later_seats_move_up(client):
    table = Table.create(client, players=3, seats=4, deal=False)
    left = client.post(f"/v1/games/{table.id}/leave", headers=bearer(table.tokens[0]))
    assert left.status_code == 200
    assert [(s["seat"], s["name"]) for s in left.json["seats"]] == [
        (0, "player 1"),
        (1, "player 2"),
    ]
    # the tokens still name their players, now one seat up
    assert table.view(1).json["seat"] == 0
    assert (
        client.get(f"/v1/games/{table.id}/view", headers=bearer(table.tokens[0])).status_code == 401
    )
    assert table.join("newcomer") == 2


def test_a_player_who_leaves_a_running_game_is_replaced_by_a_bot(client):
    table = Table.create(client, players=3, seed=4, think_seconds=0)
    leaver = table.turn()
    left = client.post(f"/v1/games/{table.id}/leave", headers=bearer(table.tokens[leaver]))
    assert left.status_code == 200
    assert left.json["seats"][leaver]["bot"] == "basic"
    assert left.json["turn"] != leaver, "the bot moved at once"
    events = table.events().json["events"]
    assert any(e["type"] == "left" and e["seat"] == leaver for e in events)
    gone = client.get(f"/v1/games/{table.id}/view", headers=bearer(table.tokens[leaver]))
    assert gone.status_code == 401
    table.play_round()  # the humans play on; the bot takes its turns by itself
    assert table.summary().json["status"] == "round_over"


def wrong_codes(count):
    """Distinct codes that name no table (the alphabet's 2 and 3 only: no random code is
    likely to be one of them)."""
    return [f"{n:08b}".replace("0", "2").replace("1", "3") for n in range(count)]


def test_wrong_codes_are_rate_limited_per_client(client, still_clock):
    now = still_clock
    created = client.post(
        "/v1/games", json={"type": "old-maid", "seats": 4, "visibility": "private"}
    )
    code = created.json["code"]
    *tried, eleventh, twelfth = wrong_codes(limits.CODES_PER_MINUTE + 2)
    for wrong in tried:
        joined = client.post("/v1/tables/join", json={"code": wrong, "name": "x"})
        assert joined.status_code == 403
    again = client.post("/v1/tables/join", json={"code": tried[0], "name": "x"})
    assert again.status_code == 403, "a code tried already is not a new guess"
    right = client.post("/v1/tables/join", json={"code": code, "name": "x"})
    assert right.status_code == 201, "a right code seats after 10 wrong ones"
    assert client.post("/v1/tables/join", json={"code": eleventh, "name": "x"}).status_code == 403
    refused = client.post("/v1/tables/join", json={"code": twelfth, "name": "x"})
    assert refused.status_code == 429 and refused.json["code"] == "too_many_requests"
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    other_client = client.post(
        "/v1/tables/join",
        json={"code": twelfth, "name": "y"},
        environ_base={"REMOTE_ADDR": "10.9.9.9"},
    )
    assert other_client.status_code == 403, "the limit is per client"
    now[0] += limits.WINDOW + timedelta(seconds=1)
    assert client.post("/v1/tables/join", json={"code": twelfth, "name": "x"}).status_code == 403


def test_a_wrong_code_at_a_private_tables_own_address_counts_too(client, still_clock):
    created = client.post(
        "/v1/games", json={"type": "old-maid", "seats": 4, "visibility": "private"}
    )
    url = f"/v1/games/{created.json['id']}/players"
    for wrong in wrong_codes(limits.CODES_PER_MINUTE + 1):
        assert client.post(url, json={"name": "x", "code": wrong}).status_code == 403
    refused = client.post("/v1/tables/join", json={"code": "ZZZZ2222", "name": "x"})
    assert refused.status_code == 429
    right = client.post(url, json={"name": "x", "code": created.json["code"]})
    assert right.status_code == 429, "past the limit, no new code is looked up"
