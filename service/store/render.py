"""What a game row looks like from outside: the summary, a seat's view, an event as a
seat sees it. Reading only; nothing here changes the game."""

from datetime import datetime
from typing import Any

from .. import engine
from ..engine.base import canonical
from . import clock
from .models import EventRow, Game

RESUME = {"type": "resume"}


def legal_moves(game: Game, state, seat: int | None) -> list[dict[str, Any]]:
    """The seat's moves; a seat on autopilot may also take back control."""
    if state is None or seat is None or game.status != "playing":
        return []
    moves = rules_of(game).legal_moves(state, seat)
    return [RESUME, *moves] if on_autopilot(game, seat) else moves


def on_autopilot(game: Game, seat: int) -> bool:
    seats = game.clock.get("seats") or []
    return seat < len(seats) and seats[seat]["autopilot"]


def is_resume(move: Any) -> bool:
    return canonical(move) == canonical(RESUME)


def deadline(game: Game, state) -> datetime | None:
    """When the clock runs out for the player to act; ``None`` without a clock, and for
    bots and players on autopilot, whose moves are simply scheduled."""
    if game.turn_seconds is None or game.status != "playing" or state is None:
        return None
    acting = rules_of(game).to_act(state)
    if len(acting) != 1 or game.seats[acting[0]].bot or on_autopilot(game, acting[0]):
        return None
    return clock.aware(game.next_action_at)


def _iso_or_none(moment: datetime | None) -> str | None:
    return None if moment is None else _iso(moment)


def rules_of(game: Game) -> engine.Game:
    return engine.GAMES[game.type]


def summary(game: Game) -> dict[str, Any]:
    rules = rules_of(game)
    state = rules.load_state(game.state) if game.state else None
    public = rules.public_seats(state) if state else [{} for _ in game.seats]
    turn = rules.to_act(state) if state else []
    table = standings(game)
    return {
        "id": str(game.id),
        "type": game.type,
        "options": game.options,
        "visibility": game.visibility,
        "status": game.status,
        "round": game.round,
        "max_seats": game.max_seats,
        "turn_seconds": game.turn_seconds,
        "think_seconds": game.think_seconds,
        "seeded": game.seeded,
        "seats": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "bot": seat.bot,
                "cards": None,
                "safe": False,
                "out": False,
                "lives": None,
                **standing,
                **info,
            }
            for seat, info, standing in zip(game.seats, public, table, strict=True)
        ],
        "dealer": game.match.get("dealer"),
        "turn": turn[0] if len(turn) == 1 else None,
        "deadline": _iso_or_none(deadline(game, state)),
        "version": game.version,
        "seed_commitment": _commitment(game),
        "created_at": _iso(game.created_at),
    }


def view(game: Game, seat: int | None) -> dict[str, Any]:
    rules = rules_of(game)
    state = rules.load_state(game.state) if game.state else None
    base = {
        "game_id": str(game.id),
        "type": game.type,
        "status": game.status,
        "round": game.round,
        "version": game.version,
        "seat": seat,
        "legal_moves": legal_moves(game, state, seat),
        "deadline": _iso_or_none(deadline(game, state)),
        "seed_commitment": _commitment(game),
    }
    return {**(rules.view(state, seat) if state else {}), **base}


def render_event(row: EventRow, seat: int | None, game: Game) -> dict[str, Any]:
    data = dict(row.data)
    if row.secret and (game.status == "finished" or seat in row.audience):
        data.update(row.secret)
    return {
        "seq": row.seq,
        "round": row.round,
        "type": row.type,
        "seat": row.seat,
        "by": row.by,
        "at": _iso(row.at),
        "data": data,
    }


def _commitment(game: Game) -> str | None:
    nonce = None if game.nonce is None else int(game.nonce)
    return engine.seed_commitment(int(game.seed), nonce) if game.round else None


def _iso(moment: datetime) -> str:
    return clock.aware(moment).isoformat()


def standings(game: Game) -> list[dict[str, Any]]:
    """Per seat, the rounds won and lost so far (Old Maid: lost = was the Old Maid) and,
    in games that keep one, the match score."""
    past = results(game)
    scored = [result.points for result in past if result.points]
    return [
        {
            "seat": seat.seat,
            "rounds_won": sum(seat.seat in result.winners for result in past),
            "rounds_lost": sum(seat.seat in result.losers for result in past),
            "score": sum(points[seat.seat] for points in scored) if scored else None,
        }
        for seat in game.seats
    ]


def results(game: Game) -> list[engine.RoundResult]:
    return [
        engine.RoundResult(
            tuple(entry["winners"]),
            tuple(entry["losers"]),
            entry["detail"],
            tuple(entry["points"]),
        )
        for entry in game.match.get("rounds", [])
    ]
