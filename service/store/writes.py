"""Saving a game changed under its lock (``reads.load(lock=True)``): its row and the events
logged since, at the commit, past the ORM's unit of work. On PostgreSQL that is one
statement, the UPDATE with the events' INSERT in its ``WITH``: one round trip, where the
ORM's UPDATE after each move and the INSERT of its events took two a move.

Every change of a game makes one new version of it (``new_version``): each move, each
event of the service's own, a seat taken or left. The row is written only if its version
is still the one read (compare-and-set): on SQLite, where nothing is locked, that is what
turns a lost update into a lost race (``StaleDataError``)."""

import functools
from dataclasses import dataclass, field

from sqlalchemy import (
    bindparam,
    column,
    event,
    func,
    insert,
    inspect,
    select,
    true,
    update,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from .models import EventRow, Game, LoggedEvent, utcnow

LOCKED = "locked_games"  # in the session's info: the games it read under a lock
# The columns a change of a locked game may touch; the rounds' results only when a round
# ended (a deferred column, which moves neither read nor write).
CHANGING = (
    "status",
    "round",
    "version",
    "rng_counter",
    "state",
    "match",
    "next_action_at",
    "clock",
    "last_seq",
    "updated_at",
)
ROUNDS = "rounds"


@dataclass
class Unsaved:
    """What a locked game's commit will write: the version its row had when read, and
    the events logged since."""

    version: int
    events: list[LoggedEvent] = field(default_factory=list)


def hold(session: Session, game: Game) -> Game:
    """Note that ``session`` read ``game`` under its lock: it is saved at the commit."""
    game.unsaved = Unsaved(game.version)
    session.info.setdefault(LOCKED, []).append(game)
    return game


def new_version(game: Game) -> None:
    game.version += 1
    game.updated_at = utcnow()


def log(game: Game, rows: list[LoggedEvent]) -> None:
    """Events to be written with the game (``play.append_events``)."""
    _unsaved(game).events.extend(rows)


def _unsaved(game: Game) -> Unsaved:
    assert game.unsaved is not None, "only a game read under its lock is changed"
    return game.unsaved


def save_held(session: Session) -> None:
    """Save every game the session read under a lock (before its commit, and before it
    reads one again)."""
    for game in session.info.get(LOCKED, ()):
        save(session, game)


def release(session: Session) -> None:
    """The transaction ended: the games it held are no longer locked, nor saved."""
    session.info.pop(LOCKED, None)


def save(session: Session, game: Game) -> None:
    unsaved = _unsaved(game)
    if game.version == unsaved.version and not unsaved.events:
        return
    rounds = ROUNDS not in inspect(game).unmodified
    connection = session.connection()
    values = {name: getattr(game, name) for name in CHANGING}
    if rounds:
        values[ROUNDS] = game.rounds
    key = {"game_id": game.id, "read_version": unsaved.version}
    if connection.dialect.name == "postgresql":
        written = _save_with_events(connection, rounds, key | values, unsaved.events)
    else:
        written = _save_then_log(connection, rounds, key | values, unsaved.events)
    if not written:
        raise StaleDataError(f"game {game.id} changed since version {unsaved.version}")
    game.unsaved = Unsaved(game.version)


def _save_with_events(connection: Connection, rounds: bool, values, events) -> bool:
    # as JSON: the game's id is the saved row's, the time a string
    rows = [{**row, "game_id": None, "at": row["at"].isoformat()} for row in events]
    result = connection.execute(_with_events(rounds), {**values, "events": rows})
    return bool(result.scalar_one())


def _save_then_log(connection: Connection, rounds: bool, values, events) -> bool:
    if connection.execute(_update(rounds), values).rowcount != 1:
        return False
    if events:
        connection.execute(insert(EventRow), events)
    return True


@functools.cache
def _update(rounds: bool):
    columns = Game.__table__.c
    names = CHANGING + ((ROUNDS,) if rounds else ())
    return (
        update(Game)
        .where(Game.id == bindparam("game_id"), Game.version == bindparam("read_version"))
        .values({name: bindparam(name, type_=columns[name].type) for name in names})
    )


@functools.cache
def _with_events(rounds: bool):
    """``WITH saved AS (UPDATE games ... RETURNING id), logged AS (INSERT INTO events
    SELECT ... FROM saved, jsonb_to_recordset(:events)) SELECT count(*) FROM saved``:
    the events are written only with the game, and 0 says its version moved on."""
    saved = _update(rounds).returning(Game.id).cte("saved")
    fields = [field for field in EventRow.__table__.c if field.name != "game_id"]
    rows = (
        func.jsonb_to_recordset(bindparam("events", type_=JSONB))
        .table_valued(*(column(field.name, field.type) for field in fields))
        .render_derived(name="logged_event", with_types=True)
    )
    each_event = select(saved.c.id, *(rows.c[field.name] for field in fields)).select_from(
        saved.join(rows, true())  # one saved row (or none) by each event
    )
    logged = insert(EventRow).from_select(["game_id", *(f.name for f in fields)], each_event)
    return select(func.count()).select_from(saved).add_cte(logged.cte("logged"))


@event.listens_for(Session, "before_commit")
def _save_before_commit(session: Session) -> None:
    save_held(session)


@event.listens_for(Session, "after_transaction_end")
def _transaction_ended(session: Session, transaction) -> None:
    if transaction.parent is None:
        release(session)
