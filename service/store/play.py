"""The one move path, for humans, bots and the clock alike: apply a legal move, save the
state, the generator's position and the events, and schedule what is due next.

Scheduled actions live in ``games.next_action_at``: a bot's move (``think_seconds``
after the turn came to it) or a human's clock running out. Whichever comes first, a
request touching the game or the worker, applies everything due, under the row lock.
"""

import time
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from .. import bots, engine
from . import changes, clock
from .models import EventRow, Game
from .render import on_autopilot, render_event, results, rules_of, standings, view

AUTOMATIC_MOVES = 25  # per request or per game of a worker's sweep
AUTOMATIC_SECONDS = 0.25
# Nine times the longest of 16,000 random playouts (2,000 for each of 8 configurations:
# 229 moves, Old Maid with 8 players): only a round that cannot end reaches it.
MOVES_PER_ROUND = 2_000


def apply_move(
    session: Session, game: Game, seat: int, move: dict, at: datetime, before=(), by="player"
):
    """Check and apply one move of ``seat`` at time ``at``, made ``by`` the seat's player,
    a bot, autopilot or the clock; returns the new event rows."""
    rules = rules_of(game)
    state = rules.load_state(game.state)
    rng = engine.Rng(int(game.seed), game.rng_counter)
    events = [*before, *engine.play(rules, state, seat, move, rng)]
    moves = game.match.get("round_moves", 0) + 1
    game.match = {**game.match, "round_moves": moves}
    rows = save(session, game, rules, state, rng, events, runaway=moves >= MOVES_PER_ROUND)
    rows[len(before)].by = by  # the move's own event says who made it
    schedule(game, state, at)
    session.flush()  # one new version per move, which the answer carries
    return rows


def schedule(game: Game, state, at: datetime) -> None:
    """When the next automatic action is due, counted from ``at``, when the turn began
    (the commit of the move that began it, never earlier)."""
    game.next_action_at = None
    if game.status != "playing":
        return
    acting = rules_of(game).to_act(state)
    if len(acting) != 1:
        return
    seat = acting[0]
    if game.seats[seat].bot or on_autopilot(game, seat):
        game.next_action_at = at + timedelta(seconds=game.think_seconds)
    elif game.turn_seconds is not None:
        seconds = game.clock["seats"][seat]["seconds"]
        game.next_action_at = at + timedelta(seconds=seconds)


def is_due(game: Game, now: datetime) -> bool:
    due = clock.aware(game.next_action_at)
    return due is not None and due <= now and game.status == "playing"


def catch_up(session: Session, game: Game, now: datetime) -> list[EventRow]:
    """Apply the scheduled actions due by ``now``, at ``now``: whoever acts next has her
    full time from then on, however late the action was applied. At most
    ``AUTOMATIC_MOVES`` of them and for about ``AUTOMATIC_SECONDS``, so no request and no
    sweep of the worker is held by a table of bots: the rest stays due, for the worker."""
    rows = []
    budget_ends = time.monotonic() + AUTOMATIC_SECONDS
    for _ in range(AUTOMATIC_MOVES):
        if not is_due(game, now) or time.monotonic() > budget_ends:
            break
        rules = rules_of(game)
        state = rules.load_state(game.state)
        seat = rules.to_act(state)[0]
        before = []
        occupant = game.seats[seat]
        by = "bot" if occupant.bot else "autopilot" if on_autopilot(game, seat) else "clock"
        if by == "clock":
            before.append(_time_out(game, seat))
        level = occupant.bot or "basic"
        rng = engine.Rng(int(game.seed), game.rng_counter)
        # the game's own moves: autopilot never chooses to resume
        seat_view = {**view(game, seat), "legal_moves": rules.legal_moves(state, seat)}
        seat_log = lambda seat=seat: seat_events(session, game, seat)  # noqa: E731
        move = bots.choose(game.type, level, seat_view, seat_log, rng)
        game.rng_counter = rng.counter  # the bot's draws are part of the game's stream
        rows += apply_move(session, game, seat, move, now, before, by)
    return rows


def _time_out(game: Game, seat: int) -> engine.Event:
    """The clock ran out: a move is chosen for her, and the policy counts it."""
    seats = [dict(entry) for entry in game.clock["seats"]]
    seats[seat] = clock.after_timeout(seats[seat], game.turn_seconds)
    game.clock = {**game.clock, "seats": seats}
    return engine.Event("timeout", seat, dict(seats[seat]))


def seat_events(session: Session, game: Game, seat: int) -> list[dict[str, Any]]:
    with session.no_autoflush:
        rows = session.scalars(
            select(EventRow).where(EventRow.game_id == game.id).order_by(EventRow.seq)
        ).all()
    return [render_event(row, seat, game) for row in rows]


def save(session, game, rules, state, rng, events, runaway=False) -> list[EventRow]:
    """Store the new state, the generator's position and the events; when the round is
    over (or a runaway round reached the move limit), record its result and end the match
    if that decides it."""
    game.state = rules.dump_state(state)
    game.rng_counter = rng.counter
    result = rules.result(state)
    if result is None and runaway:
        result = rules.abandoned(len(game.seats))
        events = [*events, engine.Event("round_abandoned", None, dict(result.detail))]
    if result is not None:
        rounds = [*game.match.get("rounds", []), _result_json(result)]
        game.match = {**game.match, "rounds": rounds}
        game.status = "round_over"
        if rules.match_over(game.options, results(game)):
            game.status = "finished"
            events = [*events, game_over(game, "target_reached")]
    return append_events(session, game, events)


def append_events(session, game, events) -> list[EventRow]:
    rows = []
    for event in events:
        game.last_seq += 1
        rows.append(
            EventRow(
                game_id=game.id,
                seq=game.last_seq,
                round=game.round,
                type=event.type,
                seat=event.seat,
                data=event.data,
                secret=event.secret,
                audience=list(event.audience),
            )
        )
    session.add_all(rows)
    changes.publish(session, game.id, game.last_seq)
    return rows


def game_over(game: Game, reason: str) -> engine.Event:
    """The last event: why the match ended (``target_reached`` or ``host_ended``), the
    standings, and the seed and nonce as decimal strings, so anyone can check the
    commitment and re-derive every shuffle (docs/random.md)."""
    data = {"reason": reason, "standings": standings(game), "seed": game.seed, "nonce": game.nonce}
    return engine.Event("game_over", None, data)


def _result_json(result: engine.RoundResult) -> dict[str, Any]:
    return {
        "winners": list(result.winners),
        "losers": list(result.losers),
        "detail": result.detail,
        "points": list(result.points),
    }
