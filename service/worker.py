"""The worker: applies scheduled actions (bot moves, clock timeouts) that fall due while
no request touches their game. Run as many as you like, beside as many web replicas:
``FOR UPDATE SKIP LOCKED`` hands each due game to one of them at a time.

    python -m service.worker
"""

import logging
import signal
import time

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from .config import Config
from .store import clock, games, play
from .store.db import make_engine, make_session_factory
from .store.models import Game

log = logging.getLogger("service.worker")
BATCH = 20
IDLE_SECONDS = 0.2


def sweep(sessions: sessionmaker[Session]) -> int:
    """Apply what is due in up to BATCH games; returns how many games it handled."""
    now = clock.now()
    with sessions() as session:
        due = session.scalars(
            select(Game.id)
            .where(Game.next_action_at <= now, Game.status == "playing")
            .order_by(Game.next_action_at)
            .limit(BATCH)
            .with_for_update(skip_locked=True)
        ).all()
        for game_id in due:
            play.catch_up(session, games.load(session, game_id, lock=True), now)
        session.commit()
    return len(due)


def run(sessions: sessionmaker[Session], stop=lambda: False) -> None:
    while not stop():
        try:
            handled = sweep(sessions)
        except Exception:  # one bad sweep must not stop the worker; it is logged
            log.exception("sweep failed")
            handled = 0
        if not handled:
            time.sleep(IDLE_SECONDS)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    log.info("worker started")
    run(
        make_session_factory(
            make_engine(Config.DATABASE_URL, statement_seconds=Config.DB_REQUEST_SECONDS)
        ),
        stop=lambda: bool(stopping),
    )


if __name__ == "__main__":
    main()
