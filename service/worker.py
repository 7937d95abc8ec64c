"""The worker: applies scheduled actions (bot moves, clock timeouts) that fall due while
no request touches their game, records a heartbeat that ``/v1/ready`` checks, and prunes
old rows (``store.retention``). Run as many as you like, beside as many web replicas:
each due game is changed by one of them at a time (compare-and-set on its version, or
its row lock with ``SKIP LOCKED``).

    python -m service.worker

It stops promptly on SIGTERM or SIGINT (a sweep is bounded and checks between games),
and backs off while the database is away. ``python -m service.run`` restarts it when it
dies.
"""

import logging
import os
import signal
import socket
import threading
import time
from datetime import timedelta

from psycopg.errors import LockNotAvailable
from sqlalchemy import delete, select, update
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from . import logs, metrics
from .config import Config
from .engine import GAMES, Rules
from .errors import NotFound
from .store import clock, play, reads, retention
from .store.db import DATABASE_AWAY, lost_race, make_engine, make_session_factory, upsert
from .store.models import Game, Status, WorkerHeartbeat

log = logging.getLogger("service.worker")
BATCH = 20
IDLE_SECONDS = 0.2
BACKOFF_SECONDS = (0.5, 10.0)  # first and longest pause after a failed sweep
PRUNE_EVERY_SECONDS = 600
QUARANTINE_SECONDS = 60
LOCK_SECONDS = 0.2  # a request's transaction holds a game's row lock for milliseconds
NAME = f"{socket.gethostname()}:{os.getpid()}"


def sweep(sessions: sessionmaker[Session], stop=lambda: False) -> int:
    """Apply what is due in up to BATCH games, one at a time; returns how many.
    Candidates are picked without a lock, then each is changed on its own if still due
    (``_advance``), passing over any that a request or another worker holds."""
    now = clock.now()
    handled = 0
    with sessions() as session:
        _autocommit(session)
        due = session.execute(
            select(Game.id, Game.type)
            .where(Game.next_action_at <= now, Game.status == Status.PLAYING)
            .order_by(Game.next_action_at)
            .limit(BATCH)
        ).all()
        session.close()
        for game_id, game_type in due:
            if stop():
                break
            try:
                handled += _advance(session, game_id, GAMES[game_type], clock.now())
            except DATABASE_AWAY:
                raise
            except Exception as error:  # one broken game must not hold up the others
                session.rollback()
                if lost_race(session, error):  # a request applied it first
                    continue
                log.exception("game %s failed; retrying it in %s s", game_id, QUARANTINE_SECONDS)
                _quarantine(session, game_id, now)
    return handled


def _advance(session: Session, game_id, rules: Rules, now) -> bool:
    """Apply what is due in one game at ``now``, read after the candidates were picked;
    False if it is gone, no longer due, or another worker or a request holds it.

    As a move is played (``store.moves``): on PostgreSQL the game is read with no lock and
    saved by one statement if no other change came first, two round trips; if one did,
    it is read again under its row lock, skipped if a request holds it, as it is at once
    where every seat acts at once (there another move nearly always comes first)."""
    if not rules.simultaneous and _autocommit(session):
        try:
            return _apply_due(session, reads.load_to_change(session, game_id), now)
        except NotFound:  # pruned since it was picked
            session.close()
            return False
        except StaleDataError:  # a request or another worker changed it first
            metrics.move_replayed(rules.slug)
        except OperationalError as error:
            if not isinstance(error.orig, LockNotAvailable):
                raise
            # A request holds its row lock (the save waited LOCK_SECONDS for it): pass
            # on to the next game, as the lock's SKIP LOCKED below would.
        session.close()
    locked = reads.lock_unless_held(session, game_id)
    if locked is None:
        session.commit()
        return False
    return _apply_due(session, locked, now)


def _apply_due(session: Session, game: Game, now) -> bool:
    if not play.is_due(game, now):
        session.commit()
        return False
    play.catch_up(session, game, now, applied_in="worker")
    session.commit()
    return True


def _autocommit(session: Session) -> bool:
    """On PostgreSQL, each statement of the session's next transaction commits by itself
    (no BEGIN, no COMMIT); False elsewhere."""
    if session.get_bind().dialect.name != "postgresql":
        return False
    session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
    return True


def _quarantine(session: Session, game_id, now) -> None:
    """Put a game that fails off for a while, so that it is not first in every sweep."""
    later = now + timedelta(seconds=QUARANTINE_SECONDS)
    session.execute(update(Game).where(Game.id == game_id).values(next_action_at=later))
    session.commit()


def beat(sessions: sessionmaker[Session], name: str = NAME) -> None:
    with sessions() as session:
        upsert(session, WorkerHeartbeat, {"name": name, "beat_at": clock.now()}, ["name"])
        session.commit()


def run(sessions: sessionmaker[Session], stop: threading.Event) -> None:
    backoff = BACKOFF_SECONDS[0]
    pruned_at = float("-inf")
    while not stop.is_set():
        try:
            handled = sweep(sessions, stop.is_set)
            beat(sessions)
            if time.monotonic() - pruned_at > PRUNE_EVERY_SECONDS:
                with sessions() as session:
                    log.info("pruned %s", retention.prune(session, clock.now()))
                pruned_at = time.monotonic()
            backoff = BACKOFF_SECONDS[0]
            pause = 0 if handled else IDLE_SECONDS
        except DATABASE_AWAY as error:  # one line, not a traceback a sweep
            log.warning("database unavailable, retrying in %.1f s: %s", backoff, error)
            pause, backoff = backoff, min(backoff * 2, BACKOFF_SECONDS[1])
        except Exception:
            log.exception("sweep failed, retrying in %.1f s", backoff)
            pause, backoff = backoff, min(backoff * 2, BACKOFF_SECONDS[1])
        stop.wait(pause)
    _forget(sessions)


def _forget(sessions: sessionmaker[Session]) -> None:
    """A worker that stops says so: readiness then counts only the living."""
    try:
        with sessions() as session:
            session.execute(delete(WorkerHeartbeat).where(WorkerHeartbeat.name == NAME))
            session.commit()
    except DATABASE_AWAY:
        pass


def make_sessions(url: str) -> sessionmaker[Session]:
    """The worker's sessions: a save waits at most ``LOCK_SECONDS`` for a row that a
    request holds, then the worker passes on to the next game."""
    engine = make_engine(
        url, statement_seconds=Config.DB_REQUEST_SECONDS, lock_seconds=LOCK_SECONDS
    )
    return make_session_factory(engine)


def main() -> None:
    logs.configure()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    log.info("worker %s started", NAME)
    metrics.set_role("worker")  # its pool's gauges say so
    run(make_sessions(Config.DATABASE_URL), stop)
    log.info("worker %s stopped", NAME)


if __name__ == "__main__":
    main()
