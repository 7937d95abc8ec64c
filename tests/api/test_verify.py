"""`python -m service.verify` re-derives a finished match from its public record: it
agrees with the service on matches of every game with bots, timeouts and autopilot, and
catches a log with one card changed."""

from datetime import timedelta

import pytest

from service import verify
from service.store import clock

from .table import Table, bearer

GAMES = [
    ("old-maid", {"preset": "online"}, 4),
    ("old-maid", {"preset": "family"}, 5),
    ("blind-date", {}, 4),
    ("crazy-eights", {"target_score": None}, 3),
    ("crazy-eights", {"partnership": True}, 4),
    ("go-fish", {}, 3),
    ("go-fish", {"end": "all_books"}, 4),
]


@pytest.fixture
def moment(monkeypatch):
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    return now


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
    )
    for n in range(1, players):
        level = "random" if n % 2 else "basic"
        client.post(
            f"/v1/games/{table.id}/players", json={"bot": level}, headers=bearer(table.host)
        )
    table.deal()
    moved = False
    for _ in range(500):  # the bots answer at once: it is her turn, or the round is over
        if table.summary().json["status"] != "playing":
            break
        if table.turn() == 0 and not moved:
            moved = table.move(0, table.view(0).json["legal_moves"][-1]).status_code == 201
        else:  # her clock runs out, three times; then autopilot plays her turns
            moment[0] += timedelta(seconds=20)
    if table.summary().json["status"] != "finished":
        table.end()
    summary = table.summary().json
    log = table.events(None, limit=500).json["events"]
    return summary, log


@pytest.mark.parametrize("game_type,options,players", GAMES)
def test_verify_agrees_with_the_service(client, moment, game_type, options, players):
    summary, log = finished_match(client, moment, game_type, options, players)
    assert {e["by"] for e in log} >= {"player", "bot", "clock"}
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
