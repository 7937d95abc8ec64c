"""Spoons bots react after a delay of their own, at least half the table's
``think_seconds``, counted from the event that gave them their move: their own last
move, the deal, or the first signal (each starts a bot's time to act again)."""

import itertools
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest

from service.table import rules

from .table import Table, bearer

pytestmark = pytest.mark.postgres
THINK = 0.02
SOONEST = timedelta(seconds=THINK / 2)
BOTS = 5
ENOUGH_MOVES = 20
ROUND_SECONDS = 300  # a deadline for a round of bots, not a measure


def test_no_spoons_bot_moves_sooner_than_half_its_thinking_time(app, client, monkeypatch):
    table = Table.create(
        client, type="spoons", players=0, seats=BOTS, deal=False, think_seconds=THINK
    )
    for _ in range(BOTS):
        added = client.post(
            f"/v1/games/{table.id}/players", json={"bot": "basic"}, headers=bearer(table.host)
        )
        assert added.status_code == 201
    commits_late_at_times(monkeypatch)
    moves: list = []
    while len(moves) <= ENOUGH_MOVES:  # a deal may end a round in a few moves: deal again
        table.deal()
        with ThreadPoolExecutor(2) as pool:  # reads apply what is due: two readers race
            list(pool.map(lambda _: read_until_the_round_ends(app, table.id), range(2)))
        events = whole_log(table)
        moves = [event for event in events if event["by"] == "bot"]
        if table.summary().json["status"] != "round_over":
            break
    assert len(moves) > ENOUGH_MOVES
    for move in moves:
        anchor = last_anchor(events, move)
        assert at(move) - at(anchor) >= SOONEST, (move, anchor)


def commits_late_at_times(monkeypatch) -> None:
    """Every third change waits a while before it is saved, as on a busy machine: more
    than a bot's thinking time passes between the change and its commit."""
    save, calls = rules._save_round, itertools.count()

    def save_late_at_times(*args, **kwargs):
        if next(calls) % 3 == 0:
            time.sleep(THINK * 1.5)
        return save(*args, **kwargs)

    monkeypatch.setattr(rules, "_save_round", save_late_at_times)


def whole_log(table: Table) -> list:
    events: list = []
    while page := table.events(after=len(events)).json["events"]:
        events += page
    return events


def read_until_the_round_ends(app, game_id: str) -> None:
    client = app.test_client()
    ends = time.monotonic() + ROUND_SECONDS
    while client.get(f"/v1/games/{game_id}").json["status"] == "playing":
        assert time.monotonic() < ends, f"no end of the round in {ROUND_SECONDS} s"
        time.sleep(0.002)


def at(event) -> datetime:
    return datetime.fromisoformat(event["at"])


def last_anchor(events, move):
    """The last event before ``move`` that surely started its seat's time to act."""
    before = [e for e in events if e["seq"] < move["seq"] and e["round"] == move["round"]]
    first_signal = next((e for e in before if e["type"] == "signal"), None)
    anchors = [
        event
        for event in before
        if event["type"] == "deal"
        or event is first_signal
        or (event["seat"] == move["seat"] and event["by"] is not None)
    ]
    return anchors[-1]
