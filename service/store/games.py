"""The SQL of a table: its game row, seats included, read as one ``Table`` record and
saved with its new events and remembered answer; the lobby; a page of the event log.

Each statement names the game's id on every game table it reads or writes
(``../shared/SCALING.md``): one game is one shard's business. Only the statements
marked ``across_games`` read many games: the lobby and the worker's pick of due games
(and retention's deletes). A game is one row, read as one JSON array (each JSON column
decoded once); a page of its log comes in the same statement when asked for. A change
is saved as the UPDATE of the row, if its version is still the one read
(compare-and-set), and INSERTs of its events and answer with VALUES that carry the
game's id: one statement on PostgreSQL (``save``).

The hot statements (a game read, a page of its log, a save), when they run on their own
(autocommit) on PostgreSQL, go straight to psycopg with the SQL SQLAlchemy compiled
for them (``_first_row``): SQLAlchemy's execution around a statement costs nearly as
much CPU as the driver's own work, and these run on every request. Their errors still
become SQLAlchemy's, and ``before_cursor_execute`` listeners (the shard check) still
see them (``after_cursor_execute`` is not sent); in a transaction and on SQLite they
run through SQLAlchemy."""

import functools
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from datetime import UTC, datetime
from typing import Any, Literal, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    BindParameter,
    ColumnElement,
    Connection,
    Dialect,
    Executable,
    Function,
    Insert,
    ScalarSelect,
    Select,
    Update,
    bindparam,
    func,
    insert,
    null,
    select,
    tuple_,
    type_coerce,
    update,
)
from sqlalchemy import (
    Table as SqlTable,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.exc import DBAPIError

from ..engine import RoundResult
from ..table.records import (
    LoggedEvent,
    Table,
    Visibility,
    clock_from_json,
    match_from_json,
    rounds_from_json,
    seats_from_json,
)
from ..table.rules import Progress
from .db import LostRace, across_games
from .db import insert as dialect_insert
from .models import EventRow, Game, IdempotentAnswer, JoinCode

GAMES, EVENTS, ANSWERS, CODES = (
    cast(SqlTable, model.__table__) for model in (Game, EventRow, IdempotentAnswer, JoinCode)
)
# To change the game: wait for whoever holds its lock, or pass (no lock: None)
Lock = Literal["wait", "skip"]
WAIT: Lock = "wait"
SKIP: Lock = "skip"
TABLE_COLUMNS = tuple(f.name for f in fields(Table))
EVENT_FIELDS = ("seq", "round", "type", "seat", "by", "data", "secret", "audience", "at")
EVENT_JSON = ("data", "secret", "audience")  # JSON in JSON (SQLite stores it as text)
# What a change may write of the game's row (the rest is set once, at creation).
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
    "seats",
    "next_game_id",
)
ROUNDS = "rounds"


# -- reading ---------------------------------------------------------------------------


def load(connection: Connection, game_id: uuid.UUID, lock: Lock | None = None) -> Table | None:
    """The game with its seats, or None if there is none (or, with ``SKIP``, another
    transaction holds it)."""
    row = _first_row(connection, _query(connection.dialect.name, lock), {"game_id": game_id})
    return None if row is None else _table(row[0])


def load_answered(
    connection: Connection, game_id: uuid.UUID, key: str, lock: Lock | None = None
) -> tuple[Table, dict[int, tuple[str, dict[str, Any]]]] | None:
    """The game as ``load`` reads it, with the request hash and answer of every seat's
    move sent with the ``Idempotency-Key`` ``key``, by seat, in the same statement: a
    move sent with a key costs no round trip more than one without."""
    query = _query(connection.dialect.name, lock, answered=True)
    row = _first_row(connection, query, {"game_id": game_id, "key": key})
    if row is None:
        return None
    game_row, answer_rows = row
    answered = {seat: (request_hash, answer) for seat, request_hash, answer in answer_rows or []}
    return _table(game_row), answered


