"""A table's use cases, each through the one way to change a game (``change``): create,
join (by id or code), deal, move, leave, end, and apply what is due. An exception leaves
the database untouched.

``change`` loads the game, applies an input through the table's rules
(``table.rules``) and saves the result with the version check. On PostgreSQL it first
tries without a lock: the game read in autocommit mode, then saved in one statement
if its version is still the one read (``games.save``). No row
lock is held while the rules and the bots run. Only if another change came first (a
lost compare-and-set) is the game read again under its row lock and the input applied
again there, where nothing can come first. Where that would nearly always happen (every
seat acting at once, as in Spoons; a move close to a turn's deadline, which the clock
could take first) the input is not tried unlocked: the game is read again under its
lock at once. Whatever falls due is applied by the rules within the same change (a move
catches up with the clock first), so a move is one change, read (or taken as its
process saved it: ``move``) and saved once."""

import base64
import contextlib
import hashlib
import hmac
import random
import secrets
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from psycopg.errors import LockNotAvailable
from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError

from .. import encoding, engine, metrics
from ..engine.base import canonical
from ..errors import (
    BadCode,
    Forbidden,
    IdempotencyConflict,
    NotFound,
    ServiceError,
    WrongPhase,
)
from ..table import access, clock, rules
from ..table.records import Status, Table, Visibility
from ..table.render import render_event, view
from ..table.rules import Progress
from . import changes, games, limits, presence
from .db import LOST_RACE, LostRace
from .games import SKIP, WAIT, Lock
from .unit import Unit

SEED_BITS = 128
DUE_MARGIN = timedelta(seconds=1)  # far more than a move takes, bots and all
# A serialization failure or a deadlock (on Citus, a distributed one) is retried, after
# a pause drawn from 0 to RETRY_PAUSE_SECONDS times the attempt, so that the rivals
# part; after RETRIES, the request fails (a 503).
RETRYABLE = frozenset({"40001", "40P01"})
RETRIES = 3
RETRY_PAUSE_SECONDS = 0.02
# An input: the table read and the time (after the read) to its change, or a refusal.
Apply = Callable[[Table, datetime], Progress]


class Response(NamedTuple):
    """What a use case makes of its change."""

    answer: Any = None
    remembered: dict[str, Any] | None = None  # an idempotent_answers row, but for its game
    views: dict[int, Any] | None = None  # the seats' views the answer rendered (Fresh)


Respond = Callable[[Progress], Response]
# How a change reads the game (``games.load``, or a use case's own read of it and more)
ReadGame = Callable[[Connection, uuid.UUID, Lock | None], Table | None]


@dataclass(frozen=True)
class Changed:
    """What ``change`` made of a game: the change, saved, and what the use case made of
    it (``respond``)."""

    progress: Progress
    answer: Any = None


def not_simultaneous(table: Table) -> bool:
    return not table.rules.simultaneous


def change(
    unit: Unit,
    game_id: uuid.UUID,
    apply: Apply,
    respond: Respond = lambda p: Response(),
    unlocked: Callable[[Table], bool] | None = not_simultaneous,
    lock: Lock = WAIT,
    seen: Table | None = None,
    read_game: ReadGame | None = None,
) -> Changed | None:
    """Load the game (with ``read_game``, else ``games.load``), ``apply`` the input, settle
    its times at the moment of saving, ``respond`` (the answer, and a row to remember
    with the change, if any) and save, with the version check; first without a lock
    where ``unlocked`` says it may (None: never), starting from the game as the caller
    has ``seen`` it if it read it already. With ``SKIP``, None if another transaction
    holds the game's lock. A transaction that fails with a serialization failure or a
    deadlock is rolled back and the whole change tried again, from a fresh read, up to
    ``RETRIES`` times."""
    for attempt in range(1, RETRIES + 2):
        try:
            return _change_once(
                unit, game_id, apply, respond, unlocked, lock, seen, read_game or games.load
            )
        except OperationalError as error:
            sqlstate = getattr(error.orig, "sqlstate", None)
            if sqlstate not in RETRYABLE or attempt > RETRIES:
                raise
            unit.close()
            metrics.transaction_retried(str(sqlstate))
            time.sleep(random.uniform(0, RETRY_PAUSE_SECONDS * attempt))
            seen = None
    raise AssertionError("unreachable")


