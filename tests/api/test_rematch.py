"""Playing a finished match again: ``POST /v1/games/{id}/rematch`` seats the caller at a
table like the finished one (the first call makes it, and hosts it), where the bots sit
at their seats and every other person's seat is held for them; the finished game names
it in its summary and in its log."""

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from service.store.models import Game, RateCounter
from service.table import rules

from .table import Table, bearer

SAME = ("type", "options", "max_seats", "turn_seconds", "think_seconds")


def finished(client, **body):
    """A private table of Old Maid: a bot at seat 0 (added first), Ada at 1, Bea at 2;
    dealt, then ended by the host. ``tokens``: Ada's, then Bea's."""
    table = Table.create(
        client, players=0, seats=3, deal=False, visibility="private", turn_seconds=30, **body
    )
    add_bot(client, table, "random")
    table.join("Ada")
    table.join("Bea")
    table.deal()
    table.end()
    return table


def add_bot(client, table, level):
    added = client.post(
        f"/v1/games/{table.id}/players",
        json={"bot": level, **({"code": table.code} if table.code else {})},
        headers=bearer(table.host),
    )
    assert added.status_code == 201, added.json


def rematch(client, table, player=None, token=None):
    """``player``: the index of a token of ``table`` (Ada 0, Bea 1 at ``finished``)."""
    headers = bearer(token or table.tokens[player]) if (player is not None or token) else {}
    return client.post(f"/v1/games/{table.id}/rematch", headers=headers)


def seats(summary):
    return [(s["seat"], s["name"], s["bot"], s["held_until"] is not None) for s in summary["seats"]]


def test_the_first_call_makes_the_table_and_seats_the_caller_where_she_sat(client):
    table = finished(client, think_seconds=0.25)

    first = rematch(client, table, 0)

    assert first.status_code == 201, first.json
    assert first.headers["Location"].endswith(f"/v1/games/{first.json['id']}")
    assert first.json["host_token"] and first.json["code"]
    assert first.json["seat"] == 1
    old = table.summary().json
    new = client.get(f"/v1/games/{first.json['id']}").json
    assert old["next_game_id"] == first.json["id"] != table.id
    assert new["next_game_id"] is None
    assert {key: new[key] for key in SAME} == {key: old[key] for key in SAME}
    assert new["visibility"] == "private"  # people other than the caller sat there
    assert new["status"] == "waiting"
    assert seats(new) == [(0, "Otto", "random", False), (1, "Ada", None, False)] + [
        (2, "Bea", None, True)
    ]
    seen = client.get(f"/v1/games/{new['id']}/view", headers=bearer(first.json["token"]))
    assert seen.json["seat"] == 1


def test_later_calls_sit_down_at_the_same_table_each_with_one_token(client):
    table = finished(client)
    first = rematch(client, table, 0).json

    bea = rematch(client, table, 1)
    bea_again = rematch(client, table, 1)
    ada_again = rematch(client, table, 0)

    for later in (bea, bea_again, ada_again):
        assert later.status_code == 200, later.json
        assert later.json["id"] == first["id"]
    for friend in (bea, bea_again):
        assert "host_token" not in friend.json and friend.json["code"] is None
    hosting = (ada_again.json["host_token"], ada_again.json["code"])
    assert hosting == (first["host_token"], first["code"]), "a lost first answer is given again"
    assert (bea.json["seat"], bea_again.json["seat"], ada_again.json["seat"]) == (2, 2, 1)
    assert bea.json["token"] == bea_again.json["token"] != first["token"]
    assert ada_again.json["token"] == first["token"]
    new = Table(client, first["id"], first["host_token"], [first["token"], bea.json["token"]])
    assert seats(new.summary().json)[1:] == [(1, "Ada", None, False), (2, "Bea", None, False)]
    assert new.deal()["status"] == "playing"
    assert new.view(1).json["seat"] == 2
    old_token = client.get(f"/v1/games/{new.id}/view", headers=bearer(table.tokens[1]))
    assert old_token.status_code == 401, "a token is its own game's"


