"""Saving a game read to be changed (``reads.load(lock=True)``, or ``reads.load_to_change``
without the lock): its row, the events logged since and the answer a retry will be given,
at the commit, past the ORM's unit of work. On PostgreSQL that is one statement, the
UPDATE with the INSERTs in its ``WITH``: one round trip, and a transaction by itself when
the session is in autocommit mode (``moves``).

Every change of a game makes one new version of it (``new_version``): each move, each
event of the service's own, a seat taken or left. The row is written only if its version
is still the one read (compare-and-set): read without the lock (or on SQLite, where
nothing is locked), that is what turns a lost update into a lost race
(``StaleDataError``)."""

import functools
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

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

from . import clock
from .models import EventRow, Game, IdempotentAnswer, utcnow
from .records import Clock

HELD = "held_games"  # in the session's info: the games it read to change
# The columns a change of a held game may touch; the rounds' results only when a round
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
    """What a held game's commit will write: the version its row had when read, the
    events logged since, and the answers to remember (``idempotent_answers`` rows)."""

    version: int
    events: list[dict[str, Any]] = field(default_factory=list)
    answers: list[dict] = field(default_factory=list)
    # seats whose time to act began in this transaction, with the moment it was counted
    # from, until ``settle`` counts it from the commit instead
    timed_from: dict[int, datetime] = field(default_factory=dict)


def hold(session: Session, game: Game) -> Game:
    """Note that ``session`` read ``game`` to change it: it is saved at the commit."""
    game.unsaved = Unsaved(game.version)
    session.info.setdefault(HELD, []).append(game)
    return game


def new_version(game: Game) -> None:
    game.version += 1
    game.updated_at = utcnow()


def log(game: Game, rows: list[dict[str, Any]]) -> None:
    """Events to be written with the game (``play.append_events``)."""
    _unsaved(game).events.extend(rows)


def remember(game: Game, answer: dict) -> None:
    """An answer to give a retry of the request (an ``idempotent_answers`` row, but for
    its game), written with the game: never a move without its answer, nor the reverse."""
    _unsaved(game).answers.append(answer)


def timed_from(game: Game, seat: int, at: datetime | None) -> None:
    """``seat``'s due time was just counted from ``at`` (``None``: it has none now)."""
    timing = _unsaved(game).timed_from
    if at is None:
        timing.pop(seat, None)
    else:
        timing[seat] = at


def settle(game: Game) -> None:
    """Date what this transaction did at the moment it commits: its events, and every
    turn it began, whose time runs from that moment (RULES.md), not from when the
    request began, however long it waited for the CPU or the row lock. Called just
    before the answer is rendered and the commit, so both show the same times."""
    unsaved = _unsaved(game)
    moment = clock.now()
    for row in unsaved.events:
        if row["at"] is None:
            row["at"] = moment
    if not unsaved.timed_from:
        return
    seats = list(game.clock.seats)
    for seat, began in unsaved.timed_from.items():
        due = seats[seat].due
        if due is not None:
            seats[seat] = replace(seats[seat], due=due + (moment - began))
    unsaved.timed_from.clear()
    game.clock = Clock(tuple(seats))
    game.next_action_at = min(filter(None, (entry.due for entry in seats)), default=None)


def _unsaved(game: Game) -> Unsaved:
    assert game.unsaved is not None, "only a game read to be changed is changed"
    return game.unsaved


def save_held(session: Session) -> None:
    """Save every game the session read to change (before its commit, and before it
    reads one again)."""
    for game in session.info.get(HELD, ()):
        save(session, game)


def release(session: Session) -> None:
    """The transaction ended: the games it held are no longer locked, nor saved."""
    session.info.pop(HELD, None)


def save(session: Session, game: Game) -> None:
    settle(game)
    unsaved = _unsaved(game)
    if game.version == unsaved.version and not (unsaved.events or unsaved.answers):
        return
    rounds = ROUNDS not in inspect(game).unmodified
    connection = session.connection()
    values = {name: getattr(game, name) for name in CHANGING}
    if rounds:
        values[ROUNDS] = game.rounds
    key = {"game_id": game.id, "read_version": unsaved.version}
    if connection.dialect.name == "postgresql":
        written = _save_with_events(connection, rounds, key | values, unsaved)
    else:
        written = _save_then_log(connection, rounds, key | values, unsaved)
    if not written:
        raise StaleDataError(f"game {game.id} changed since version {unsaved.version}")
    game.unsaved = Unsaved(game.version)


def _save_with_events(connection: Connection, rounds: bool, values, unsaved: Unsaved) -> bool:
    # as JSON: the game's id is the saved row's, the times strings
    events = [{**row, "game_id": None, "at": row["at"].isoformat()} for row in unsaved.events]
    answers = [{**row, "created_at": utcnow().isoformat()} for row in unsaved.answers]
    rows = {"events": events, "answers": answers}
    return bool(connection.execute(_with_events(rounds), values | rows).scalar_one())


def _save_then_log(connection: Connection, rounds: bool, values, unsaved: Unsaved) -> bool:
    if connection.execute(_update(rounds), values).rowcount != 1:
        return False
    if unsaved.events:
        connection.execute(insert(EventRow), [dict(row) for row in unsaved.events])
    if unsaved.answers:
        game = {"game_id": values["game_id"]}
        connection.execute(insert(IdempotentAnswer), [row | game for row in unsaved.answers])
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
    SELECT ... FROM saved, jsonb_to_recordset(:events)), answered AS (INSERT INTO
    idempotent_answers ... :answers) SELECT count(*) FROM saved``: the rows are written
    only with the game, and 0 says its version moved on."""
    saved = _update(rounds).returning(Game.id).cte("saved")
    inserts = [
        _from_saved(saved, EventRow, "events").cte("logged"),
        _from_saved(saved, IdempotentAnswer, "answers").cte("answered"),
    ]
    return select(func.count()).select_from(saved).add_cte(*inserts)


def _from_saved(saved, model, parameter: str):
    """``INSERT INTO <model's table> SELECT saved.id, ... FROM saved JOIN
    jsonb_to_recordset(:parameter)``: one saved row (or none) by each JSON row."""
    fields = [field for field in model.__table__.c if field.name != "game_id"]
    rows = (
        func.jsonb_to_recordset(bindparam(parameter, type_=JSONB))
        .table_valued(*(column(field.name, field.type) for field in fields))
        .render_derived(name=f"{parameter}_row", with_types=True)
    )
    each_row = select(saved.c.id, *(rows.c[field.name] for field in fields)).select_from(
        saved.join(rows, true())
    )
    return insert(model).from_select(["game_id", *(f.name for f in fields)], each_row)


@event.listens_for(Session, "before_commit")
def _save_before_commit(session: Session) -> None:
    save_held(session)


@event.listens_for(Session, "after_transaction_end")
def _transaction_ended(session: Session, transaction) -> None:
    if transaction.parent is None:
        release(session)