def _change_once(
    unit: Unit,
    game_id: uuid.UUID,
    apply: Apply,
    respond: Respond,
    unlocked: Callable[[Table], bool] | None,
    lock: Lock,
    seen: Table | None,
    read_game: ReadGame,
) -> Changed | None:
    if unit.dialect == "postgresql" and unlocked is not None:
        table = seen or _found(read_game(unit.connection(), game_id, None), game_id)
        if unlocked(table):
            try:
                return _apply(unit, table, apply, respond)
            except LostRace:  # another change came first: again, under the lock
                metrics.move_replayed(table.type)
            except OperationalError as error:
                # The save waited the lock timeout for a row another transaction holds:
                # with SKIP, pass on as the lock's SKIP LOCKED below would.
                if not (lock == SKIP and isinstance(error.orig, LockNotAvailable)):
                    raise
    with unit.transaction():
        locked = read_game(unit.connection(), game_id, lock)
        if locked is None and lock == SKIP:
            return None
        return _apply(unit, _found(locked, game_id), apply, respond)


def _apply(unit: Unit, table: Table, apply: Apply, respond: Respond) -> Changed:
    progress = rules.settle(apply(table, clock.now()), clock.now())
    response = respond(progress)
    unit.add(progress, response.remembered, response.views)
    unit.commit()
    return Changed(progress, response.answer)


def _found(table: Table | None, game_id: uuid.UUID) -> Table:
    if table is None:
        raise NotFound(f"no game {game_id}")
    return table


def load(unit: Unit, game_id: uuid.UUID) -> Table:
    """The game as it is, with whatever is due applied first: a read, too, moves bots
    and clocks."""
    table = _found(games.load(unit.connection(), game_id), game_id)
    return apply_due(unit, game_id, table) if rules.is_due(table, clock.now()) else table


def apply_due(unit: Unit, game_id: uuid.UUID, seen: Table | None = None) -> Table:
    """Apply what is due (a request that reads the game, or has ``seen`` it); the game
    as it is then."""
    try:
        changed = change(unit, game_id, rules.apply_due, seen=seen)
    except LOST_RACE:  # SQLite, where nothing is locked: another request applied it first
        unit.close()
        return _found(games.load(unit.connection(), game_id), game_id)
    assert changed is not None, "waits for the lock"
    return changed.progress.table


# -- the moves -------------------------------------------------------------------------


@dataclass(frozen=True)
class Answered:
    """A move's answer, and whether it is the stored answer of an earlier request with
    the same ``Idempotency-Key`` (nothing was applied this time)."""

    body: dict[str, Any]
    replayed: bool = False


class Preconditions(NamedTuple):
    idempotency_key: str | None = None
    version: int | None = None  # If-Match


class _Unread(Exception):
    """The move was refused by the game as this process saved it last, unread."""


class _Replay(Exception):
    """The move was played already with this Idempotency-Key: its first answer."""

    def __init__(self, answer: dict[str, Any]):
        self.answer = answer


def move(
    unit: Unit,
    game_id: uuid.UUID,
    token: str | None,
    chosen: engine.Move,
    preconditions: Callable[[], Preconditions] = Preconditions,
) -> Answered:
    """A seat's move (``preconditions`` reads the request's headers, called once the
    token is a seat's). It starts from the game as this process saved it last, if it
    knows it (``changes.saved_here``), rather than read it: the save's version check
    confirms it, and a key sent before fails the save as another change would. A move
    that game refuses is tried again from a read (the game it knows may be behind, and
    the move a replay of an earlier one)."""
    saved = changes.saved_here(unit.engine, game_id)
    if saved is not None and _may_try_unlocked(saved):  # else read under the lock at once
        # its state as a read gives it (JSON's lists where the engine made tuples)
        unread = replace(saved, state=encoding.as_stored(saved.state))
        try:
            return _move(unit, game_id, _MoveRequest(unit, token, chosen, preconditions, unread))
        except _Unread:
            unit.close()
    return _move(unit, game_id, _MoveRequest(unit, token, chosen, preconditions))


def _move(unit: Unit, game_id: uuid.UUID, request: "_MoveRequest") -> Answered:
    try:
        changed = change(
            unit,
            game_id,
            request.apply,
            request.respond,
            _may_try_unlocked,
            seen=request.unread,
            read_game=request.read,
        )
    except _Replay as replay:
        return Answered(replay.answer, replayed=True)
    assert changed is not None, "waits for the lock"
    return Answered(changed.answer)


