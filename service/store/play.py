"""The one move path, for humans, bots and the clock alike: apply a legal move, save the
state, the generator's position and the events, and schedule what is due next.

Scheduled actions: a seat to act has a due time in the clock record when something will
act for it, a bot's move (``think_seconds`` after its turn came to it) or a human's
clock running out, and ``games.next_action_at`` is the earliest of them. Whichever comes
first, a request touching the game or the worker, applies everything due, in due order,
under the row lock.
"""

import copy
import dataclasses
import hashlib
import time
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from .. import bots, engine, metrics
from . import changes, clock, writes
from .models import Game, LoggedEvent, MadeBy, Status
from .records import Clock, SeatClock
from .render import dealt_state, on_autopilot, rules_of, standings, state_of

AUTOMATIC_MOVES = 25  # per request or per game of a worker's sweep
AUTOMATIC_SECONDS = 0.25


def apply_move(
    session: Session,
    game: Game,
    seat: int,
    move: engine.Move,
    at: datetime,
    before=(),
    by=MadeBy.PLAYER,
):
    """Check and apply one move of ``seat`` at time ``at``, made ``by`` the seat's player,
    a bot, autopilot or the clock; returns the new event rows."""
    rules = rules_of(game)
    state = state_of(game)
    rng = engine.Rng(int(game.seed), game.rng_counter)
    made = engine.play(rules, state, seat, move, rng)
    events = [*before, *made]
    moves = game.match.round_moves + 1
    game.match = replace(game.match, round_moves=moves)
    runaway = moves >= rules.moves_per_round
    own = len(before) + _own_event(made, move)  # its row says who made the move
    rows = save(session, game, rules, state, rng, events, runaway=runaway, made_by={own: by})
    metrics.move_applied(session, game.type, by)  # counted when it commits
    schedule(game, state, at, restart=rules.restarted(state, seat, events))
    return rows


def _own_event(events: list[engine.Event], move: engine.Move) -> int:
    """Where the move's own event is among those it made: the first of its kind (a Spoons
    holder's pass comes after the pick that brings the card in), else the first."""
    return next((n for n, event in enumerate(events) if event.type == move.kind), 0)


def schedule(game: Game, state, at: datetime, restart=frozenset()) -> None:
    """Give every seat to act a due time counted from ``at``, the moment the change is
    applied; at the commit it is counted from the commit instead (``writes.settle``). A
    seat that was already to act keeps its due time, unless it is in ``restart`` (it
    just acted, or changed hands)."""
    acting = set(rules_of(game).to_act(state)) if game.status == Status.PLAYING else set()
    seats = list(game.clock.seats)
    for seat, entry in enumerate(seats):
        if seat not in acting:
            seats[seat] = replace(entry, due=None)
            writes.timed_from(game, seat, None)
        elif entry.due is None or seat in restart:
            seconds = _seconds_to_act(game, seat, entry)
            due = None if seconds is None else at + timedelta(seconds=seconds)
            seats[seat] = replace(entry, due=due)
            writes.timed_from(game, seat, None if due is None else at)
    game.clock = Clock(tuple(seats))
    game.next_action_at = min(filter(None, (entry.due for entry in seats)), default=None)


def _seconds_to_act(game: Game, seat: int, entry: SeatClock) -> float | None:
    """A bot's or autopilot's thinking time, a human's clock, or None: no clock."""
    if game.seats[seat].bot or entry.autopilot:
        return game.think_seconds * _reaction(game, seat)
    return entry.seconds if game.turn_seconds is not None else None


def _reaction(game: Game, seat: int) -> float:
    """Where several seats act at once, each bot reacts after a delay of its own, from
    half to one and a half times the table's ``think_seconds`` (so a quick human beats
    them and a slow one loses to them). Drawn from a hash of the game, seat and log
    position, not from the game's generator, whose stream the moves alone decide."""
    if not rules_of(game).simultaneous:
        return 1.0
    digest = hashlib.sha256(f"{game.id}:{seat}:{game.last_seq}".encode()).digest()
    return 0.5 + int.from_bytes(digest[:8]) / 2**64


def is_due(game: Game, now: datetime) -> bool:
    due = clock.aware(game.next_action_at)
    return due is not None and due <= now and game.status == Status.PLAYING


def _first_due(game: Game, state) -> int:
    """The seat whose action is due first (by due time, then seat)."""
    due = {seat: entry.due for seat, entry in enumerate(game.clock.seats) if entry.due}
    if not due:  # scheduled before each seat kept its own due time: one seat acted
        return rules_of(game).to_act(state)[0]
    return min(due, key=lambda seat: (due[seat], seat))


