"""What a table looks like from outside: the summary, a seat's view, an event as a seat
sees it. Reading only; nothing here changes the table."""

import uuid
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .. import engine
from . import clock
from .records import LoggedEvent, Status, Table

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


def legal_moves(
    game: Table, state: "DataclassInstance | None", seat: int | None
) -> list[engine.Move]:
    """The seat's moves; a seat on autopilot may also take back control."""
    if state is None or seat is None or game.status != Status.PLAYING:
        return []
    moves = game.rules.legal_moves(state, seat)
    return [engine.Resume(), *moves] if game.on_autopilot(seat) else moves


def deadline(game: Table, seat: int | None) -> datetime | None:
    """When the clock runs out for ``seat``, if it is to act; ``None`` without a clock,
    and for bots and players on autopilot, whose moves are simply scheduled."""
    if game.turn_seconds is None or game.status != Status.PLAYING or seat is None:
        return None
    if game.seats[seat].bot or game.on_autopilot(seat):
        return None
    return clock.due(game, seat)


def _to_act(game: Table, rules: engine.Rules[Any], state: "DataclassInstance | None") -> list[int]:
    """Who may act: nobody unless a round is being played (a match the host ended in
    the middle of a round has a state whose turn nobody will take)."""
    return rules.to_act(state) if state is not None and game.status == Status.PLAYING else []


def _view_deadline(game: Table, acting: list[int], seat: int | None) -> datetime | None:
    """The seat's own deadline when it is to act, else the one acting seat's (if one)."""
    if seat in acting:
        return deadline(game, seat)
    return deadline(game, acting[0]) if len(acting) == 1 else None


def _iso_or_none(moment: datetime | None) -> str | None:
    return None if moment is None else _iso(moment)


def public_seats(
    rules: engine.Rules[Any], state: "DataclassInstance | None"
) -> list[dict[str, Any]]:
    """What the whole table sees of each seat: the spectator's view of the players."""
    if state is None:
        return []
    return [
        {key: value for key, value in player.items() if key != "seat"}
        for player in as_json(rules.view(state, None))["players"]
    ]


def as_json(value: Any) -> Any:
    """An engine dataclass (a view, a move) as plain JSON values."""
    return engine.plain(value)


def summary(game: Table) -> dict[str, Any]:
    rules = game.rules
    state = game.dealt_state(read_only=True)
    public = public_seats(rules, state) or [{} for _ in game.seats]
    turn = _to_act(game, rules, state)
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
                "held_until": None if seat.held is None else _iso(seat.held.until),
                **standing,
                **info,
            }
            for seat, info, standing in zip(game.seats, public, table, strict=True)
        ],
        "dealer": game.match.dealer,
        "turn": turn[0] if len(turn) == 1 else None,
        "to_act": turn,
        "deadline": _iso_or_none(deadline(game, turn[0]) if len(turn) == 1 else None),
        "version": game.version,
        "seed_commitment": _commitment(game),
        "created_at": _iso(game.created_at),
        "next_game_id": None if game.next_game_id is None else str(game.next_game_id),
    }


def view(game: Table, seat: int | None) -> dict[str, Any]:
    rules = game.rules
    state = game.dealt_state(read_only=True)
    acting = _to_act(game, rules, state)
    base = {
        "game_id": str(game.id),
        "type": game.type,
        "status": game.status,
        "round": game.round,
        "version": game.version,
        "seat": seat,
        "legal_moves": [move.to_wire() for move in legal_moves(game, state, seat)],
        "to_act": acting,
        "deadline": _iso_or_none(_view_deadline(game, acting, seat)),
        "seeded": game.seeded,
        "seed_commitment": _commitment(game),
    }
    return {**(as_json(rules.view(state, seat)) if state else {}), **base}


def render_event(row: LoggedEvent, seat: int | None, game: Table) -> dict[str, Any]:
    audience = tuple(row["audience"])
    event = engine.Event(row["type"], row["seat"], row["data"], row["secret"], audience)
    data = event.seen_by(seat, reveal_all=game.status == Status.FINISHED)
    return {
        "seq": row["seq"],
        "round": row["round"],
        "type": row["type"],
        "seat": row["seat"],
        "by": row["by"],
        "at": _iso(row["at"]),
        "data": data,
    }


# Every view of a game shows its commitment: kept by game (its seed and nonce never
# change), public, so that no seed stays in memory past its request; cleared when full.
_COMMITMENTS: dict[uuid.UUID, str] = {}
COMMITMENTS_KEPT = 4096


def _commitment(game: Table) -> str | None:
    if not game.round:
        return None
    commitment = _COMMITMENTS.get(game.id)
    if commitment is None:
        nonce = None if game.nonce is None else int(game.nonce)
        commitment = engine.seed_commitment(int(game.seed), nonce)
        if len(_COMMITMENTS) >= COMMITMENTS_KEPT:
            _COMMITMENTS.clear()
        _COMMITMENTS[game.id] = commitment
    return commitment


def _iso(moment: datetime) -> str:
    return clock.aware(moment).isoformat()


def standings(game: Table) -> list[dict[str, Any]]:
    """Per seat, the rounds won and lost so far (Old Maid: lost = was the Old Maid) and,
    in games that keep one, the match score."""
    match = game.match
    return [
        {
            "seat": seat.seat,
            "rounds_won": _nth(match.won, seat.seat),
            "rounds_lost": _nth(match.lost, seat.seat),
            "score": None if match.score is None else _nth(match.score, seat.seat),
        }
        for seat in game.seats
    ]


def _nth(totals: tuple[int, ...], seat: int) -> int:
    """A seat's total; none yet before the first round's result."""
    return totals[seat] if seat < len(totals) else 0