class _MoveRequest:
    """A move is the one input that a client retries, so it answers an
    ``Idempotency-Key`` replay with its first answer and checks ``If-Match``. The answer
    is rendered here, not by the HTTP layer, because a replay must give back the very
    answer stored with the move."""

    def __init__(
        self,
        unit: Unit,
        token: str | None,
        chosen: engine.Move,
        preconditions: Callable[[], Preconditions],
        unread: Table | None = None,
    ) -> None:
        self.unit, self.token, self.chosen = unit, token, chosen
        self.read_preconditions = preconditions
        self.request_hash = hashlib.sha256(canonical(chosen.to_wire()).encode()).hexdigest()
        self.seat = 0
        self.preconditions = Preconditions()
        self.answered: dict[int, tuple[str, dict[str, Any]]] = {}
        self.unread = unread  # the game as this process saved it, if it starts from it

    def read(self, connection: Connection, game_id: uuid.UUID, lock: Lock | None) -> Table | None:
        """The game, and the answers stored with the request's key, in one read."""
        try:
            key = self.read_preconditions().idempotency_key
        except ServiceError:  # refused in ``apply``, once the token is known to be a seat's
            key = None
        if key is None:
            return games.load(connection, game_id, lock)
        found = games.load_answered(connection, game_id, key, lock)
        if found is None:
            return None
        table, self.answered = found
        return table

    def apply(self, table: Table, now: datetime) -> Progress:
        try:
            return self._apply(table, now)
        except (ServiceError, engine.EngineError) as refused:
            if table is self.unread:
                raise _Unread from refused
            raise

    def _apply(self, table: Table, now: datetime) -> Progress:
        self.seat = access.require_seat(table, self.token)
        self.preconditions = key, version = self.read_preconditions()
        stored = self.answered.get(self.seat)  # empty without a key
        if stored is not None:
            request_hash, answer = stored
            if request_hash != self.request_hash:
                raise IdempotencyConflict("this Idempotency-Key was sent with another move")
            raise _Replay(answer)
        return rules.move(table, self.seat, self.chosen, now, version)

    def respond(self, progress: Progress) -> Response:
        table = progress.table
        events = [render_event(row, self.seat, table) for row in progress.events]
        seen = view(table, self.seat)
        answer = {"events": events, "view": seen}
        views = {self.seat: seen}  # the mover's stream sends it as it is
        key = self.preconditions.idempotency_key
        if key is None:
            return Response(answer, None, views)
        remembered = {"seat": self.seat, "key": key, "request_hash": self.request_hash}
        return Response(answer, remembered | {"answer": answer}, views)


def _may_try_unlocked(table: Table) -> bool:
    """Not where every seat acts at once, nor within ``DUE_MARGIN`` of an action falling
    due: the worker or a read would apply it while the move runs unlocked, and a move
    sent in time would lose to the clock (under the lock, they wait for it)."""
    due = clock.aware(table.next_action_at)
    near = due is not None and due <= clock.now() + DUE_MARGIN
    return not (table.rules.simultaneous or near)


def react(unit: Unit, game_id: uuid.UUID, token: str | None, reaction: str) -> dict[str, Any]:
    """A seat's reaction, logged for the table to see (``rules.react``): the event."""

    def apply(table: Table, now: datetime) -> Progress:
        return rules.react(table, access.require_seat(table, token), reaction, now)

    changed = change(unit, game_id, apply)
    assert changed is not None, "waits for the lock"
    (logged,) = changed.progress.events
    return render_event(logged, logged["seat"], changed.progress.table)


def at_table(unit: Unit, game_id: uuid.UUID) -> dict[str, Any]:
    """Who is at the table (``presence``), of a game that is."""
    game = _found(games.load(unit.connection(), game_id), game_id)
    seen = presence.read(unit.connection(), game_id, clock.now())
    here = set(seen.here)
    return {
        "seats": [{"seat": s.seat, "here": s.seat in here} for s in game.seats],
        "spectators": seen.spectators,
    }


# -- a table's life --------------------------------------------------------------------


@dataclass(frozen=True)
class Created:
    """A new table, with the secrets shown once: the host token and a private code."""

    table: Table
    host_token: str
    code: str | None


def create(unit: Unit, request: dict[str, Any], client: str) -> Created:
    created = _create(unit, client, new_table(request, clock.now()))
    assert created is not None, "a random id is new"
    return created


def _create(
    unit: Unit,
    client: str,
    created: Created,
    lay_out: Apply | None = None,
) -> Created | None:
    """Store the ``created`` table, counted against the client's creations, and first
    changed by ``lay_out`` (if given) in the same transaction, so that nobody sees it
    before (the answer holds the table as laid out); None (and not counted) if a game
    with its id was made first."""
    now = clock.now()
    limits.take(unit.connection(), client, "create", now)
    table = created.table
    with unit.transaction() if lay_out else contextlib.nullcontext():
        made = games.create(unit.connection(), table)
        if made and lay_out:
            laid_out = rules.settle(lay_out(table, now), now)
            unit.add(laid_out)
            unit.commit()
            created = replace(created, table=laid_out.table)
    if not made:
        limits.give_back(unit.connection(), client, "create", now)
        return None
    if table.code_hash is not None:
        games.add_code(unit.connection(), table)
    return created


