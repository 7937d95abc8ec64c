"""Spoons through real HTTP: gunicorn with several gevent workers on PostgreSQL, the six
seats of a table each playing in a thread of its own at once, round after round. The row
lock queues their moves: none is refused unless it really depended on another (the round
ended meanwhile), none is lost or applied twice, the cards are conserved and every round
has exactly one loser.

Run with ``-s`` to see the figures: moves accepted, refused by status and code, moves
accepted per second. ``python -m tests.push.spoons_bench`` measures 6 and 12 threads."""

import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.push.server import serve
from tests.push.spoons_bench import Http, Player, Post, SpoonsTable, play_round

pytestmark = pytest.mark.postgres

ROUNDS = 20
SEATS = 6
LIVES = 5  # the most: at least 20 rounds before 6 players are down to 2
WORKERS = 2
ROUND_SECONDS = 40  # a round that takes longer hangs
SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# The one refusal a seat cannot avoid: its move arrived after the round had ended.
UNAVOIDABLE = {(409, "wrong_phase")}


@dataclass
class PlayedRound:
    round: int
    posts: list[Post]
    summary: dict[str, Any]  # the table as it was when the round was over


@dataclass
class PlayedTable:
    table: SpoonsTable
    rounds: list[PlayedRound] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)  # once finished: all revealed


def test_six_seats_playing_at_once_lose_nothing_and_are_refused_only_when_too_late(
    database_url, client
):
    with serve(database_url, workers=WORKERS) as server:
        try:
            tables, seconds, views = play(server.host, server.port)
        except BaseException:
            print(server.log()[-20_000:])
            raise
        server_log = server.log()
    posts = [post for table in tables for played in table.rounds for post in played.posts]
    accepted = [post for post in posts if post.status == 201]
    refused = Counter((post.status, post.code) for post in posts if post.status != 201)
    rounds = sum(len(table.rounds) for table in tables)
    print(
        f"\nspoons, {SEATS} seats, one thread each, {WORKERS} gunicorn workers: {rounds} rounds "
        f"on {len(tables)} table(s) in {seconds:.1f} s; {len(accepted)} moves accepted "
        f"= {len(accepted) / seconds:.0f} moves/s; {views} views read; refused: "
        + (", ".join(f"{n} x {s} {c}" for (s, c), n in sorted(refused.items())) or "none")
    )

    assert not [post for post in posts if post.status >= 500 or post.status == 0]
    assert "Traceback" not in server_log, server_log[-5_000:]
    assert set(refused) <= UNAVOIDABLE, f"legal moves refused: {refused}"
    assert rounds == ROUNDS
    for table in tables:
        check_table(table)


def play(host: str, port: int) -> tuple[list[PlayedTable], float, int]:
    """ROUNDS rounds, a new table whenever the match is over; the last one is ended by its
    host so that its log, too, reveals everything."""
    http = Http(host, port)
    rng = random.Random(2024)
    tables: list[PlayedTable] = []
    views = 0
    started = time.monotonic()
    while sum(len(table.rounds) for table in tables) < ROUNDS:
        if not tables or tables[-1].rounds[-1].summary["status"] == "finished":
            tables.append(PlayedTable(SpoonsTable.create(http, SEATS, LIVES)))
        current = tables[-1]
        dealt = current.table.deal(http)
        players = [Player(random.Random(rng.random())) for _ in range(SEATS)]
        runs = play_round(host, port, current.table, dealt["round"], players, ROUND_SECONDS)
        errors = [error for run in runs for error in run.errors]
        assert not errors, (errors, stuck(http, current.table, runs))
        views += sum(run.views for run in runs)
        posts = sorted((post for run in runs for post in run.posts), key=_first_seq)
        summary = current.table.summary(http)
        assert summary["status"] in ("round_over", "finished"), summary
        current.rounds.append(PlayedRound(dealt["round"], posts, summary))
    seconds = time.monotonic() - started
    if tables[-1].rounds[-1].summary["status"] != "finished":
        tables[-1].table.end(http)
    for table in tables:
        table.log = table.table.log(http)
    http.close()
    return tables, seconds, views


def stuck(http: Http, table: SpoonsTable, runs) -> dict[str, Any]:
    """What the seats see of a round that does not end, and what they were told."""
    refused = Counter(
        (post.seat, post.status, post.code)
        for run in runs
        for post in run.posts
        if post.status != 201
    )
    views = [http.call("GET", f"/games/{table.id}/view", token=token)[1] for token in table.tokens]
    return {"refused": refused, "last_posts": [run.posts[-3:] for run in runs], "views": views}


def _first_seq(post: Post) -> int:
    return post.events[0]["seq"] if post.events else 0


def check_table(played: PlayedTable) -> None:
    log = played.log
    assert [event["seq"] for event in log] == list(range(1, len(log) + 1))
    assert log[-1]["type"] == "game_over"
    seated = [event["seat"] for event in log if event["type"] == "joined"]
    assert seated == list(range(SEATS)) and log[SEATS - 1]["type"] == "joined", "seated first"
    by_round = defaultdict(list)
    for event in log[SEATS:]:
        if event["type"] != "game_over":
            by_round[event["round"]].append(event)
    assert sorted(by_round) == [played.round for played in played.rounds]
    lives = [LIVES] * SEATS
    for round_ in played.rounds:
        events = by_round[round_.round]
        check_moves_logged_once(round_, events)
        lives = check_one_loser(events, lives)
        check_cards_conserved(events, lives, round_.summary)


