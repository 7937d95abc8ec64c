"""Computer players at the table: added by the host or at the deal, moving through the
same path as humans, and appearing in the log like them."""

from service.engine import GAMES
from service.table import rules

from .table import Table, bearer


def test_a_human_and_three_basic_bots_play_old_maid_to_the_end(client):
    table = Table.create(client, players=1, seats=4, deal=False, seed=11, think_seconds=0)
    for _ in range(3):
        added = client.post(
            f"/v1/games/{table.id}/players", json={"bot": "basic"}, headers=bearer(table.host)
        )
        assert added.status_code == 201 and added.json["token"] is None
    table.deal()
    human_moves = 0
    while table.summary().json["status"] == "playing":
        view = table.view(0).json
        assert view["legal_moves"], "the bots never leave the human waiting"
        table.move(0, view["legal_moves"][0])
        human_moves += 1
    summary = table.summary().json
    assert summary["status"] == "round_over"
    assert [seat["bot"] for seat in summary["seats"]] == [None, "basic", "basic", "basic"]
    log = table.events(0).json["events"]
    takes = [event for event in log if event["type"] == "take"]
    assert sum(event["seat"] == 0 for event in takes) == human_moves
    assert {event["seat"] for event in takes} - {0}, "the bots took cards too"
    offers = [event for event in log if event["type"] in ("offer", "take")]
    for offer, take in zip(offers[::2], offers[1::2], strict=False):
        assert (offer["type"], take["type"]) == ("offer", "take")
        assert take["seat"] == offer["seat"], "each take is by the seat that was offered"


def test_fill_with_bots_at_the_deal(client):
    table = Table.create(client, players=1, seats=3, deal=False, think_seconds=0)
    dealt = client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "random"}, headers=bearer(table.host)
    )
    assert dealt.status_code == 200
    assert [seat["bot"] for seat in dealt.json["seats"]] == [None, "random", "random"]
    assert dealt.json["turn"] == 0 or dealt.json["status"] == "round_over"


def test_only_the_host_adds_bots(client):
    table = Table.create(client, players=1, seats=3, deal=False)
    for headers in ({}, bearer(table.tokens[0])):
        refused = client.post(
            f"/v1/games/{table.id}/players", json={"bot": "basic"}, headers=headers
        )
        assert refused.status_code == 403
    unknown = client.post(
        f"/v1/games/{table.id}/players", json={"bot": "genius"}, headers=bearer(table.host)
    )
    assert unknown.status_code == 422


def test_bots_with_thinking_time_wait_for_their_time(client, still_clock):
    moment = still_clock
    table = Table.create(client, players=0, seats=2, deal=False, think_seconds=5)
    client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "random"}, headers=bearer(table.host)
    )
    version = table.summary().json["version"]
    assert table.summary().json["version"] == version, "nothing is due yet"
    from datetime import timedelta

    moment[0] += timedelta(seconds=5)
    assert table.summary().json["version"] == version + 1, "one bot move was due"
    moment[0] += timedelta(seconds=60)
    assert table.summary().json["version"] >= version + 2, "the rest was due too"


def bots_only(client, type="old-maid", seats=4, **body):
    table = Table.create(
        client, players=0, seats=seats, deal=False, think_seconds=0, type=type, **body
    )
    table.deal_with_bots = lambda: client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "random"}, headers=bearer(table.host)
    )
    return table


def test_a_request_applies_a_bounded_number_of_automatic_moves(client, monkeypatch):
    """A table of bots without thinking time: the deal answers after a few of their
    moves; the rest stays due, for the worker or the next request (a read, too)."""
    monkeypatch.setattr(rules, "AUTOMATIC_MOVES", 3)
    table = bots_only(client, seed=21)
    assert table.deal_with_bots().status_code == 200
    takes = [e for e in table.events().json["events"] if e["type"] == "take"]
    assert len(takes) == 3 + 3, "three at the deal, three more at this read"
    assert table.summary().json["status"] == "playing"


def test_a_runaway_round_is_abandoned_at_the_move_limit(client, monkeypatch):
    monkeypatch.setattr(GAMES["old-maid"], "moves_per_round", 5)
    table = bots_only(client, seed=22)
    first = table.deal_with_bots().json
    while table.summary().json["status"] == "playing":
        pass
    log = table.events().json["events"]
    assert [e["type"] for e in log].count("take") == 5
    assert log[-1]["type"] == "round_abandoned" and log[-1]["data"] == {"ended": "move_limit"}
    summary = table.summary().json
    assert summary["status"] == "round_over"
    assert all(seat["rounds_won"] == seat["rounds_lost"] == 0 for seat in summary["seats"])
    second = table.deal()
    assert second["round"] == 2
    assert second["dealer"] == (first["dealer"] + 1) % 4, "an abandoned round: the deal moves left"


def test_an_abandoned_round_scores_nothing_in_a_scored_match(client, monkeypatch):
    monkeypatch.setattr(GAMES["crazy-eights"], "moves_per_round", 4)
    table = bots_only(client, type="crazy-eights", seats=2, seed=23)
    table.deal_with_bots()
    while table.summary().json["status"] == "playing":
        pass
    summary = table.summary().json
    assert summary["status"] == "round_over", "a score of 0 decides no match"
    assert [seat["score"] for seat in summary["seats"]] == [0, 0]
