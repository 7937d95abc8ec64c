"""Reading a table: the game with what is due applied, its event log a page at a time,
waited for (long poll) or streamed, and the lobby. Nothing here changes a table except
through ``play.catch_up``, which every read applies first."""

import functools
import logging
import random
import socket
import time
import uuid
from contextlib import ExitStack
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import JSON, BigInteger, Select, bindparam, func, inspect, select, tuple_
from sqlalchemy.orm import Session, make_transient_to_detached, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from ..errors import NotFound, ServiceError
from . import changes, clock, play, writes
from .access import identify
from .db import DATABASE_AWAY, LOST_RACE, deadline, lost_race, writing
from .models import EventRow, Game, LoggedEvent, Seat, Status, Visibility
from .render import render_event

Found = TypeVar("Found")
LOOK_SECONDS = 5.0  # the database work of one look of a waiting request
LOOK_AGAIN_SECONDS = (1.0, 3.0)  # after a failed look, the listener up: drawn in between
log = logging.getLogger(__name__)


def load(session: Session, game_id: uuid.UUID, lock: bool = False) -> Game:
    """The game with its seats, read in one statement built once (so who holds which
    seat is read at the same moment as the game: a seat can change hands between two
    reads) and one row (each JSON column decoded once, not once per seat), and made
    into a game without the ORM's loading, which cost more than the rest of a view.

    The game belongs to no session. Unlocked, it is only read, never saved (and a column
    not read here, the deferred rounds, reads as None). Locked (``FOR UPDATE``), the
    session saves it at the commit (``writes``), and holds its seats as if the ORM had
    loaded them. A statement that waited for the lock sees the seats as they were when
    it began; every change of seats changes the game too, so when the game's version at
    that moment differs from the locked one, the seats are read again."""
    return _found(_read(session, game_id, WAIT if lock else None), game_id)


def load_to_change(session: Session, game_id: uuid.UUID) -> Game:
    """The game read as ``load(lock=True)`` reads it, but with no row lock: the session
    saves it at the commit only if its version is still the one read (``writes``), and
    raises ``StaleDataError`` if another change came first. Its seats are only read, not
    held by the session: they change only under the lock."""
    return _found(_read(session, game_id, UNLOCKED), game_id)


def lock_unless_held(session: Session, game_id: uuid.UUID) -> Game | None:
    """The game locked as ``load`` locks it, or ``None`` if another transaction holds it
    (or it is gone): the worker passes on to the next."""
    return _read(session, game_id, SKIP)


# To change the game: wait for whoever holds its lock, pass, or take no lock at all
WAIT, SKIP, UNLOCKED = "wait", "skip", "unlocked"


def load_page(
    session: Session, game_id: uuid.UUID, after: int, limit: int
) -> tuple[Game, list[LoggedEvent]]:
    """The game as ``load`` reads it and the page of its log after ``after`` (at most
    ``limit`` events, none past the game's ``last_seq``) in the same statement: one
    round trip, and the page is what the game read knows of (a later event may belong
    to seats as they are after a change the game read has not seen)."""
    bounds = {"after": after, "through": after + limit}  # summed in SQL, it could overflow
    values = _found(_fetch(session, game_id, None, bounds), game_id)
    rows = sorted(values.pop("page_rows") or [], key=lambda row: row[0])  # by seq
    page = [_logged(game_id, row) for row in rows]
    return _game(session, game_id, values, None), page


def _found(found: Found | None, game_id: uuid.UUID) -> Found:
    if found is None:
        raise NotFound(f"no game {game_id}")
    return found


def _read(session: Session, game_id: uuid.UUID, lock: str | None) -> Game | None:
    values = _fetch(session, game_id, lock)
    return None if values is None else _game(session, game_id, values, lock)


def _fetch(session: Session, game_id: uuid.UUID, lock: str | None, page=None) -> dict | None:
    if lock:  # as the ORM's own query would, what is pending is read back
        writes.save_held(session)
        session.flush()
    connection = session.connection()
    query = _query(connection.dialect.name, lock, paged=page is not None)
    values = connection.execute(query, {"game_id": game_id, **(page or {})}).one_or_none()
    return None if values is None else values._asdict()