def load_page(
    connection: Connection, game_id: uuid.UUID, after: int, limit: int
) -> tuple[Table, list[LoggedEvent]] | None:
    """The game as ``load`` reads it, but for its finished rounds (``rounds`` None: a
    page is only shown), and the page of its log after ``after`` (at most ``limit``
    events, none past the game's ``last_seq``) in the same statement: the page is what
    the game read knows of (a later event may belong to seats as they are after a change
    the game read has not seen)."""
    query = _query(connection.dialect.name, None, paged=True)
    bounds = {"game_id": game_id, "after": after, "through": after + limit}
    row = _first_row(connection, query, bounds)
    if row is None:
        return None
    game_row, page_rows = row
    page = sorted(page_rows or [], key=lambda event: event[0])  # by seq
    return _table(game_row), [_logged(event) for event in page]


def saved_page(progress: Progress) -> tuple[Table, list[LoggedEvent]]:
    """What ``load_page`` reads after the end the log had before ``progress``, once the
    change is saved: the waiters of the process that saved it take it from here."""
    return replace(progress.table, rounds=None), list(progress.events)


def _table(game_row: list[Any]) -> Table:
    return Table(
        **{
            name: _FROM_JSON.get(name, _same)(value)
            for name, value in zip(TABLE_COLUMNS, game_row, strict=True)
        }
    )


def _same(value: Any) -> Any:
    return value


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _rounds(data: list[dict[str, Any]] | None) -> tuple[RoundResult, ...] | None:
    return None if data is None else rounds_from_json(data)


# JSON columns, which SQLite keeps as text: read with json() to be JSON in the array
_JSON_TEXT = {"options", "state", "match", "clock", "rounds", "seats"}
# The game's row comes as one JSON array (a column each would cost the driver and
# SQLAlchemy more than the rest of the read): what JSON does not hold as such, from text.
_FROM_JSON: dict[str, Callable[[Any], Any]] = {
    "id": uuid.UUID,
    "seeded": bool,  # SQLite's are 0 and 1
    "created_at": _moment,
    "updated_at": _moment,
    "next_action_at": _moment,
    "match": match_from_json,
    "clock": clock_from_json,
    "rounds": _rounds,
    "think_seconds": float,  # PostgreSQL's JSON writes 2.0 as 2
    "seats": seats_from_json,
    "next_game_id": lambda value: None if value is None else uuid.UUID(value),
}


def _logged(row: list[Any]) -> LoggedEvent:
    """An event of a page, from its JSON array (``EVENT_FIELDS``): its time comes as
    text, in the database's time zone (PostgreSQL) or as stored, naive in UTC (SQLite),
    and is rendered in UTC whatever the server's ``TimeZone``, as a move's answer is."""
    event = dict(zip(EVENT_FIELDS, row, strict=True))
    at = datetime.fromisoformat(event["at"])
    event["at"] = at.astimezone(UTC) if at.tzinfo else at
    return event


@functools.cache
def _query(dialect: str, lock: Lock | None, paged: bool = False, answered: bool = False) -> Select:
    """The game's columns as one JSON array, ``game_row``; ``paged``, a page of its log
    too, as one JSON array of ``EVENT_FIELDS`` arrays, ``page_rows``; ``answered``, the
    answers stored with the ``key``, as one JSON array of arrays, ``answer_rows``."""
    game_id = bindparam("game_id", type_=GAMES.c.id.type)
    game_row = [_in_json(dialect, name) for name in TABLE_COLUMNS]
    if paged:  # the rounds grow with the match, and a page never needs them
        game_row[TABLE_COLUMNS.index(ROUNDS)] = null()
    columns = [_json_array(dialect, game_row).label("game_row")]
    if paged:
        columns.append(_page(dialect, game_id).label("page_rows"))
    if answered:
        columns.append(_answers(dialect, game_id).label("answer_rows"))
    query = select(*columns).where(GAMES.c.id == game_id)
    if lock is not None:
        return query.with_for_update(skip_locked=lock == SKIP)
    return query


def _in_json(dialect: str, name: str) -> ColumnElement[Any]:
    """A column as an item of a JSON array: SQLite's JSON columns are text, read as JSON."""
    if dialect != "postgresql" and name in _JSON_TEXT:
        return func.json(GAMES.c[name])
    return GAMES.c[name]


