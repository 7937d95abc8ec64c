"""Playing a finished match again: ``POST /v1/games/{id}/rematch`` makes one table like
the finished one (the first call, which hosts it) and gives every later caller the same
one; the finished game's summary names it."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from .table import Table, bearer

SAME = ("type", "options", "max_seats", "turn_seconds", "think_seconds")


def finished(client, **body):
    """A private table of Old Maid: a bot at seat 0 (added first), Ada at 1, Bea at 2;
    dealt, then ended by the host."""
    table = Table.create(
        client, players=0, seats=3, deal=False, visibility="private", turn_seconds=30, **body
    )
    added = client.post(
        f"/v1/games/{table.id}/players",
        json={"bot": "random", "code": table.code},
        headers=bearer(table.host),
    )
    assert added.status_code == 201, added.json
    table.join("Ada")
    table.join("Bea")
    table.deal()
    table.end()
    return table


def rematch(client, table, seat=None, token=None):
    headers = bearer(token or table.tokens[seat]) if (seat is not None or token) else {}
    return client.post(f"/v1/games/{table.id}/rematch", headers=headers)


def test_the_first_call_makes_the_table_and_later_ones_get_it(client):
    table = finished(client, think_seconds=0.25)

    first = rematch(client, table, 0)
    again = rematch(client, table, 1)
    once_more = rematch(client, table, 0)

    assert first.status_code == 201, first.json
    assert first.headers["Location"].endswith(f"/v1/games/{first.json['id']}")
    assert first.json["host_token"] and first.json["code"]
    assert first.json["id"] != table.id
    for later in (again, once_more):
        assert later.status_code == 200, later.json
        assert later.json["id"] == first.json["id"]
        assert "host_token" not in later.json
        assert later.json["code"] == first.json["code"]
    old = table.summary().json
    new = client.get(f"/v1/games/{first.json['id']}").json
    assert old["next_game_id"] == first.json["id"]
    assert new["next_game_id"] is None
    assert {key: new[key] for key in SAME} == {key: old[key] for key in SAME}
    assert new["visibility"] == "private"  # people other than the caller sat there
    assert new["status"] == "waiting"
    assert [(s["seat"], s["bot"]) for s in new["seats"]] == [(0, "random")]
    assert first.json["bots_to_add"] == again.json["bots_to_add"] == []


def test_bots_after_a_person_are_named_for_the_host_to_add_at_their_seats(client):
    table = Table.create(client, players=0, seats=4, deal=False, visibility="private")
    table.join("Ada")
    for level in ("basic", "random"):
        added = client.post(
            f"/v1/games/{table.id}/players",
            json={"bot": level, "code": table.code},
            headers=bearer(table.host),
        )
        assert added.status_code == 201
    table.join("Bea")
    table.deal()
    table.end()

    made = rematch(client, table, 1).json
    again = rematch(client, table, 0).json

    assert made["seats"] == []
    wanted = [{"seat": 1, "bot": "basic"}, {"seat": 2, "bot": "random"}]
    assert made["bots_to_add"] == again["bots_to_add"] == wanted
    new = Table(client, made["id"], made["host_token"], code=made["code"])
    assert new.join("Ada") == 0
    for bot in made["bots_to_add"]:
        added = client.post(
            f"/v1/games/{new.id}/players",
            json={"bot": bot["bot"], "code": new.code},
            headers=bearer(new.host),
        )
        assert added.json["seat"] == bot["seat"]
    assert new.join("Bea") == 3


def test_everyone_joins_the_new_table_with_its_code(client):
    table = finished(client)
    made = rematch(client, table, 1).json
    got = rematch(client, table, 0).json
    new = Table(client, made["id"], made["host_token"], code=got["code"])

    assert [new.join("Bea"), new.join("Ada")] == [1, 2]
    assert new.deal()["status"] == "playing"


def test_a_summary_says_null_until_someone_asks(client):
    table = finished(client)
    assert table.summary().json["next_game_id"] is None
    created = client.post("/v1/games", json={"type": "old-maid", "seats": 2}).json
    assert created["next_game_id"] is None


def test_a_match_still_playing_is_refused(client):
    table = Table.create(client, players=2, seats=2, visibility="private")

    answer = rematch(client, table, 0)

    assert answer.status_code == 409
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert answer.json["code"] == "wrong_phase"
    assert table.summary().json["next_game_id"] is None


def test_only_a_seat_may_ask(client):
    table = finished(client)

    nobody = rematch(client, table)
    stranger = rematch(client, table, token="not-a-token-of-this-game")
    host = rematch(client, table, token=table.host)  # holds no seat
    unknown = client.post(
        "/v1/games/00000000-0000-4000-8000-000000000000/rematch", headers=bearer(table.tokens[0])
    )

    assert (nobody.status_code, nobody.json["code"]) == (401, "unauthorized")
    assert stranger.status_code == 401
    assert (host.status_code, host.json["code"]) == (403, "forbidden")
    assert (unknown.status_code, unknown.json["code"]) == (404, "not_found")
    assert table.summary().json["next_game_id"] is None


def test_alone_with_bots_the_table_keeps_its_visibility(client):
    table = Table.create(client, players=0, seats=3, deal=False)
    for _ in range(2):
        added = client.post(
            f"/v1/games/{table.id}/players", json={"bot": "basic"}, headers=bearer(table.host)
        )
        assert added.status_code == 201
    table.join("Ada")
    table.deal()
    table.end()

    made = rematch(client, table, 0).json

    assert (made["visibility"], made["code"]) == ("public", None)
    assert [(s["seat"], s["bot"]) for s in made["seats"]] == [(0, "basic"), (1, "basic")]


def test_nothing_leaks(client):
    table = finished(client, seed="12345")
    answers = [rematch(client, table, 0), rematch(client, table, 1)]
    new_id = answers[0].json["id"]
    new_view = client.get(f"/v1/games/{new_id}/view").json
    texts = [json.dumps(answer.json) for answer in answers]

    for text in texts:
        assert '"hand"' not in text and "token_hash" not in text
        assert "12345" not in text  # the finished game's seed
        assert "next_game_code" not in text
    assert "host_token" not in texts[1]
    assert "next_game_code" not in json.dumps(table.summary().json)
    assert new_view["status"] == "waiting"
    assert client.get(f"/v1/games/{new_id}").json["seeded"] is False


@pytest.mark.postgres
def test_rematches_asked_at_once_end_with_one_table(app, client):
    table = finished(client)
    racers = 6

    def ask(n):
        return rematch(app.test_client(), table, n % 2)

    with ThreadPoolExecutor(racers) as pool:
        answers = list(pool.map(ask, range(racers)))

    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] * (racers - 1) + [201], [a.json for a in answers]
    assert len({answer.json["id"] for answer in answers}) == 1
    assert sum("host_token" in answer.json for answer in answers) == 1
    assert table.summary().json["next_game_id"] == answers[0].json["id"]