def _game(session: Session, game_id: uuid.UUID, values: dict[str, Any], lock: str | None):
    seats = values.pop("seat_rows") or []
    if values.pop("seen_version") != values["version"]:
        seats = (_fetch(session, game_id, None) or {}).get("seat_rows") or []
    game = _instance(Game, values)
    held = [
        _instance(Seat, {"game_id": game.id, **dict(zip(SEAT_FIELDS, seat, strict=True))})
        for seat in sorted(seats)
    ]
    if lock in (WAIT, SKIP):  # seats change only under the lock (join, leave, deal)
        held = [_attach(session, seat) for seat in held]
    if lock:
        writes.hold(session, game)
    set_committed_value(game, "seats", held)
    return game


def _logged(game_id: uuid.UUID, row: list[Any]) -> LoggedEvent:
    """An event of a page, from its JSON array (``EVENT_FIELDS``): its time comes as
    text, in the database's time zone (PostgreSQL) or as stored, naive in UTC (SQLite),
    and is rendered in UTC whatever the server's ``TimeZone``, as a move's answer is."""
    event = dict(zip(EVENT_FIELDS, row, strict=True))
    at = datetime.fromisoformat(event["at"])
    event["at"] = at.astimezone(UTC) if at.tzinfo else at
    event["game_id"] = game_id
    return event


def _instance(model, values: dict[str, Any]):
    """An instance holding ``values`` as the ORM's own loader makes one: set in its
    dictionary, past the attribute events that the constructor fires (a fifth of the
    time)."""
    instance = inspect(model).class_manager.new_instance()
    instance.__dict__.update(values)
    return instance


def _attach(session: Session, instance):
    """A seat read by ``load``, now in the session as if the ORM had loaded it (one read
    before under the same identity leaves first)."""
    stale = session.identity_map.get(
        inspect(instance.__class__).identity_key_from_instance(instance)
    )
    if stale is not None:
        session.expunge(stale)
    make_transient_to_detached(instance)
    session.add(instance)
    return instance


# Every column but the deferred ones (the rounds' results), which the ORM reads if asked.
GAME_COLUMNS = tuple(
    attribute.columns[0] for attribute in inspect(Game).column_attrs if not attribute.deferred
)
SEAT_FIELDS = ("seat", "name", "bot", "token_hash")
EVENT_FIELDS = ("seq", "round", "type", "seat", "by", "data", "secret", "audience", "at")
EVENT_JSON = ("data", "secret", "audience")  # JSON in JSON (SQLite stores it as text)


@functools.cache
def _query(dialect: str, lock: str | None, paged: bool = False) -> Select:
    """The game's columns, its version as the statement's snapshot sees it (which the
    locked row's differs from after waiting for another change), and its seats as one
    JSON array of ``[seat, name, bot, token_hash]`` arrays; ``paged``, a page of its log
    too, as one JSON array of ``EVENT_FIELDS`` arrays."""
    games, seats = Game.__table__, Seat.__table__
    seat_rows = _json_rows(dialect, [seats.c[name] for name in SEAT_FIELDS])
    of_game = select(seat_rows).where(seats.c.game_id == games.c.id).scalar_subquery()
    seen = games.alias("seen")
    seen_version = select(seen.c.version).where(seen.c.id == games.c.id).scalar_subquery()
    columns = [*GAME_COLUMNS, seen_version.label("seen_version"), of_game.label("seat_rows")]
    if paged:
        columns.append(_page(dialect).label("page_rows"))
    query = select(*columns).where(games.c.id == bindparam("game_id"))
    if lock in (WAIT, SKIP):
        return query.with_for_update(of=games, skip_locked=lock == SKIP)
    return query


def _page(dialect: str):
    """The events after ``after``, at most ``limit`` and none past the row's last_seq: a
    range of ``seq``, which numbers a game's events 1, 2, 3... with no gap (``play``)."""
    events, games = EventRow.__table__, Game.__table__
    last = func.least if dialect == "postgresql" else func.min  # SQLite's min of values
    fields = [
        func.json(events.c[name])
        if dialect != "postgresql" and name in EVENT_JSON
        else events.c[name]
        for name in EVENT_FIELDS
    ]
    return (
        select(_json_rows(dialect, fields))
        .where(
            events.c.game_id == games.c.id,
            events.c.seq > bindparam("after"),
            events.c.seq <= last(bindparam("through", type_=BigInteger), games.c.last_seq),
        )
        .scalar_subquery()
    )