def _page(dialect: str, game_id: BindParameter[Any]) -> ScalarSelect[Any]:
    """The events after ``after``, at most ``limit`` and none past the row's last_seq: a
    range of ``seq``, which numbers a game's events 1, 2, 3... with no gap."""
    last = func.least if dialect == "postgresql" else func.min  # SQLite's min of values
    fields = [
        func.json(EVENTS.c[name])
        if dialect != "postgresql" and name in EVENT_JSON
        else EVENTS.c[name]
        for name in EVENT_FIELDS
    ]
    return (
        select(_json_rows(dialect, fields))
        .where(
            EVENTS.c.game_id == game_id,
            EVENTS.c.seq > bindparam("after"),
            EVENTS.c.seq <= last(bindparam("through", type_=BigInteger), GAMES.c.last_seq),
        )
        .scalar_subquery()
    )


def _answers(dialect: str, game_id: BindParameter[Any]) -> ScalarSelect[Any]:
    answer = ANSWERS.c.answer if dialect == "postgresql" else func.json(ANSWERS.c.answer)
    fields = [ANSWERS.c.seat, ANSWERS.c.request_hash, answer]
    key = bindparam("key", type_=ANSWERS.c.key.type)
    return (
        select(_json_rows(dialect, fields))
        .where(ANSWERS.c.game_id == game_id, ANSWERS.c.key == key)
        .scalar_subquery()
    )


def _json_rows(dialect: str, fields: Sequence[ColumnElement[Any]]) -> Function[Any]:
    """The rows as one JSON array of arrays (in no set order)."""
    if dialect == "postgresql":
        return func.json_agg(func.json_build_array(*fields), type_=JSON)
    return func.json_group_array(func.json_array(*fields), type_=JSON)  # SQLite


def _json_array(dialect: str, fields: Sequence[ColumnElement[Any]]) -> Function[Any]:
    if dialect == "postgresql":
        return func.json_build_array(*fields, type_=JSON)
    return func.json_array(*fields, type_=JSON)  # SQLite


def lobby(
    connection: Connection,
    type_: str | None,
    status: str | None,
    after: tuple[datetime, uuid.UUID] | None,
    limit: int,
) -> list[Table]:
    """Public tables, newest first, after the place ``after`` in that order, with their
    seats (not their rounds: only shown)."""
    shown = [GAMES.c[name] for name in TABLE_COLUMNS if name != ROUNDS]
    query = select(*shown).where(GAMES.c.visibility == Visibility.PUBLIC)
    query = query.prefix_with(across_games("lobby"))
    if type_:
        query = query.where(GAMES.c.type == type_)
    if status:
        query = query.where(GAMES.c.status == status)
    if after:
        query = query.where(tuple_(GAMES.c.created_at, GAMES.c.id) < after)
    query = query.order_by(GAMES.c.created_at.desc(), GAMES.c.id.desc()).limit(limit)
    return [Table(**row._asdict(), rounds=None) for row in connection.execute(query)]


def find_by_code(connection: Connection, code_hash: str) -> uuid.UUID | None:
    """The game a private table's code names (``join_codes``, written at creation)."""
    return connection.scalar(select(CODES.c.game_id).where(CODES.c.code_hash == code_hash))


# -- writing ---------------------------------------------------------------------------


def create(connection: Connection, table: Table) -> bool:
    """The new game's row; whether it was new (a game of this id made first wins). Its
    join code, if private, is ``add_code``'s: apart, each on one shard on Citus."""
    values = {name: getattr(table, name) for name in TABLE_COLUMNS}
    made = dialect_insert(connection.dialect.name, Game).values(values).on_conflict_do_nothing()
    return connection.execute(made.returning(GAMES.c.id)).first() is not None


def add_code(connection: Connection, table: Table) -> None:
    """A private game's join code, once the game is made (in autocommit mode, its own
    transaction). A game whose code was not written cannot be joined by code, and is
    pruned unplayed."""
    assert table.code_hash is not None
    connection.execute(insert(CODES).values(code_hash=table.code_hash, game_id=table.id))


