"""Waiting for a game to change without holding a transaction: PostgreSQL's LISTEN/NOTIFY
where we have it (every save notifies, see ``play.notify``), short polling elsewhere."""

import time
from contextlib import contextmanager

from sqlalchemy.engine import Engine

POLL_SECONDS = 0.25
CHANNEL = "game_events"


class _Poller:
    def wait(self, seconds: float) -> None:
        time.sleep(max(0.0, min(seconds, POLL_SECONDS)))


class _Listener:
    def __init__(self, connection, game_id: str):
        self.raw = connection.connection.driver_connection
        self.game_id = game_id

    def wait(self, seconds: float) -> None:
        """Return when this game is notified, or after ``seconds``."""
        for note in self.raw.notifies(timeout=max(seconds, 0.01)):
            if note.payload == self.game_id:
                return


@contextmanager
def listener(engine: Engine, game_id: str):
    """LISTEN before the caller's first look, so no change slips in between."""
    if engine.dialect.name != "postgresql":
        yield _Poller()
        return
    with engine.connect() as connection:
        connection.exec_driver_sql(f"LISTEN {CHANNEL}")
        connection.commit()
        try:
            yield _Listener(connection, game_id)
        finally:
            connection.exec_driver_sql(f"UNLISTEN {CHANNEL}")
            connection.commit()