def new_table(
    request: dict[str, Any],
    now: datetime,
    game_id: uuid.UUID | None = None,
    keys: tuple[str, str] | None = None,
) -> Created:
    """A new table's record as ``request`` asks for it, not stored yet, with its id
    (``game_id``, else a new one) and its secrets: the host token and a private table's
    code (``keys``, else new ones)."""
    game_rules = engine.GAMES[request["type"]]
    options = game_rules.resolve_options(request.get("options") or {})
    seats = request.get("seats") or game_rules.player_range(options)[1]
    game_rules.check_players(seats, options)
    seed = request.get("seed")
    token, any_code = keys or (access.new_token()[0], access.new_code())
    code = any_code if request["visibility"] == Visibility.PRIVATE else None
    table = Table(
        id=game_id or uuid.uuid4(),
        type=game_rules.slug,
        options=options,
        visibility=request["visibility"],
        code_hash=access.code_hash(code) if code else None,
        max_seats=seats,
        turn_seconds=request.get("turn_seconds"),
        think_seconds=request.get("think_seconds", 1.0),
        host_token_hash=access.hash_secret(token),
        seed=str(secrets.randbits(SEED_BITS) if seed is None else seed),
        nonce=str(secrets.randbits(SEED_BITS)),
        seeded=seed is not None,
        created_at=now,
        updated_at=now,
    )
    return Created(table, token, code)


def join(
    unit: Unit, game_id: uuid.UUID, request: dict[str, Any], token: str | None, client: str
) -> dict[str, Any]:
    """A player takes a seat (with the code of a private table), or the host adds a bot."""
    if "bot" in request:
        return _seat(unit, game_id, None, request["bot"], host_token=token)
    now = clock.now()
    limits.take(unit.connection(), client, "join", now)
    table = _found(games.load(unit.connection(), game_id), game_id)
    if table.code_hash is not None:
        given = access.code_hash(request.get("code"))
        limits.guess_code(unit.connection(), client, given, now)
        if not hmac.compare_digest(given, table.code_hash):
            raise BadCode("this private table needs its code")
        limits.code_was_right(unit.connection(), client, given)
    return _seat(unit, game_id, request["name"], None)


def join_by_code(unit: Unit, code: str, name: str, client: str) -> dict[str, Any]:
    now = clock.now()
    limits.take(unit.connection(), client, "join", now)
    given = access.code_hash(code)
    limits.guess_code(unit.connection(), client, given, now)
    game_id = games.find_by_code(unit.connection(), given)
    if game_id is None:
        raise BadCode("no table has this code")
    limits.code_was_right(unit.connection(), client, given)
    return {"game_id": str(game_id), **_seat(unit, game_id, name, None)}


def _seat(
    unit: Unit,
    game_id: uuid.UUID,
    name: str | None,
    bot: str | None,
    host_token: str | None = None,
) -> dict[str, Any]:
    """A human's seat gets a token; a bot's gets none that anybody knows."""
    token, token_hash = access.new_token()

    def take_seat(table: Table, now: datetime) -> Progress:
        if bot and (host_token is None or not access.identify(table, host_token).host):
            raise Forbidden("only the host adds computer players")
        return rules.join(table, name, bot, token_hash, now)

    changed = _locked(unit, game_id, take_seat)
    seat = len(changed.progress.table.seats) - 1
    return {"seat": seat, "token": None if bot else token}


def deal(
    unit: Unit, game_id: uuid.UUID, token: str | None, fill_with_bots: str | None = None
) -> Table:
    """Deal the first round (the host, who may fill the empty seats with bots) or the
    next one (the host or any player)."""
    changed = _locked(
        unit, game_id, lambda table, now: rules.deal(table, token, now, fill_with_bots)
    )
    return changed.progress.table


def leave(unit: Unit, game_id: uuid.UUID, token: str | None) -> Table:
    """Leave a waiting table (later seats move up one), or hand a running game's seat to
    a bot, which plays it from then on."""

    def leave_seat(table: Table, now: datetime) -> Progress:
        seat = access.require_seat(table, token)
        return rules.leave(table, seat, now, access.new_token()[1])

    return _locked(unit, game_id, leave_seat).progress.table


def end(unit: Unit, game_id: uuid.UUID, token: str | None) -> Table:
    """The host ends the match: the game is finished and the log reveals everything."""
    return _locked(unit, game_id, lambda table, now: rules.end(table, token, now)).progress.table


