"""What nobody needs after a while, deleted by the worker every few minutes: the stored
answers of moves (a retry with the same Idempotency-Key comes within minutes, not a
day), the rate counters of past windows, tables nobody ever dealt (with the events of
their seats taken and left), the heartbeats of workers long gone, stale presence,
and Play now's tickets nobody polled for as long.
``RETENTION_HOURS`` (24) sets the age."""

from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Connection, CursorResult, Delete, Engine, delete, select

from ..config import Config
from ..table.records import Status
from . import presence
from .db import across_games
from .limits import WINDOW
from .models import (
    EventRow,
    Game,
    IdempotentAnswer,
    JoinCode,
    Presence,
    QuickplayTicket,
    RateCounter,
    WorkerHeartbeat,
)


def prune(engine: Engine, now: datetime, age: timedelta | None = None) -> dict[str, int]:
    """Delete old rows; returns how many of each kind."""
    cutoff = now - (age or timedelta(hours=Config.RETENTION_HOURS))
    abandoned = select(Game.id).where(Game.status == Status.WAITING, Game.updated_at < cutoff)
    deleted = {
        "idempotent_answers": delete(IdempotentAnswer).where(IdempotentAnswer.created_at < cutoff),
        "rate_counters": delete(RateCounter).where(RateCounter.window_start < now - WINDOW),
        "worker_heartbeats": delete(WorkerHeartbeat).where(WorkerHeartbeat.beat_at < cutoff),
        "presence": delete(Presence).where(Presence.seen_at < now - presence.STALE),
        "quickplay_tickets": delete(QuickplayTicket).where(QuickplayTicket.alive_until < cutoff),
        "abandoned_codes": delete(JoinCode).where(JoinCode.game_id.in_(abandoned)),
        # before their tables: an unplayed table's log holds its seat events
        "abandoned_events": delete(EventRow).where(EventRow.game_id.in_(abandoned)),
        "abandoned_tables": delete(Game).where(Game.id.in_(abandoned)),
    }
    with engine.begin() as connection:
        return {kind: _delete(connection, query) for kind, query in deleted.items()}


def _delete(connection: Connection, query: Delete) -> int:
    """Run a DELETE across games; how many rows it removed."""
    result = connection.execute(query.prefix_with(across_games("retention")))
    return cast(CursorResult[Any], result).rowcount
