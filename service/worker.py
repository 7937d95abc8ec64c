"""The worker: applies scheduled actions (bot moves, clock timeouts) that fall due while
no request touches their game, runs Play now's matcher (``store.quickplay.sweep``: tables
filled with computer players in time), records a heartbeat that ``/v1/ready`` checks,
and prunes old rows (``store.retention``). Run as many as you like, beside as many web replicas:
each due game is changed by one of them at a time, through the one way to change a game
(``store.tables.change``: compare-and-set on its version, or its row lock with ``SKIP
LOCKED``). They take turns at picking due games (``pick``), so the picks, which on
Citus ask every shard, come ``IDLE_SECONDS`` apart however many workers run, while a
backlog is still applied by all of them at once.

    python -m service.worker

It stops promptly on SIGTERM or SIGINT (a sweep is bounded and checks between games),
and tries again every ``AWAY_SECONDS`` while the database is away. ``python -m
service.run`` restarts it when it dies.
"""

import logging
import os
import signal
import socket
import threading
import time
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, delete

from . import logs, metrics
from .config import Config
from .engine import GAMES, Rules
from .errors import NotFound
from .store import changes, games, quickplay, retention, tables
from .store.db import DATABASE_AWAY, LOST_RACE, insert, make_engine
from .store.games import SKIP
from .store.models import WorkerHeartbeat
from .store.unit import Unit
from .table import clock, rules
from .table.records import Table

log = logging.getLogger("service.worker")
BATCH = 20
IDLE_SECONDS = 0.2
TURN_IDLE_SECONDS = 5.0  # a turn idle this long (a frozen worker) loses its connection
BEAT_SECONDS = 1.0  # a heartbeat at most this often (/v1/ready wants one within 10 s)
BACKOFF_SECONDS = (0.5, 10.0)  # first and longest pause after a failed sweep
# The pause between tries while the database is away, not growing: a try costs a refused
# connection (or waits out its own timeout), and the first after the return beats.
AWAY_SECONDS = 0.5
PRUNE_EVERY_SECONDS = 600
QUARANTINE_SECONDS = 60
LOCK_SECONDS = 0.2  # a request's transaction holds a game's row lock for milliseconds
NAME = f"{socket.gethostname()}:{os.getpid()}"


def pick(
    engine: Engine, stop: threading.Event, turns: Engine | None = None
) -> list[tuple[uuid.UUID, str]] | None:
    """The games due now (up to BATCH) if it is this worker's turn to pick them, else
    None: one worker's at a time (``games.sweep_turn``), taken on ``turns``'s database
    (by default the engine's: on Citus an advisory lock is one node's alone, so every
    worker names the same node, the hints'). When nothing is due the turn lasts the
    idle pause after the pick, so no other worker picks for IDLE_SECONDS; when games
    are due it ends with the pick, and the others may pick the next ones while this one
    applies its own."""
    with (turns or engine).connect() as turn:  # the turn ends with its transaction
        if not games.sweep_turn(turn, TURN_IDLE_SECONDS):
            return None
        # the pick on its own (autocommit): the turn's transaction holds only the lock,
        # no transaction on every shard's node
        with Unit(engine) as unit:
            due = games.due(unit.connection(), clock.now(), BATCH)
        if not due:
            stop.wait(IDLE_SECONDS)
        return due


def sweep(
    engine: Engine,
    stop: Callable[[], bool] = lambda: False,
    picked: list[tuple[uuid.UUID, str]] | None = None,
) -> int:
    """Apply what is due in up to BATCH games (those ``picked``, else those due now),
    one at a time; returns how many. Candidates are picked without a lock, then each is
    changed on its own if still due, passing over any that a request or another worker
    holds."""
    now = clock.now()
    handled = 0
    with Unit(engine) as unit:
        due = games.due(unit.connection(), now, BATCH) if picked is None else picked
        unit.close()
        for game_id, game_type in due:
            if stop():
                break
            try:
                handled += _advance(unit, game_id, GAMES[game_type])
            except DATABASE_AWAY:
                raise
            except Exception as error:  # one broken game must not hold up the others
                unit.close()
                if isinstance(error, LOST_RACE) and unit.dialect == "sqlite":
                    continue  # nothing is locked there: a request applied it first
                log.exception("game %s failed; retrying it in %s s", game_id, QUARANTINE_SECONDS)
                games.quarantine(
                    unit.connection(), game_id, now + timedelta(seconds=QUARANTINE_SECONDS)
                )
                unit.close()
    return handled


