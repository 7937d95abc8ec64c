"""`python -m service.verify` re-derives a finished match from its public record: it
agrees with the service on matches of every game with bots, timeouts and autopilot, and
catches a log with one card changed."""

import random
from collections import Counter
from datetime import timedelta

import pytest

from service import verify

from .recorded import RECORDED, comparable, key, summary_text, timeline
from .table import Table, bearer

GAMES = [
    ("old-maid", {"preset": "online"}, 4),
    ("old-maid", {"preset": "family"}, 5),
    ("blind-date", {}, 4),
    ("crazy-eights", {"target_score": None}, 3),
    ("crazy-eights", {"partnership": True}, 4),
    ("go-fish", {}, 3),
    ("go-fish", {"end": "all_books"}, 4),
    ("spoons", {"pass_after_signal": True}, 4),
    ("mystery-date", {"mid_side_doors": True}, 3),
]


@pytest.fixture
def moment(still_clock):
    return still_clock


def finished_match(client, moment, game_type, options, players):
    """Seat 0 is a human who moves, lets her clock run out, and ends on autopilot; the
    other seats are random and basic bots. The host ends the match after a round (if it
    did not end by itself)."""
    table = Table.create(
        client,
        type=game_type,
        options=options,
        players=1,
        seats=players,
        deal=False,
        turn_seconds=20,
        think_seconds=0,
        seed=2026,
        visibility="private",  # a chosen seed tells the cards: private tables only
    )
    for n in range(1, players):
        level = "random" if n % 2 else "basic"
        client.post(
            f"/v1/games/{table.id}/players", json={"bot": level}, headers=bearer(table.host)
        )
    table.deal()
    moved = False
    for _ in range(500):  # the bots answer at once: she may move, or the round is over
        view = table.view(0).json
        if view["status"] != "playing":
            break
        if not moved and view["legal_moves"]:
            moved = table.move(0, view["legal_moves"][-1]).status_code == 201
        else:  # her clock runs out, three times; then autopilot plays her turns
            moment[0] += timedelta(seconds=20)
    if table.summary().json["status"] != "finished":
        table.end()
    return table.summary().json, whole_log(table)


def whole_log(table) -> list[dict]:
    """Every event, page after page."""
    events = []
    while True:
        page = table.events(None, after=len(events)).json
        events += page["events"]
        if len(events) >= page["last_seq"]:
            return events


@pytest.mark.parametrize("game_type,options,players", GAMES)
def test_verify_agrees_with_the_service(client, moment, game_type, options, players):
    summary, log = finished_match(client, moment, game_type, options, players)
    assert {e["by"] for e in log} >= {"player", "bot", "clock"}
    assert verify.verify(summary, log) == []
    recorded = RECORDED["matches"][key(game_type, options, players)]
    assert comparable(log) == comparable(recorded["log"]), "not the match recorded before"
    assert timeline(log) == timeline(recorded["log"]), "not at the times recorded before"
    assert summary_text(summary) == summary_text(recorded["summary"])


@pytest.mark.parametrize("match", sorted(RECORDED["matches"]))
def test_verify_accepts_the_matches_recorded_before(match):
    recorded = RECORDED["matches"][match]
    assert verify.verify(recorded["summary"], recorded["log"]) == []


def keep_most(hand: list[str], moves: list[dict], rng: random.Random) -> dict:
    """Pick up, or pass a card of a rank other than the one held most; one pass in four is
    random, so three players keeping the same rank do not wait on each other for ever."""
    passes = [move for move in moves if move["type"] == "pass"]
    if not passes or rng.randrange(4) == 0:
        return rng.choice(passes or moves)
    held = Counter(card[:-1] for card in hand)
    keep = max(held, key=lambda rank: (held[rank], rank))
    return next((move for move in passes if move["card"][:-1] != keep), passes[0])


def holder_passes_on(table, rng: random.Random, seats: int) -> None:
    """Three humans pass until one holds four of a kind and signals; then she passes on
    what her right-hand neighbour sends her before anybody else signals."""
    holder = None
    for _ in range(3_000):
        for seat in range(seats):
            view = table.view(seat).json
            moves = [move for move in view["legal_moves"] if move["type"] != "signal"]
            if holder is None and len(moves) < len(view["legal_moves"]):
                holder = seat
                assert table.move(seat, {"type": "signal"}).status_code == 201
            elif seat == holder and moves:  # the card she picks up goes straight on
                assert table.move(seat, moves[0]).status_code == 201
                return
            elif seat != holder and moves:
                assert table.move(seat, keep_most(view["hand"], moves, rng)).status_code == 201
    raise AssertionError("nobody held four of a kind")


def test_verify_accepts_a_holder_passing_on_the_card_she_picks_up(client):
    """With pass_after_signal, the first signaller's pass is one move logged as two
    events, the pick (no ``by``: it is not the move's own event) and the pass."""
    table = Table.create(
        client,
        type="spoons",
        options={"pass_after_signal": True},
        players=3,
        think_seconds=0,
        seed=2026,
        visibility="private",
    )
    holder_passes_on(table, random.Random(2026), 3)
    for seat in range(3):  # the others signal: the round and the three-seat match end
        if {"type": "signal"} in table.view(seat).json["legal_moves"]:
            table.move(seat, {"type": "signal"})
    summary, log = table.summary().json, whole_log(table)
    pairs = zip(log, log[1:], strict=False)
    assert any(
        (a["type"], a["by"], b["type"], b["by"], b["seat"])
        == ("pick", None, "pass", "player", a["seat"])
        for a, b in pairs
    )
    assert summary["status"] == "finished"
    assert verify.verify(summary, log) == []


def test_verify_catches_one_changed_card(client, moment):
    summary, log = finished_match(client, moment, "old-maid", {}, 3)
    hand = next(event for event in log if event["type"] == "hand")
    dealt = hand["data"]["hand"]
    dealt[0] = next(card for card in ("AS", "AH", "AD") if card not in dealt)
    problems = verify.verify(summary, log)
    assert problems and f"event {hand['seq']}" in problems[0]


def test_verify_refuses_a_live_match(client):
    table = Table.create(client, players=2)
    summary = table.summary().json
    assert verify.verify(summary, table.events(None).json["events"])


@pytest.mark.postgres
def test_the_command_verifies_a_match_through_the_public_api(database_url, client):
    import json
    import subprocess
    import sys
    import urllib.request

    from tests.push.server import serve

    with serve(database_url, workers=1) as server:
        api = f"http://{server.host}:{server.port}/v1"

        def call(method, path, body=None, token=None):
            request = urllib.request.Request(f"{api}{path}", method=method)
            request.add_header("Content-Type", "application/json")
            if token:
                request.add_header("Authorization", f"Bearer {token}")
            data = None if body is None else json.dumps(body).encode()
            with urllib.request.urlopen(request, data, timeout=30) as answer:
                return json.loads(answer.read())

        game = call("POST", "/games", {"type": "go-fish", "seats": 3, "think_seconds": 0})
        call("POST", f"/games/{game['id']}/deal", {"fill_with_bots": "random"}, game["host_token"])
        while call("GET", f"/games/{game['id']}")["status"] == "playing":
            pass  # each read applies the bots' next moves
        call("POST", f"/games/{game['id']}/end", token=game["host_token"])
        checked = subprocess.run(
            [sys.executable, "-m", "service.verify", game["id"], "--base-url", f"{api[:-3]}"],
            capture_output=True,
            text=True,
        )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "verified" in checked.stdout