def _json_rows(dialect: str, fields):
    """The rows as one JSON array of arrays (in no set order)."""
    if dialect == "postgresql":
        return func.json_agg(func.json_build_array(*fields), type_=JSON)
    return func.json_group_array(func.json_array(*fields), type_=JSON)  # SQLite


def load_current(session: Session, game_id: uuid.UUID) -> Game:
    """The game with whatever is due applied first: a read, too, moves bots and clocks."""
    game = load(session, game_id)
    return apply_due(session, game_id) if play.is_due(game, clock.now()) else game


def apply_due(session: Session, game_id: uuid.UUID) -> Game:
    """Apply what is due, under the lock; the game as it is then."""
    try:
        with writing(session):
            game = load(session, game_id, lock=True)
            play.catch_up(session, game, clock.now())
        return game
    except LOST_RACE as error:
        if not lost_race(session, error):
            raise
        session.rollback()  # the worker or another request applied it first
        return load(session, game_id)


def wait_for_events(
    session: Session,
    hub: changes.Hub,
    game_id: uuid.UUID,
    token: str | None,
    after: int,
    limit: int,
    wait: float,
    client: socket.socket | None = None,
) -> dict[str, Any]:
    """The events after ``after``; if there are none yet, wait up to ``wait`` seconds for
    some (a long poll), holding no connection and no transaction meanwhile."""
    if wait <= 0:
        return _look(session, game_id, token, after, limit).page
    give_up = time.monotonic() + wait
    with hub.waiter(game_id, after, client) as waiter:
        look = _look(session, game_id, token, after, limit)  # refusals come first
        while not (look.page["events"] or waiter.client_gone):
            left = give_up - time.monotonic()
            if left <= 0:
                break
            if _news_possible(hub, waiter, left, look.due):
                look = _look_again(session, hub, game_id, token, after, limit, look)
    return look.page


class EventStream:
    """The events of a game as they commit, for one seat (or a spectator), as an iterable
    of ``("event", event)``, ``("heartbeat", None)`` and, once the match is finished and
    its last event sent, ``("end", {"last_seq"})``. It ends there, when the client hangs
    up, or after ``seconds`` (the client reconnects). The first look happens when it is
    opened, so a bad token or an unknown game is refused before the stream begins."""

    PAGE = 100

    def __init__(self, sessions, hub, game_id, token, after, client, seconds, heartbeat):
        self._session = sessions()
        self._stack = ExitStack()
        self._stack.callback(self._session.close)
        self._game = (game_id, token)
        self._hub = hub
        self._ends = time.monotonic() + seconds
        self._heartbeat = heartbeat
        try:
            self._waiter = self._stack.enter_context(hub.waiter(game_id, after, client))
            self._first = _look(self._session, game_id, token, after, self.PAGE)
        except BaseException:
            self._stack.close()
            raise

    def __iter__(self):
        waiter, look = self._waiter, self._first
        quiet_since = time.monotonic()
        while True:
            for event in look.page["events"]:
                waiter.after = event["seq"]
                yield "event", event
            now = time.monotonic()
            if look.page["events"]:
                quiet_since = now
            if look.finished and waiter.after >= look.page["last_seq"]:
                yield "end", {"last_seq": look.page["last_seq"]}
                return
            if now >= self._ends or waiter.client_gone:
                return
            if now - quiet_since >= self._heartbeat:
                yield "heartbeat", None
                quiet_since = now
            quiet_left = min(self._ends, quiet_since + self._heartbeat) - now
            full = len(look.page["events"]) == self.PAGE  # then read on at once
            look = look.seen()
            if full or _news_possible(self._hub, waiter, quiet_left, look.due):
                try:
                    look = _look_again(
                        self._session, self._hub, *self._game, waiter.after, self.PAGE, look
                    )
                except ServiceError:  # the token was retired (its player left): nothing more
                    return

    def close(self) -> None:
        self._stack.close()