def _advance(unit: Unit, game_id: uuid.UUID, game_rules: Rules[Any]) -> bool:
    """Apply what is due in one game; False if it is gone, no longer due, or another
    worker or a request holds it. Where every seat acts at once, under the lock at
    once: a request's move nearly always comes first there."""
    unlocked = None if game_rules.simultaneous else tables.not_simultaneous
    try:
        changed = tables.change(unit, game_id, _apply_due, unlocked=unlocked, lock=SKIP)
    except NotFound:  # pruned since it was picked
        return False
    finally:
        unit.close()
    return changed is not None and changed.progress.changed


def _apply_due(table: Table, now: datetime) -> rules.Progress:
    return rules.apply_due(table, now, applied_in="worker")


def beat(engine: Engine, name: str = NAME) -> None:
    statement = insert(engine.dialect.name, WorkerHeartbeat).values(name=name, beat_at=clock.now())
    statement = statement.on_conflict_do_update(
        index_elements=["name"], set_={"beat_at": statement.excluded.beat_at}
    )
    with engine.begin() as connection:
        connection.execute(statement)


def run(engine: Engine, stop: threading.Event, turns: Engine | None = None) -> None:
    backoff = BACKOFF_SECONDS[0]
    pruned_at = beat_at = float("-inf")
    while not stop.is_set():
        try:
            # first: back from an outage, it beats before a backlog's sweep
            if time.monotonic() - beat_at >= BEAT_SECONDS:
                beat(engine)
                beat_at = time.monotonic()
            due = pick(engine, stop, turns)  # None: another worker's turn; []: idled in the turn
            handled = sweep(engine, stop.is_set, due) if due else 0
            if due is not None:  # Play now's queues too, as often as the picks
                quickplay.sweep(engine)
            if time.monotonic() - pruned_at > PRUNE_EVERY_SECONDS:
                log.info("pruned %s", retention.prune(engine, clock.now()))
                pruned_at = time.monotonic()
            backoff = BACKOFF_SECONDS[0]
            pause = 0 if handled or due == [] else IDLE_SECONDS
        except DATABASE_AWAY as error:  # one line, not a traceback a sweep
            log.warning("database unavailable, retrying in %.1f s: %s", AWAY_SECONDS, error)
            pause = AWAY_SECONDS
        except Exception:
            log.exception("sweep failed, retrying in %.1f s", backoff)
            pause, backoff = backoff, min(backoff * 2, BACKOFF_SECONDS[1])
        stop.wait(pause)
    _forget(engine)


def _forget(engine: Engine) -> None:
    """A worker that stops says so: readiness then counts only the living."""
    try:
        with engine.begin() as connection:
            connection.execute(delete(WorkerHeartbeat).where(WorkerHeartbeat.name == NAME))
    except DATABASE_AWAY:
        pass


def make_worker_engine(url: str) -> Engine:
    """The worker's engine: a save waits at most ``LOCK_SECONDS`` for a row that a
    request holds, then the worker passes on to the next game."""
    return make_engine(url, statement_seconds=Config.DB_REQUEST_SECONDS, lock_seconds=LOCK_SECONDS)


def main() -> None:
    logs.configure()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    log.info("worker %s started", NAME)
    metrics.set_role("worker")  # its pool's gauges say so
    engine = make_worker_engine(Config.DATABASE_URL)
    hints = Config.HINTS_DATABASE_URL or Config.DATABASE_URL
    changes.send_hints(engine, hints)
    turns = None if hints == Config.DATABASE_URL else make_engine(hints, 1, max_overflow=0)
    run(engine, stop, turns)
    log.info("worker %s stopped", NAME)


if __name__ == "__main__":
    main()
