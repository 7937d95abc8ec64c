"""Who is at a table: the seats with a live stream open on some instance (here, or else
away), and how many spectators watch.

Each process counts its own open streams by game (``Presence``) and keeps one row per
game it serves in ``presence`` (the game, the instance, the seats here, the spectators,
when it was written): written within ``FLUSH_SECONDS`` of a change, by one thread of its
own so that a stream never waits for it, and dated anew every ``REFRESH`` while streams
stay open, all of the process's rows in one statement. Any instance answers from the
fresh rows of all of them (``read``). A process that dies stops writing: its rows count
no longer after ``STALE``, and retention deletes them. A seat whose last stream closed
stays here for ``GRACE``, so that a stream's reconnection (every few minutes, or after a
drop) does not flicker it away."""

import logging
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import Connection, Engine, Table, delete, select, update

from ..table import clock
from .db import across_games, insert
from .models import Presence as PresenceRow

FLUSH_SECONDS = 1.0
REFRESH = timedelta(seconds=10)
STALE = timedelta(seconds=30)
GRACE = timedelta(seconds=5)
ROWS = cast(Table, PresenceRow.__table__)
log = logging.getLogger(__name__)


@dataclass
class _Streams:
    """One game's open streams in this process, by seat (None: spectators)."""

    open: Counter[int | None] = field(default_factory=Counter)
    left: dict[int, float] = field(default_factory=dict)  # seat: when its last one closed
    changed: bool = True

    def here(self, now: float) -> list[int]:
        recent = {seat for seat, at in self.left.items() if now - at < GRACE.total_seconds()}
        return sorted({seat for seat in self.open if seat is not None} | recent)


class Presence:
    """This process's open streams, kept in the database (one row per game)."""

    def __init__(self, engine: Engine, writer: bool = True) -> None:
        """``writer``: a thread of its own writes the rows (else ``flush`` does, when
        called)."""
        self._engine = engine
        self._writer = writer
        self._instance = ""  # drawn by the process that counts (after a fork)
        self._games: dict[uuid.UUID, _Streams] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._refreshed = time.monotonic()

    def opened(self, game_id: uuid.UUID, seat: int | None) -> None:
        with self._lock:
            streams = self._games.setdefault(game_id, _Streams())
            streams.open[seat] += 1
            streams.changed = True
            if not self._instance:
                self._instance = str(uuid.uuid4())
            if self._writer and self._thread is None:
                self._thread = threading.Thread(target=self._run, name="presence", daemon=True)
                self._thread.start()

    def closed(self, game_id: uuid.UUID, seat: int | None) -> None:
        with self._lock:
            streams = self._games[game_id]
            streams.open[seat] -= 1
            if streams.open[seat] == 0:
                del streams.open[seat]
                if seat is not None:
                    streams.left[seat] = time.monotonic()
            streams.changed = True

    def _run(self) -> None:
        """Write what changed every ``FLUSH_SECONDS``, until no game is left to write
        (the next stream opened starts it again)."""
        while not self._stopping.wait(FLUSH_SECONDS):
            try:
                self.flush()
            except Exception:  # the database away: written again at the next turn
                log.warning("presence not written; trying again", exc_info=True)
            with self._lock:
                if not self._games:
                    self._thread = None
                    return

    def stop(self) -> None:
        """Stop writing (the rows go stale in ``STALE``)."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(FLUSH_SECONDS + 1)

    def flush(self) -> None:
        """Write the games whose presence changed, delete the rows of those with no
        stream left, and every ``REFRESH`` date the others' rows anew."""
        now = time.monotonic()
        refresh = now - self._refreshed >= REFRESH.total_seconds()
        with self._lock:
            rows = self._due_rows(now)
            kept = [game_id for game_id in self._games if game_id not in dict(rows)]
        if rows or refresh and kept:
            try:
                with self._engine.connect() as connection:
                    connection = connection.execution_options(isolation_level="AUTOCOMMIT")
                    self._write_rows(connection, rows)
                    if refresh and kept and not self._refresh(connection, kept):
                        self._write_again(kept)  # a row went missing: written whole next time
            except Exception:
                self._write_again([game_id for game_id, _ in rows])  # a row deleted: stale soon
                raise  # and the refresh is tried again at the next flush
        if refresh:
            self._refreshed = now

    def _write_again(self, game_ids: list[uuid.UUID]) -> None:
        with self._lock:
            for game_id in game_ids:
                if game_id in self._games:
                    self._games[game_id].changed = True

    def _write_rows(
        self, connection: Connection, rows: list[tuple[uuid.UUID, tuple[list[int], int] | None]]
    ) -> None:
        """One statement a game, each its own transaction."""
        for game_id, seen in rows:
            if seen is None:
                connection.execute(delete(ROWS).where(*self._row(game_id)))
            else:
                self._write(connection, game_id, *seen)

    def _refresh(self, connection: Connection, game_ids: list[uuid.UUID]) -> bool:
        """Date the rows of ``game_ids`` anew; False if one is missing."""
        dated = connection.execute(
            update(ROWS)
            .prefix_with(across_games("presence"))
            .where(ROWS.c.instance == self._instance, ROWS.c.game_id.in_(game_ids))
            .values(seen_at=clock.now())
        )
        return dated.rowcount == len(game_ids)

    def _due_rows(self, now: float) -> list[tuple[uuid.UUID, tuple[list[int], int] | None]]:
        rows: list[tuple[uuid.UUID, tuple[list[int], int] | None]] = []
        for game_id, streams in list(self._games.items()):
            expired = [s for s, at in streams.left.items() if now - at >= GRACE.total_seconds()]
            for seat in expired:
                del streams.left[seat]
            if not (streams.changed or expired):
                continue
            streams.changed = False
            here = streams.here(now)
            if not here and not streams.open:
                del self._games[game_id]
                rows.append((game_id, None))
            else:
                rows.append((game_id, (here, streams.open[None])))
        return rows

    def _row(self, game_id: uuid.UUID) -> tuple:
        return (ROWS.c.game_id == game_id, ROWS.c.instance == self._instance)

    def _write(
        self, connection: Connection, game_id: uuid.UUID, here: list[int], spectators: int
    ) -> None:
        values = {"here": here, "spectators": spectators, "seen_at": clock.now()}
        row = insert(connection.dialect.name, PresenceRow).values(
            game_id=game_id, instance=self._instance, **values
        )
        connection.execute(
            row.on_conflict_do_update(index_elements=["game_id", "instance"], set_=values)
        )


@dataclass(frozen=True)
class AtTable:
    here: list[int]
    spectators: int


def read(connection: Connection, game_id: uuid.UUID, now: datetime) -> AtTable:
    """Who is at the table by every instance's fresh row."""
    rows = connection.execute(
        select(ROWS.c.here, ROWS.c.spectators).where(
            ROWS.c.game_id == game_id, ROWS.c.seen_at > now - STALE
        )
    ).all()
    here = sorted({seat for row in rows for seat in row.here})
    return AtTable(here, sum(row.spectators for row in rows))
