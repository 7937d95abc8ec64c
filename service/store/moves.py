"""Playing a move: the one use case that a client retries, so it answers an
``Idempotency-Key`` replay with its first answer and checks ``If-Match`` against the
game's version before anything changes. The answer is rendered here, not by the HTTP
layer, because a replay must give back the very answer stored with the move.

On PostgreSQL a move is first played optimistically, in two round trips: the game read
with no lock in autocommit mode, then saved by one statement, its own transaction, if
its version is still the one read (``writes``): the game's row, the events and the
answer to remember. No row lock is held while the rules and the bots run. Only if
another change came first (a lost compare-and-set) is the game read again under its row
lock and the move played again there, where nothing can come first. Where every seat
acts at once (Spoons) another move nearly always comes first (``make bench-spoons``
counts how often), and close to a turn's deadline the clock could come first, so there
the game is read again under its lock at once."""

import hashlib
import uuid
from collections.abc import Callable
from dataclasses import astuple, dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from .. import engine, metrics
from ..engine.base import canonical
from ..errors import IdempotencyConflict, StaleVersion, WrongPhase
from . import clock, play, writes
from .access import require_seat
from .models import Game, IdempotentAnswer, LoggedEvent, MadeBy, Status
from .reads import load, load_to_change
from .render import on_autopilot, render_event, rules_of, view

DUE_MARGIN = timedelta(seconds=1)  # far more than a move takes, bots and all


@dataclass(frozen=True)
class Answered:
    """A move's answer, and whether it is the stored answer of an earlier request with
    the same ``Idempotency-Key`` (nothing was applied this time)."""

    body: dict[str, Any]
    replayed: bool = False


@dataclass(frozen=True)
class Preconditions:
    idempotency_key: str | None = None
    version: int | None = None  # If-Match


def move(
    session: Session,
    game_id: uuid.UUID,
    token: str | None,
    move: engine.Move,
    preconditions: Callable[[], Preconditions] = Preconditions,
) -> Answered:
    """``preconditions`` reads the request's headers, called once the token is a seat's."""
    if session.get_bind().dialect.name == "postgresql":
        session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
        game = load_to_change(session, game_id)
        if _may_try_unlocked(game):
            try:
                return _play(session, game, token, move, preconditions)
            except StaleDataError:  # another change came first: again, under the lock
                metrics.move_replayed(game.type)
        session.close()
    return _play(session, load(session, game_id, lock=True), token, move, preconditions)


def _may_try_unlocked(game: Game) -> bool:
    """Not where every seat acts at once, nor within ``DUE_MARGIN`` of an action falling
    due: the worker or a read would apply it while the move runs unlocked, and a move
    sent in time would lose to the clock (under the lock, they wait for it)."""
    due = clock.aware(game.next_action_at)
    near = due is not None and due <= clock.now() + DUE_MARGIN
    return not (rules_of(game).simultaneous or near)


def _play(
    session: Session,
    game: Game,
    token: str | None,
    move: engine.Move,
    preconditions: Callable[[], Preconditions],
) -> Answered:
    now = clock.now()  # after the read; the times it begins are the commit's (settle)
    seat = require_seat(game, token)
    idempotency_key, expected_version = astuple(preconditions())
    request_hash = hashlib.sha256(canonical(move.to_wire()).encode()).hexdigest()
    if idempotency_key is not None:
        first = session.get(IdempotentAnswer, (game.id, seat, idempotency_key))
        if first is not None:
            if first.request_hash != request_hash:
                raise IdempotencyConflict("this Idempotency-Key was sent with another move")
            return Answered(first.answer, replayed=True)
    rows = play.catch_up(session, game, now)  # what was due comes first
    if expected_version is not None and expected_version != game.version:
        raise StaleVersion(f"If-Match {expected_version}, but the game is at {game.version}")
    if game.status != Status.PLAYING:
        raise WrongPhase(f"the game is {game.status}; no moves now")
    rows += _own_move(session, game, seat, move, now)
    rows += play.catch_up(session, game, now)  # bots without thinking time answer at once
    writes.settle(game)  # the answer shows the times the commit stores
    answer = {
        "events": [render_event(row, seat, game) for row in rows],
        "view": view(game, seat),
    }
    if idempotency_key is not None:
        remembered = {"seat": seat, "key": idempotency_key, "request_hash": request_hash}
        writes.remember(game, remembered | {"answer": answer})
    session.commit()
    return Answered(answer)


def _own_move(session: Session, game: Game, seat: int, move: engine.Move, now) -> list[LoggedEvent]:
    """A player's own move resets her clock's count and ends autopilot; ``resume`` does
    only that."""
    resume = isinstance(move, engine.Resume)
    if resume and not on_autopilot(game, seat):
        raise engine.IllegalMove("resume is a move for a seat on autopilot")
    game.clock = game.clock.with_seat(seat, clock.after_own_move(game.clock.seats[seat]))
    if not resume:
        return play.apply_move(session, game, seat, move, now, by=MadeBy.PLAYER)
    return play.record(session, game, [engine.Event("resume", seat)], now, restart={seat})