def save(connection: Connection, progress: Progress, answers: list[dict[str, Any]]) -> None:
    """Write the change: its row if its version is still the one read (``LostRace`` if
    it moved on), then its events and the answers to remember (``request_hash``,
    ``seat``, ``key``, ``answer``), every row naming the game's id. On PostgreSQL, one
    call of ``save_game_change`` (migration ``0015``): one round trip, atomic even
    outside a transaction, and on Citus run whole on the game's node. SQLite runs the
    parts one by one in the caller's transaction."""
    table, origin = progress.table, progress.origin
    # the finished rounds' results only when a round ended: they grow with the match
    rounds = table.rounds is not origin.rounds
    created = {"created_at": table.updated_at}
    remembered = [{**row, **created} for row in answers]
    params = {"game_id": table.id, "read_version": origin.version}
    params |= {name: getattr(table, name) for name in _changing(rounds)}
    lost = LostRace(f"game {table.id} changed since version {origin.version}")
    if saves_in_one_statement(connection.dialect.name):
        seqs = [row["seq"] for row in progress.events]
        assert seqs == list(range(table.last_seq - len(seqs) + 1, table.last_seq + 1)), seqs
        params |= {"events": _as_json(progress.events), "answers": _as_json(remembered)}
        try:
            _first_row(connection, _save_call(rounds), params)
        except DBAPIError as error:
            if getattr(error.orig, "sqlstate", None) not in LOST_RACE_STATES:
                raise
            raise lost from error
        return
    rows = ((EVENTS, progress.events), (ANSWERS, remembered))
    shapes = tuple((of.name, tuple(listed[0]), len(listed)) for of, listed in rows if listed)
    for of, listed in rows:
        params |= {
            f"{of.name}{n}_{column}": value
            for n, row in enumerate(listed)
            for column, value in row.items()
        }
    if connection.execute(_update(rounds), params).rowcount != 1:
        raise lost
    for statement in _inserts(shapes):
        connection.execute(statement, params)


def saves_in_one_statement(dialect: str) -> bool:
    """Whether ``save`` writes a change in one statement, atomic without a transaction:
    on PostgreSQL; SQLite has no functions of its own."""
    return dialect == "postgresql"


# The version moved on (no row updated: ``no_data_found``), or a rival that logged
# without a new version took the events' keys first (a unique violation).
LOST_RACE_STATES = frozenset({"P0002", "23505"})
# (table, its columns, rows) of each INSERT of a save
Shapes = tuple[tuple[str, tuple[str, ...], int], ...]


def _as_json(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows for the save's JSON: times as ISO text; events without their seq, which the
    function counts back from the new last_seq (so no two rows disagree with it)."""
    return [
        {
            column: value.isoformat() if isinstance(value, datetime) else value
            for column, value in row.items()
            if column != "seq"
        }
        for row in rows
    ]


@functools.cache
def _save_call(rounds: bool) -> Select:
    """``SELECT save_game_change(...)``, the game's id first (Citus's distribution
    argument); the rounds' results only when they changed (else NULL: kept)."""
    changing = [bindparam(name, type_=GAMES.c[name].type) for name in CHANGING]
    results = bindparam(ROUNDS, type_=GAMES.c[ROUNDS].type) if rounds else null()
    return select(
        func.save_game_change(
            bindparam("game_id", type_=GAMES.c.id.type),
            bindparam("read_version", type_=GAMES.c.version.type),
            *changing,
            results,
            bindparam("events", type_=JSONB),
            bindparam("answers", type_=JSONB),
        )
    )


@functools.cache
def _inserts(shapes: Shapes) -> tuple[Insert, ...]:
    """An INSERT ... VALUES per row, its values bound as ``<table><row>_<column>`` and
    its game as ``game_id``, the UPDATE's (one INSERT of many rows would be compiled
    again at every save: SQLAlchemy caches no multi-row VALUES)."""
    tables = {EVENTS.name: EVENTS, ANSWERS.name: ANSWERS}
    # an expression, not the column's own bound value: SQLAlchemy lets no two INSERTs of
    # one statement share a bound value of that kind
    game_id = type_coerce(bindparam("game_id"), GAMES.c.id.type)
    return tuple(
        insert(tables[name]).values(
            {
                "game_id": game_id,
                **{
                    column: bindparam(f"{name}{n}_{column}", type_=tables[name].c[column].type)
                    for column in columns
                },
            }
        )
        for name, columns, count in shapes
        for n in range(count)
    )


@functools.cache
def _changing(rounds: bool) -> tuple[str, ...]:
    return (*CHANGING, ROUNDS) if rounds else CHANGING


@functools.cache
def _update(rounds: bool) -> Update:
    names = _changing(rounds)
    return (
        update(GAMES)
        .where(GAMES.c.id == bindparam("game_id"), GAMES.c.version == bindparam("read_version"))
        .values({name: bindparam(name, type_=GAMES.c[name].type) for name in names})
    )