@dataclass(frozen=True)
class Look:
    """What one look at the log found: the page of events, whether the match is over,
    and when the game's next automatic action is due."""

    page: dict[str, Any]
    finished: bool
    due: datetime | None

    def seen(self) -> "Look":
        """The same look once its events are sent: nothing new in it."""
        return replace(self, page={**self.page, "events": []})


def _look(session, game_id, token, after, limit) -> Look:
    """One look at the log (applying what is due first), then the connection goes back to
    the pool."""
    try:
        with deadline(LOOK_SECONDS):
            game, rows = load_page(session, game_id, after, limit)
            if play.is_due(game, clock.now()):
                apply_due(session, game_id)
                game, rows = load_page(session, game_id, after, limit)
            seat = identify(game, token).seat
            events = [render_event(row, seat, game) for row in rows]
            page = {"events": events, "last_seq": game.last_seq}
            finished = game.status == Status.FINISHED
            return Look(page, finished, clock.aware(game.next_action_at))
    finally:
        session.close()


def _look_again(session, hub: changes.Hub, game_id, token, after, limit, previous):
    """A look while waiting: if the database is away, keep what we had and wait on (the
    waiter is answered at its deadline, the stream goes on with heartbeats). What the
    failed look may have missed is looked for again, never at once nor all together:
    with the listener away, by the listener when it is back (one look for all waiters);
    with it up (the pool was busy, say), no hint may come, so after a jittered pause."""
    try:
        return _look(session, game_id, token, after, limit)
    except DATABASE_AWAY as error:
        log.warning("a waiter could not look at game %s: %s", game_id, error)
        again = None
        if hub.listening.is_set():
            again = clock.now() + timedelta(seconds=random.uniform(*LOOK_AGAIN_SECONDS))
        return replace(previous, due=again)


def _news_possible(hub: changes.Hub, waiter: changes.Waiter, left: float, due) -> bool:
    """Wait at most ``left`` seconds for a hint. True when the log may have grown: a hint
    came, a bot's or a clock's action fell due (someone must apply it: the look does), or
    waiters poll (SQLite); False when the wait ran out with no news (no look is needed,
    which keeps thousands of quiet waiters off the database)."""
    pause = hub.poll_seconds(left)
    if due is not None:
        pause = min(pause, max(0.05, (due - clock.now()).total_seconds()))
    if waiter.wait(pause):
        return not waiter.client_gone  # a client that hung up needs no look
    return hub.polling or (due is not None and due <= clock.now())


def lobby(
    session: Session, type_: str | None, status: str | None, cursor: str | None, limit: int
) -> tuple[list[Game], str | None]:
    """Public tables, newest first, a page at a time; the cursor names the last one seen."""
    query = (
        select(Game).options(selectinload(Game.seats)).where(Game.visibility == Visibility.PUBLIC)
    )
    if type_:
        query = query.where(Game.type == type_)
    if status:
        query = query.where(Game.status == status)
    if cursor:
        created_at, game_id = _decode_cursor(cursor)
        query = query.where(tuple_(Game.created_at, Game.id) < (created_at, game_id))
    games = session.scalars(
        query.order_by(Game.created_at.desc(), Game.id.desc()).limit(limit + 1)
    ).all()
    page = games[:limit]
    more = len(games) > limit
    return list(page), _encode_cursor(page[-1]) if more else None


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


def _encode_cursor(game: Game) -> str:
    """``<microseconds since 1970>-<id>``: every text of that shape is a place in the
    lobby's order (the schema's pattern), so none the pattern admits is refused."""
    created_at = game.created_at.replace(tzinfo=game.created_at.tzinfo or UTC)  # SQLite: naive
    return f"{(created_at - EPOCH) // MICROSECOND}-{game.id.hex}"


def _decode_cursor(cursor: str) -> tuple[datetime, uuid.UUID]:
    micros, game_id = cursor.split("-")
    return EPOCH + int(micros) * MICROSECOND, uuid.UUID(game_id)
