"""A whole match of Spoons in process: six seats with three lives, three humans and three
basic bots, played to the end. The last two in are co-winners, every round names one
loser, P-I-G spells the lives lost, and a seat's event stream is its events page."""

import random
from collections import Counter

from service import verify
from tests.push.spoons_bench import Player

from .table import Table, bearer
from .test_stream import read_stream

SEATS = 6
HUMANS = 3
LIVES = 3
PIG = "PIG"
ROUNDS_AT_MOST = (SEATS - 2) * LIVES + 2 * (LIVES - 1)  # four out, two left with a life
REQUESTS_PER_ROUND = 3_000  # a round that takes more does not end


def whole_log(table, seat=None):
    events = []
    while True:
        after = events[-1]["seq"] if events else 0
        page = table.events(seat, after=after).json
        events += page["events"]
        if not page["events"] or events[-1]["seq"] >= page["last_seq"]:
            return events


def play_round(table, players):
    """The humans play like the threads of the concurrency test, one after another; the
    bots (no thinking time) answer within each request."""
    for _ in range(REQUESTS_PER_ROUND):
        moved = False
        for seat, player in enumerate(players):
            view = table.view(seat).json
            if view["status"] != "playing":
                return
            if view["legal_moves"]:
                answer = table.move(seat, player.choose(view))
                assert answer.status_code == 201, answer.json
                moved = True
        if not moved and table.summary().json["status"] != "playing":
            return  # the humans had nothing to do (out, or signalled) and the bots ended it
    raise AssertionError("the round did not end")


def test_a_match_of_three_humans_and_three_bots_ends_with_two_co_winners(client):
    table = Table.create(
        client,
        type="spoons",
        options={"lives": LIVES},
        players=HUMANS,
        seats=SEATS,
        deal=False,
        think_seconds=0,
        seed=4004,
    )
    for _ in range(SEATS - HUMANS):
        added = client.post(
            f"/v1/games/{table.id}/players", json={"bot": "basic"}, headers=bearer(table.host)
        )
        assert added.status_code == 201
    rng = random.Random(4004)
    lost = Counter()
    for round_ in range(1, ROUNDS_AT_MOST + 1):
        dealt = table.deal()
        assert dealt["round"] == round_
        # the bots answer within the deal itself: the answer may show the round over
        in_play = [seat for seat in range(SEATS) if lost[seat] < LIVES]
        play_round(table, [Player(random.Random(rng.random())) for _ in range(HUMANS)])
        summary = table.summary().json
        (over,) = [
            event
            for event in whole_log(table)
            if event["round"] == round_ and event["type"] == "round_over"
        ]
        loser = over["data"]["loser"]
        assert loser in in_play
        lost[loser] += 1
        lives = [LIVES - lost[seat] for seat in range(SEATS)]
        assert over["data"]["lives"] == lives
        assert sorted([*over["data"]["signals"], loser]) == in_play
        for seat in summary["seats"]:
            assert seat["lives"] == lives[seat["seat"]]
            assert seat["out"] == (lives[seat["seat"]] == 0)
            assert seat["pig"] == PIG[: lost[seat["seat"]]], "a letter for each life lost"
            assert seat["rounds_lost"] == lost[seat["seat"]]
        if summary["status"] == "finished":
            break
        assert summary["status"] == "round_over"
    else:
        raise AssertionError(f"the match did not end in {ROUNDS_AT_MOST} rounds")

    rounds = round_
    summary = table.summary().json
    co_winners = [seat["seat"] for seat in summary["seats"] if seat["lives"]]
    assert len(co_winners) == 2
    assert [seat["seat"] for seat in summary["seats"] if seat["out"]] == [
        seat for seat in range(SEATS) if seat not in co_winners
    ]
    assert (
        sum(lost.values()) == rounds == (SEATS - 2) * LIVES + sum(lost[seat] for seat in co_winners)
    )
    assert [seat["bot"] for seat in summary["seats"]] == [None] * HUMANS + ["basic"] * (
        SEATS - HUMANS
    )

    log = whole_log(table)
    assert [event["seq"] for event in log] == list(range(1, len(log) + 1))
    game_over = log[-1]
    assert game_over["type"] == "game_over"
    assert game_over["data"]["reason"] == "target_reached"
    standings = game_over["data"]["standings"]
    assert [entry["seat"] for entry in standings if entry["rounds_lost"] < LIVES] == co_winners
    assert all(entry["rounds_lost"] == lost[entry["seat"]] for entry in standings)
    overs = [event for event in log if event["type"] == "round_over"]
    assert [event["round"] for event in overs] == list(range(1, rounds + 1))
    assert all(isinstance(event["data"]["loser"], int) for event in overs)
    moves = Counter((event["seat"] < HUMANS, event["by"]) for event in log if event["by"])
    assert set(moves) == {(True, "player"), (False, "bot")}, "humans and bots both moved"
    assert verify.verify(summary, log) == [], "the public record re-derives the match"

    seat = 1
    events, others = read_stream(client, table.id, bearer(table.tokens[seat]))
    assert events == whole_log(table, seat)
    assert others[-1]["event"] == "end"