@dataclass(frozen=True)
class Rematch:
    """The table a finished match is played again at (``created`` by this call or not),
    and the caller's seat there with its token; ``host_token`` and ``code`` only for the
    seat that made it."""

    table: Table
    created: bool
    seat: int
    token: str
    host_token: str | None = None
    code: str | None = None


REMATCH_IDS = uuid.UUID("9f1c3a52-0d6e-4f43-8a57-3c1e5b2d7a10")


def rematch(unit: Unit, game_id: uuid.UUID, token: str | None, client: str) -> Rematch:
    """A seat of a finished match sits down at its rematch, made by the first such call
    (its host), like the match: game, options, seats, clock and think time, private if
    another person sat there, each seat where it was: the bots seated, the other people's
    seats held (``rules.sit_again``).

    The rematch's id is derived from the finished game's, so racing first calls all make
    the same table: one insert wins, the others find it (and the creation is counted
    against the winner's address alone). It is made with its seats laid out, in one
    transaction; the finished game then names it (an event its seats' pages follow).
    Each caller's secrets there (her seat's token; the host token and the code, if she
    made it) are derived from her token here: every call gives them again, and none is
    stored."""
    old = load(unit, game_id)
    seat = access.require_seat(old, token)
    if old.status != Status.FINISHED:
        raise WrongPhase("a match is played again once it is finished")
    assert token is not None
    new_id = old.next_game_id or uuid.uuid5(REMATCH_IDS, str(game_id))
    keys = _RematchKeys.of(token, new_id)
    sit = _sitting(old, seat, keys.seat)
    made = None
    if old.next_game_id is None and games.load(unit.connection(), new_id) is None:
        made = _make_rematch(unit, old, new_id, seat, keys, sit, client)
    # the maker sat down as she made it; the others sit down now
    new = made.table if made else _locked(unit, new_id, sit).progress.table
    if old.next_game_id is None:
        change(unit, game_id, lambda table, now: rules.rematch_made(table, new_id, seat, now))
    hosting = hmac.compare_digest(access.hash_secret(keys.host), new.host_token_hash)
    return Rematch(
        new,
        made is not None,
        access.require_seat(new, keys.seat),
        keys.seat,
        keys.host if hosting else None,
        keys.code if hosting and new.code_hash is not None else None,
    )


@dataclass(frozen=True)
class _RematchKeys:
    """A seat's secrets at a rematch, derived from its token at the finished match."""

    seat: str
    host: str
    code: str

    @classmethod
    def of(cls, token: str, game_id: uuid.UUID) -> "_RematchKeys":
        def derived(purpose: str) -> bytes:
            return hmac.new(token.encode(), purpose.encode() + game_id.bytes, "sha256").digest()

        # as long as ``access.new_token``'s, and a code of its alphabet
        code = "".join(access.CODE_ALPHABET[b % 32] for b in derived("code")[: access.CODE_LENGTH])
        seat, host = (base64.urlsafe_b64encode(derived(p)).decode()[:32] for p in ("seat", "host"))
        return cls(seat, host, code)


def _make_rematch(
    unit: Unit,
    old: Table,
    new_id: uuid.UUID,
    seat: int,
    keys: _RematchKeys,
    sit: Apply,
    client: str,
) -> Created | None:
    """The rematch's table, seated, if this call made it (None: a rival did)."""
    friends = any(s.bot is None and s.seat != seat for s in old.seats)
    request = {
        "type": old.type,
        "options": old.options,
        "seats": old.max_seats,
        "visibility": Visibility.PRIVATE if friends else old.visibility,
        "turn_seconds": old.turn_seconds,
        "think_seconds": old.think_seconds,
    }
    created = new_table(request, clock.now(), new_id, (keys.host, keys.code))
    return _create(unit, client, created, lay_out=sit)


def _sitting(old: Table, seat: int, seat_token: str) -> Apply:
    def sit(table: Table, now: datetime) -> Progress:
        token_hash = access.hash_secret(seat_token)
        return rules.sit_again(table, old.seats, seat, token_hash, now, _unknown_token_hash)

    return sit


def _unknown_token_hash() -> str:
    return access.new_token()[1]


def _locked(unit: Unit, game_id: uuid.UUID, apply: Apply) -> Changed:
    """A change of seats, a deal or the end, always under the lock: seats change only
    there, so an unlocked read of a game's seats is never half of a change."""
    changed = change(unit, game_id, apply, unlocked=None)
    assert changed is not None, "waits for the lock"
    return changed