def test_the_finished_games_summary_and_log_name_the_new_table(client):
    table = finished(client)
    before = table.summary()
    last_seq = before.json["version"] and table.events().json["last_seq"]

    made = rematch(client, table, 1).json

    after = client.get(f"/v1/games/{table.id}", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200, "the summary changed, so its ETag did"
    assert after.json["next_game_id"] == made["id"]
    assert after.headers["ETag"] != before.headers["ETag"]
    (event,) = table.events(0, after=last_seq).json["events"]
    assert (event["type"], event["seat"], event["data"]) == ("rematch", 2, {"game_id": made["id"]})
    spectator = client.get(f"/v1/games/{table.id}/events?after={last_seq}").json["events"]
    assert [e["data"] for e in spectator] == [{"game_id": made["id"]}]
    rematch(client, table, 0)
    assert table.events(0, after=last_seq).json["last_seq"] == last_seq + 1, "named once"


def test_bots_after_a_person_sit_at_their_seats_at_once(client):
    table = Table.create(client, players=0, seats=4, deal=False, visibility="private")
    table.join("Ada")
    add_bot(client, table, "basic")
    add_bot(client, table, "random")
    table.join("Bea")
    table.deal()
    table.end()

    made = rematch(client, table, 1).json

    assert seats(made) == [
        (0, "Ada", None, True),
        (1, "Otto", "basic", False),
        (2, "Ella", "random", False),
        (3, "Bea", None, False),
    ]


def test_a_held_seat_is_nobody_elses_until_its_time_passes(client, still_clock):
    table = finished(client)
    made = rematch(client, table, 0).json
    join_by_code = {"code": made["code"], "name": "Stranger"}

    full = client.post("/v1/tables/join", json=join_by_code)
    assert (full.status_code, full.json["code"]) == (409, "table_full")

    still_clock[0] += rules.HOLD + timedelta(seconds=1)
    taken = client.post("/v1/tables/join", json=join_by_code)
    assert taken.status_code == 201 and taken.json["seat"] == 2
    late = rematch(client, table, 1)
    assert (late.status_code, late.json["code"]) == (409, "wrong_phase")


def test_a_late_friend_still_sits_down_when_nobody_wanted_the_seat(client, still_clock):
    table = finished(client)
    rematch(client, table, 0)
    still_clock[0] += rules.HOLD * 3
    assert rematch(client, table, 1).json["seat"] == 2


def test_the_first_deal_gives_up_the_seats_of_who_did_not_come(client):
    table = finished(client)
    made = rematch(client, table, 0).json

    dealt = client.post(
        f"/v1/games/{made['id']}/deal",
        json={"fill_with_bots": "basic"},
        headers=bearer(made["host_token"]),
    )

    assert dealt.status_code == 200, dealt.json
    assert [(s["name"], s["bot"]) for s in dealt.json["seats"]] == [
        ("Otto", "random"),
        ("Ada", None),
        ("Ella", "basic"),
    ]
    assert rematch(client, table, 1).status_code == 409


@pytest.mark.postgres
def test_the_new_table_is_never_seen_empty(app, client, monkeypatch):
    """Alone with bots, the rematch is public: a stranger who finds it at once finds
    its seats laid out (the table is made with them, in one transaction)."""
    table = Table.create(client, players=0, seats=3, deal=False)
    table.join("Ada")
    add_bot(client, table, "basic")
    table.deal()
    table.end()
    seen_by_others = []
    original = rules.sit_again

    def look_first(new, *args):
        with app.extensions["db_engine"].connect() as other:
            found = other.execute(text("SELECT seats FROM games WHERE id = :id"), {"id": new.id})
            seen_by_others.append(found.all())
        return original(new, *args)

    monkeypatch.setattr(rules, "sit_again", look_first)
    made = rematch(client, table, 0).json
    assert seen_by_others[0] == [], "not there before it is laid out"
    stranger = client.post(f"/v1/games/{made['id']}/players", json={"name": "Zed"})
    assert stranger.status_code == 201 and stranger.json["seat"] == 2
    assert rematch(client, table, 0).json["seat"] == 0


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
    assert [(s["seat"], s["bot"]) for s in made["seats"]] == [(0, "basic"), (1, "basic"), (2, None)]


def test_nothing_leaks(client):
    table = finished(client, seed="12345")
    answers = [rematch(client, table, 0), rematch(client, table, 1)]
    new_id = answers[0].json["id"]
    new_view = client.get(f"/v1/games/{new_id}/view").json
    texts = [json.dumps(answer.json) for answer in answers]

    for text_ in texts:
        assert '"hand"' not in text_ and "token_hash" not in text_
        assert "12345" not in text_  # the finished game's seed
    assert answers[0].json["token"] not in texts[1] and answers[1].json["token"] not in texts[0]
    assert "host_token" not in texts[1]
    assert new_view["status"] == "waiting"
    assert client.get(f"/v1/games/{new_id}").json["seeded"] is False


@pytest.mark.postgres
def test_rematches_asked_at_once_make_one_table_and_keep_no_code(app, client, still_clock):
    table = finished(client)
    racers = 16

    def ask(n):
        return rematch(app.test_client(), table, n % 2)

    with ThreadPoolExecutor(racers) as pool:
        answers = list(pool.map(ask, range(racers)))

    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] * (racers - 1) + [201], [a.json for a in answers]
    made = next(answer.json for answer in answers if answer.status_code == 201)
    assert {answer.json["id"] for answer in answers} == {made["id"]}
    assert table.summary().json["next_game_id"] == made["id"]
    with Session(app.extensions["db_engine"]) as session:
        assert session.scalar(select(text("count(*)")).select_from(Game)) == 2
        rows = session.execute(text("SELECT * FROM games")).all()
        rows += session.execute(text("SELECT * FROM join_codes")).all()
        creations = session.scalars(
            select(RateCounter.count).where(RateCounter.action == "create")
        ).all()
    assert made["code"] not in json.dumps([list(map(str, row)) for row in rows])
    assert creations == [2], "the finished table and one rematch, counted once"
