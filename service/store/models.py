"""The database's tables: games (with their seats), their event log, remembered move answers,
join codes, rate counters, the workers' heartbeats and Play now's tickets. Declared with
the ORM for Alembic and the tests; the store reads and writes them with Core statements
(``games``)."""

import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Uuid,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator, TypeEngine

from ..engine import RoundResult
from ..table.records import (
    Clock,
    Match,
    Status,
    clock_from_json,
    clock_to_json,
    match_from_json,
    match_to_json,
    rounds_from_json,
    rounds_to_json,
    seats_from_json,
    seats_to_json,
)
from ..table.records import Seat as SeatRecord

JSONType = JSON().with_variant(JSONB(), "postgresql")
R = TypeVar("R")


class Record(TypeDecorator[R]):
    """A typed record in a JSON column (JSONB on PostgreSQL)."""

    impl = JSON
    cache_ok = True

    def __init__(self, to_json: Callable[[R], Any], from_json: Callable[[Any], R]) -> None:
        super().__init__()
        self.to_json, self.from_json = to_json, from_json

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        return dialect.type_descriptor(JSONB() if dialect.name == "postgresql" else JSON())

    def process_bind_param(self, value: R | None, dialect: Dialect) -> Any:
        return None if value is None else self.to_json(value)

    def process_result_value(self, value: Any | None, dialect: Dialect) -> R | None:
        return None if value is None else self.from_json(value)


MATCH = Record(match_to_json, match_from_json)
CLOCK = Record(clock_to_json, clock_from_json)
ROUNDS = Record(rounds_to_json, rounds_from_json)
SEATS = Record(seats_to_json, seats_from_json)


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSONType, list[Any]: JSONType}


class Game(Base):
    __tablename__ = "games"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    type: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]]
    visibility: Mapped[str] = mapped_column(String(10))
    # A private table's join code, hashed like the tokens: the code is shown once, to the
    # host, at creation. ``JoinCode`` finds the game from it.
    code_hash: Mapped[str | None] = mapped_column(String(64))
    max_seats: Mapped[int] = mapped_column(Integer)
    turn_seconds: Mapped[int | None] = mapped_column(Integer)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(12), default=Status.WAITING)
    round: Mapped[int] = mapped_column(Integer, default=0)
    # Every change makes a new version (``table.rules``), checked when it is saved.
    version: Mapped[int] = mapped_column(Integer, default=1)
    # Decimal text: server seeds have 128 bits, beyond any integer column.
    seed: Mapped[str] = mapped_column(String(80))
    # 128 random bits hashed with the seed into the commitment, so that a short chosen
    # seed cannot be found from it; revealed with the seed when the match is finished.
    nonce: Mapped[str | None] = mapped_column(String(40))  # None: a table made before
    seeded: Mapped[bool] = mapped_column(Boolean, default=False)  # the host chose the seed
    rng_counter: Mapped[int] = mapped_column(BigInteger, default=0)
    state: Mapped[dict[str, Any] | None]  # the engine's state of the current round
    match: Mapped[Match] = mapped_column(MATCH, default=Match)
    # The finished rounds' results (``table.records``).
    rounds: Mapped[tuple[RoundResult, ...]] = mapped_column(
        ROUNDS, default=lambda: (), server_default=text("'[]'")
    )
    # Scheduled actions: when the next bot move or clock timeout is due (the earliest of
    # the seats' in ``clock``), applied by the first request or worker that sees it due.
    next_action_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    think_seconds: Mapped[float] = mapped_column(Float, default=1.0)
    clock: Mapped[Clock] = mapped_column(CLOCK, default=Clock)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    # The players, in seat order (``table.records.Seat``): read and saved with the row.
    seats: Mapped[tuple[SeatRecord, ...]] = mapped_column(
        SEATS, default=lambda: (), server_default=text("'[]'")
    )
    # The table this finished match is played again at (``tables.rematch``), set once.
    next_game_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)

    __table_args__ = (
        Index("ix_games_lobby", "visibility", "created_at"),
        Index("ix_games_next_action_at", "next_action_at"),
    )


class EventRow(Base):
    __tablename__ = "events"

    game_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    round: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int | None] = mapped_column(Integer)
    # who made the move (a MadeBy); None for other events
    by: Mapped[str | None] = mapped_column(String(10))
    data: Mapped[dict[str, Any]]
    secret: Mapped[dict[str, Any] | None]
    audience: Mapped[list[Any]]
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class IdempotentAnswer(Base):
    """The first answer to a move sent with an ``Idempotency-Key``, replayed on retries."""

    __tablename__ = "idempotent_answers"

    game_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    answer: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class JoinCode(Base):
    """The game a private table's join code names, by the code's hash: written once, when
    the table is created, apart from any game's transaction (``SCALING.md``'s rule 4)."""

    __tablename__ = "join_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[uuid.UUID] = mapped_column(Uuid)


class RateCounter(Base):
    """Requests of one kind per client in the current fixed window (``limits``)."""

    __tablename__ = "rate_counters"

    client: Mapped[str] = mapped_column(String(64), primary_key=True)
    action: Mapped[str] = mapped_column(String(20), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    count: Mapped[int] = mapped_column(Integer)


class WorkerHeartbeat(Base):
    """When each worker process last finished a sweep; readiness checks the newest."""

    __tablename__ = "worker_heartbeats"

    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    beat_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Presence(Base):
    """One instance's open streams of one game (``store.presence``): the seats here and
    the spectators, rewritten while they stay open; stale rows count no longer."""

    __tablename__ = "presence"

    game_id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    instance: Mapped[str] = mapped_column(String(36), primary_key=True)
    here: Mapped[list[Any]]
    spectators: Mapped[int] = mapped_column(Integer)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class QuickplayTicket(Base):
    """A player's place in Play now's queue (``store.quickplay``), of one game and
    number of seats: waiting until the matcher gives it a game and a seat there, whose
    token is the ticket's (only its hash is stored). Not a game's table: on Citus it
    stays a plain table on the coordinator, as the rate counters do, and the matcher
    locks its waiting rows with ``FOR UPDATE SKIP LOCKED``."""

    __tablename__ = "quickplay_tickets"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True)
    type: Mapped[str] = mapped_column(String(40))
    seats: Mapped[int] = mapped_column(Integer)
    bots: Mapped[bool] = mapped_column(Boolean)  # computer players may fill its table
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # its place
    # when computer players fill its table (None: never, people only)
    fill_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # the matcher passes over a ticket whose holder stopped polling it before this
    alive_until: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    game_id: Mapped[uuid.UUID | None] = mapped_column(Uuid)  # None: waiting
    seat: Mapped[int | None] = mapped_column(Integer)

    __table_args__ = (
        # the queues: waiting tickets only, by game and seats, in arrival order
        Index(
            "ix_quickplay_tickets_waiting",
            "type",
            "seats",
            "created_at",
            postgresql_where=text("game_id IS NULL"),
            sqlite_where=text("game_id IS NULL"),
        ),
        Index("ix_quickplay_tickets_game_id", "game_id"),
    )