def catch_up(
    session: Session, game: Game, now: datetime, applied_in: str = "request"
) -> list[LoggedEvent]:
    """Apply the scheduled actions due by ``now``, at ``now``: whoever acts next has her
    full time from then on, however late the action was applied. At most
    ``AUTOMATIC_MOVES`` of them and for about ``AUTOMATIC_SECONDS``, so no request and no
    sweep of the worker is held by a table of bots: the rest stays due, for the worker.
    ``applied_in`` (``request`` or ``worker``) labels them in the metrics."""
    rows = []
    budget_ends = time.monotonic() + AUTOMATIC_SECONDS
    for _ in range(AUTOMATIC_MOVES):
        if not is_due(game, now) or time.monotonic() > budget_ends:
            break
        rules = rules_of(game)
        state = state_of(game, read_only=True)  # the bot's view; the move plays on a copy
        seat = _first_due(game, state)
        before = []
        by = _made_by(game, seat)
        metrics.scheduled_action(session, by, applied_in, clock.due(game, seat), now)
        if by == MadeBy.CLOCK:
            before.append(_time_out(game, seat))
        level = game.seats[seat].bot or "basic"
        rng = engine.Rng(int(game.seed), game.rng_counter)
        # the game's own moves: autopilot never chooses to resume
        legal = rules.legal_moves(state, seat)
        view = rules.view(state, seat)
        move = bots.choose(game.type, level, view, legal, game.match.memory, rng)
        game.rng_counter = rng.counter  # the bot's draws are part of the game's stream
        rows += apply_move(session, game, seat, move, now, before, by)
    return rows


def _made_by(game: Game, seat: int) -> MadeBy:
    if game.seats[seat].bot:
        return MadeBy.BOT
    return MadeBy.AUTOPILOT if on_autopilot(game, seat) else MadeBy.CLOCK


def _time_out(game: Game, seat: int) -> engine.Event:
    """The clock ran out: a move is chosen for her, and the policy counts it."""
    entry = clock.after_timeout(game.clock.seats[seat], game.turn_seconds)
    game.clock = game.clock.with_seat(seat, entry)
    policy = engine.TimeoutData(entry.timeouts, entry.seconds, entry.autopilot)
    return engine.Event("timeout", seat, dataclasses.asdict(policy))


def save(session, game, rules, state, rng, events, runaway=False, made_by=None):
    """Store the new state, the generator's position and the events (``made_by``: who
    made the event at each index, if anyone); when the round is over (or a runaway round
    reached the move limit), record its result and end the match if that decides it."""
    game.state = rules.dump_state(state)
    game.rng_counter = rng.counter
    result = rules.result(state)
    if result is None and runaway:
        result = rules.abandoned(len(game.seats))
        events = [*events, engine.Event("round_abandoned", None, dict(result.detail))]
    if result is not None:
        game.rounds = (*rounds_of(session, game), result)
        game.match = game.match.counting(result, len(game.seats))
        game.status = Status.ROUND_OVER
        if rules.match_over(game.options, list(game.rounds)):
            game.status = Status.FINISHED
            events = [*events, game_over(game, "target_reached")]
    return append_events(session, game, events, made_by)


def rounds_of(session: Session, game: Game) -> tuple[engine.RoundResult, ...]:
    """The finished rounds' results, read when first asked (a column of their own, which
    moves neither read nor write: ``records``)."""
    if "rounds" in inspect(game).unloaded:
        rounds = session.execute(select(Game.rounds).where(Game.id == game.id)).scalar_one()
        set_committed_value(game, "rounds", rounds)
    return game.rounds


def append_events(session, game, events, made_by=None) -> list[dict[str, Any]]:
    """Log the events, a new version of the game, written with it at the commit
    (``writes``); returns the rows, for the answer."""
    writes.new_version(game)
    made_by = made_by or {}
    rows: list[dict[str, Any]] = []
    for index, event in enumerate(events):
        game.last_seq += 1
        rows.append(
            {
                "game_id": game.id,
                "seq": game.last_seq,
                "round": game.round,
                "type": event.type,
                "seat": event.seat,
                "by": made_by.get(index),
                "data": event.data,
                "secret": event.secret,
                "audience": list(event.audience),
                "at": None,  # the commit's moment (writes.settle)
            }
        )
    writes.log(game, rows)
    _remember(game, events)
    changes.publish(session, game.id, game.last_seq)
    return rows


def record(session: Session, game: Game, events, at: datetime, restart=frozenset()):
    """The service's own events (``resume``, ``left``, ``game_over``) go the way a move's
    do: logged and published, and the schedule brought up to date from ``at``."""
    rows = append_events(session, game, events)
    state = dealt_state(game)
    if state is not None:
        schedule(game, state, at, restart)
    else:
        game.next_action_at = None
    return rows


def finish(session: Session, game: Game, reason: str, at: datetime) -> list[LoggedEvent]:
    """End the match: finished, nothing scheduled any more, the log revealed."""
    game.status = Status.FINISHED
    return record(session, game, [game_over(game, reason)], at)


def _remember(game: Game, events) -> None:
    """The bots' memory of the public log, kept as it grows (never re-read)."""
    if game.type in bots.REMEMBER:
        memory = copy.deepcopy(game.match.memory)
        bots.remember(game.type, memory, events)
        game.match = replace(game.match, memory=memory)


def game_over(game: Game, reason: str) -> engine.Event:
    """The last event: why the match ended (``target_reached`` or ``host_ended``), the
    standings, and the seed and nonce as decimal strings, so anyone can check the
    commitment and re-derive every shuffle (docs/random.md)."""
    data = {"reason": reason, "standings": standings(game), "seed": game.seed, "nonce": game.nonce}
    return engine.Event("game_over", None, data)
