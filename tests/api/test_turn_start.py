"""A seat's time runs from the moment its turn is committed (RULES.md), not from when the
request that began it started: the turn-starting event's ``at`` is the commit's, a view's
deadline is never earlier than that ``at`` plus the clock, and no timeout comes sooner,
however long the request waited for the CPU."""

import multiprocessing
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest

from service.table import rules

from .table import Table
from .test_supervision import DEADLINE_SECONDS

pytestmark = pytest.mark.postgres
CLOCK = 1  # seconds a turn


def at(event) -> datetime:
    return datetime.fromisoformat(event["at"])


def deadline_of(view) -> datetime:
    return datetime.fromisoformat(view.json["deadline"])


def test_a_slow_request_starts_the_turn_when_it_commits(client, monkeypatch):
    table = Table.create(client, players=2, turn_seconds=60)
    slow_save = rules._save_round

    def save_on_a_busy_machine(*args, **kwargs):
        time.sleep(0.3)  # the request waits this long between its start and its commit
        return slow_save(*args, **kwargs)

    monkeypatch.setattr(rules, "_save_round", save_on_a_busy_machine)
    seat, _, answer = table.play_one()
    started = at(answer.json["events"][-1])
    assert deadline_of(table.view(1 - seat)) >= started + timedelta(seconds=60)
    assert answer.json["view"]["deadline"] == table.view(1 - seat).json["deadline"]


def burn(stop) -> None:
    while not stop.is_set():
        pass


def test_under_load_no_timeout_comes_before_the_clock_ran_out(app, client):
    """Eight tables of idle players on a 1 s clock at once, each read over and over
    (reads apply what is due), beside a process keeping a core busy. (``client``: the
    tables, still due, are emptied afterwards: a worker's sweep elsewhere finds none.)"""
    stop = multiprocessing.Event()
    busy = multiprocessing.Process(target=burn, args=(stop,), daemon=True)
    busy.start()
    try:
        tables = [
            Table.create(app.test_client(), type="crazy-eights", players=2, turn_seconds=CLOCK)
            for _ in range(8)
        ]
        early: list = []
        with ThreadPoolExecutor(len(tables)) as pool:
            list(pool.map(lambda table: watch(table, early), tables))
    finally:
        stop.set()
        busy.join()
    assert not early, early[:5]
    for table in tables:
        assert timeouts_came_late(table.events().json["events"]) >= 4


def watch(table: Table, early: list) -> None:
    """Read the table until the clock has run out three times for each seat (then
    autopilot plays for both), noting any deadline short of its turn's start plus the
    clock. The log is read first: a turn begun in between only moves the deadline on."""
    client = table.client.application.test_client()
    table = Table(client, table.id, table.host, table.tokens)
    ends = time.monotonic() + DEADLINE_SECONDS  # it returns once the clocks ran out
    while time.monotonic() < ends:
        events = table.events().json["events"]
        view = table.view(0).json
        if view["status"] != "playing" or len(of_type(events, "timeout")) >= 6:
            return
        if view["deadline"] is not None:
            began, seconds = at(events[-1]), clock_of(events, view["to_act"][0])
            if datetime.fromisoformat(view["deadline"]) < began + timedelta(seconds=seconds):
                early.append((table.id, view["deadline"], began.isoformat()))
        time.sleep(0.05)


def of_type(events, kind: str) -> list:
    return [event for event in events if event["type"] == kind]


def clock_of(events, seat: int) -> float:
    """The seat's clock: halved by its timeouts in a row (the last one's ``seconds``)."""
    own = [event for event in of_type(events, "timeout") if event["seat"] == seat]
    return own[-1]["data"]["seconds"] if own else CLOCK


def timeouts_came_late(events) -> int:
    """Check every timeout against the start of the turn it ended (in a two-seat game
    every change begins a turn); returns how many."""
    checked = 0
    for index, event in enumerate(events):
        if event["type"] != "timeout":
            continue
        began = at(events[index - 1])
        seconds = clock_of(events[:index], event["seat"])
        assert at(event) >= began + timedelta(seconds=seconds), (event, events[index - 1])
        checked += 1
    return checked