def check_moves_logged_once(played: PlayedRound, events: list[dict[str, Any]]) -> None:
    """Each accepted move is in the log exactly once, as its answer said; seat by seat,
    the log's moves by a player are the moves accepted, in the order they were sent."""
    by_seq = {event["seq"]: event for event in events}
    own_seqs = []
    for post in played.posts:
        if post.status != 201:
            continue
        own = [event for event in post.events if event["by"] == "player"]
        assert len(own) == 1, post
        (event,) = own
        assert (event["seat"], event["type"]) == (post.seat, post.move["type"]), post
        assert by_seq[event["seq"]]["by"] == "player"
        assert by_seq[event["seq"]]["type"] == event["type"]
        if post.move["type"] == "pass":
            assert by_seq[event["seq"]]["data"]["card"] == post.move["card"]
        own_seqs.append(event["seq"])
    assert len(own_seqs) == len(set(own_seqs)), "two answers name the same event"
    logged = [event["seq"] for event in events if event["by"] == "player"]
    assert sorted(own_seqs) == logged, "a move in the log that no answer accepted, or lost"
    for seat in range(SEATS):
        sent = [_as_logged(post.move) for post in played.posts if _accepted(post, seat)]
        moved = [
            (event["type"], event["data"].get("card") if event["type"] == "pass" else None)
            for event in events
            if event["by"] == "player" and event["seat"] == seat
        ]
        assert sent == moved, f"seat {seat}"
    counts = Counter((post.seat, post.move["type"]) for post in played.posts if post.status == 201)
    logged_counts = Counter(
        (event["seat"], event["type"]) for event in events if event["by"] == "player"
    )
    assert counts == logged_counts


def _accepted(post: Post, seat: int) -> bool:
    return post.status == 201 and post.seat == seat


def _as_logged(move: dict[str, Any]) -> tuple[str, str | None]:
    return move["type"], move.get("card")


def check_one_loser(events: list[dict[str, Any]], lives: list[int]) -> list[int]:
    """One ``round_over``, the round's last event: the one seat in play left when every
    other had signalled, in the order of the signal events. Returns the lives after."""
    overs = [event for event in events if event["type"] == "round_over"]
    assert len(overs) == 1, overs
    (over,) = overs
    assert events[-1] is over
    in_play = [seat for seat in range(SEATS) if lives[seat] > 0]
    signals = [event["seat"] for event in events if event["type"] == "signal"]
    assert over["data"]["signals"] == signals
    assert [event["data"]["order"] for event in events if event["type"] == "signal"] == list(
        range(1, len(signals) + 1)
    )
    loser = over["data"]["loser"]
    assert sorted([*signals, loser]) == in_play
    after = [n - (seat == loser) for seat, n in enumerate(lives)]
    assert over["data"]["lives"] == after
    return after


def check_cards_conserved(
    events: list[dict[str, Any]], lives: list[int], summary: dict[str, Any]
) -> None:
    """Replays the round from its log (finished: every card shown): each pass leaves the
    passer's four and lands at the back of the next seat in play's pile, each pick takes
    the front of the picker's own pile; at the end the hands and piles hold the deck of
    the round exactly, as many in each as the table said when the round was over."""
    deal = events[0]
    assert deal["type"] == "deal"
    in_play = [seat for seat in range(SEATS) if deal["data"]["counts"][seat]]
    hands = {
        event["seat"]: list(event["data"]["hand"]) for event in events if event["type"] == "hand"
    }
    piles: dict[int, list[str]] = {seat: [] for seat in range(SEATS)}
    deck = Counter(rank + suit for rank in RANKS[: len(in_play)] for suit in SUITS)
    assert Counter(card for hand in hands.values() for card in hand) == deck
    first_signal = True
    for event in events:
        seat = event["seat"]
        if event["type"] == "pass":
            assert len(hands[seat]) == 4, event
            hands[seat].remove(event["data"]["card"])
            to_seat = event["data"]["to_seat"]
            assert to_seat == min((s for s in in_play if s > seat), default=in_play[0])
            piles[to_seat].append(event["data"]["card"])
            assert event["data"]["pile"] == len(piles[to_seat])
        elif event["type"] == "pick":
            assert len(hands[seat]) == 3 and piles[seat], event
            card = piles[seat].pop(0)
            assert event["data"]["card"] == card
            hands[seat].append(card)
            assert event["data"]["pile"] == len(piles[seat])
        elif event["type"] == "signal" and first_signal:
            assert len({card[:-1] for card in hands[seat]}) == 1 and len(hands[seat]) == 4
            first_signal = False
    held = Counter(card for seat in range(SEATS) for card in hands.get(seat, []) + piles[seat])
    assert held == deck, "cards lost or made up"
    for entry in summary["seats"]:
        seat = entry["seat"]
        assert entry["cards"] == len(hands.get(seat, [])), entry
        assert entry["pile"] == len(piles[seat]), entry
        assert entry["lives"] == lives[seat]
