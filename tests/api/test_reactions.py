"""Reactions: a seat sends one of a fixed set (``POST /v1/games/{id}/reactions``), and
everyone at the table sees it in the log; a few a seat at a time, in any phase."""

from datetime import timedelta

from service.engine import REACTIONS
from service.table import rules

from .table import Table, bearer
from .test_errors import assert_problem


def react(client, table, player, reaction="thumbs_up"):
    return client.post(
        f"/v1/games/{table.id}/reactions",
        json={"reaction": reaction},
        headers=bearer(table.tokens[player]),
    )


def test_a_reaction_is_an_event_everyone_sees(client):
    table = Table.create(client, players=2, seats=2)
    before = table.events().json["last_seq"]

    sent = react(client, table, 1, "well_played")

    assert sent.status_code == 201, sent.json
    assert (sent.json["type"], sent.json["seat"]) == ("reaction", 1)
    assert sent.json["data"] == {"reaction": "well_played"}
    for seat in (None, 0, 1):
        (seen,) = table.events(seat, after=before).json["events"]
        assert seen == sent.json


def test_reactions_change_nothing_of_the_game(client):
    table = Table.create(client, players=2, seats=2)
    view = table.view(0).json
    summary = table.summary()

    react(client, table, 1)

    again = table.view(0).json
    assert again["legal_moves"] == view["legal_moves"] and again["version"] == view["version"]
    assert again["hand"] == view["hand"] and again["to_act"] == view["to_act"]
    etag = {"If-None-Match": summary.headers["ETag"]}
    assert client.get(f"/v1/games/{table.id}", headers=etag).status_code == 304
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    played = table.move(seat, move, **{"If-Match": str(view["version"])})
    assert played.status_code == 201, "a reaction is not the game moving on"


def test_a_seat_reacts_at_most_three_times_in_ten_seconds(client, still_clock):
    table = Table.create(client, players=2, seats=2)
    for reaction in REACTIONS[: rules.REACTIONS_PER_WINDOW]:
        assert react(client, table, 0, reaction).status_code == 201
    last_seq = table.events().json["last_seq"]

    refused = react(client, table, 0)
    other_seat = react(client, table, 1)

    assert_problem(refused, 429, "too_many_requests")
    assert 1 <= int(refused.headers["Retry-After"]) <= rules.REACTION_WINDOW.seconds
    assert other_seat.status_code == 201, "the limit is per seat"
    assert table.events().json["last_seq"] == last_seq + 1
    still_clock[0] += rules.REACTION_WINDOW + timedelta(seconds=1)
    assert react(client, table, 0).status_code == 201


def test_after_the_match_players_still_react(client):
    table = Table.create(client, players=2, seats=2)
    table.end()
    assert react(client, table, 0, "good_game").status_code == 201


def test_only_a_seat_reacts_and_only_from_the_set(client):
    table = Table.create(client, players=2, seats=2)
    url = f"/v1/games/{table.id}/reactions"
    last_seq = table.events().json["last_seq"]

    assert_problem(client.post(url, json={"reaction": "wow"}), 401, "unauthorized")
    host = client.post(url, json={"reaction": "wow"}, headers=bearer(table.host))
    assert_problem(host, 403, "forbidden")
    free_text = client.post(url, json={"reaction": "you lose"}, headers=bearer(table.tokens[0]))
    assert_problem(free_text, 422, "validation_error")
    extra = {"reaction": "wow", "text": "hi"}
    assert_problem(
        client.post(url, json=extra, headers=bearer(table.tokens[0])), 422, "validation_error"
    )
    assert table.events().json["last_seq"] == last_seq