def quarantine(connection: Connection, game_id: uuid.UUID, until: datetime) -> None:
    """Put a game whose due action fails off until ``until``."""
    connection.execute(update(GAMES).where(GAMES.c.id == game_id).values(next_action_at=until))


def due(connection: Connection, now: datetime, limit: int) -> list[tuple[uuid.UUID, str]]:
    """The ids and types of games with an action due by ``now``, the longest due first
    (picked without a lock: each is then changed on its own, ``SCALING.md``'s rule 6)."""
    query = (
        select(GAMES.c.id, GAMES.c.type)
        .prefix_with(across_games("due games"))
        .where(GAMES.c.next_action_at <= now, GAMES.c.status == "playing")
        .order_by(GAMES.c.next_action_at)
        .limit(limit)
    )
    return [(game_id, game_type) for game_id, game_type in connection.execute(query)]


# pg_try_advisory_xact_lock's key for the turn at picking due games ("cardswep")
SWEEP_LOCK = 0x6361726473776570


def sweep_turn(connection: Connection, idle_seconds: float) -> bool:
    """Whether it is this worker's turn to pick due games (``due``): one worker's at a
    time, across every instance, holding a transaction-level advisory lock until its
    transaction ends; a turn that sits idle longer than ``idle_seconds`` loses its
    connection (and so the turn: a frozen worker cannot hold it). Always on SQLite,
    where one worker runs and there are no advisory locks."""
    if connection.dialect.name != "postgresql":
        return True
    statement = select(
        func.pg_try_advisory_xact_lock(SWEEP_LOCK),
        func.set_config("idle_in_transaction_session_timeout", f"{int(idle_seconds * 1000)}", True),
    )
    return bool(connection.execute(statement).scalar())


# -- running a hot statement -----------------------------------------------------------


def _first_row(
    connection: Connection, statement: Executable, params: dict[str, Any]
) -> Sequence[Any] | None:
    """The statement's first row (None if it has none): through psycopg itself when the
    statement is its own transaction on PostgreSQL, else through SQLAlchemy (which
    keeps a transaction's bookkeeping, and serves SQLite)."""
    driver = _autocommit_psycopg(connection)
    if driver is None:
        return connection.execute(statement, params).first()
    compiled = _compiled(statement, connection.dialect)
    sql, values = compiled.sql, compiled.values(params)
    cursor = driver.cursor()
    try:
        # the listeners SQLAlchemy would call: the tests' shard check, the bench's capture
        for listener in connection.dispatch.before_cursor_execute:
            sql, values = listener(connection, cursor, sql, values, None, False)
        cursor.execute(sql, values)
        return cursor.fetchone()
    except BaseException as error:
        # SQLAlchemy's own handling: its exceptions (the retries and the 503s expect
        # them), and a connection that died or was interrupted discarded, not pooled
        connection._handle_dbapi_exception(error, sql, values, cursor, None)
    finally:
        cursor.close()


def _autocommit_psycopg(connection: Connection) -> Any:
    """The connection's psycopg connection if it is in autocommit mode, else None."""
    if connection.dialect.driver != "psycopg":
        return None
    driver = connection.connection.driver_connection
    return driver if driver is not None and driver.autocommit else None


@dataclass(frozen=True)
class _Compiled:
    """A statement as SQLAlchemy sends it to psycopg: its SQL, and how its parameters
    are made of the values given (the statement's own values, such as ``literal(1)``,
    added; JSON wrapped by SQLAlchemy's bind processors)."""

    sql: str
    own_values: dict[str, Any]
    processors: dict[str, Callable[[Any], Any]]
    names: tuple[str, ...]

    def values(self, given: dict[str, Any]) -> dict[str, Any]:
        values = {
            name: given[name] if name in given else self.own_values[name] for name in self.names
        }
        for name, process in self.processors.items():
            values[name] = process(values[name])
        return values


@functools.cache
def _compiled(statement: Executable, dialect: Dialect) -> _Compiled:
    compiled = cast(Any, statement).compile(dialect=dialect)
    binds = {name: bind for bind, name in compiled.bind_names.items()}
    processors = {
        name: processor
        for name, bind in binds.items()
        if (processor := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
    }
    own = {name: bind.effective_value for name, bind in binds.items() if not bind.required}
    return _Compiled(compiled.string, own, processors, tuple(binds))
