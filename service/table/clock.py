"""Time, and the turn clock's policy (seed 003): "Let it run out twice in a row and you
get 10 seconds a turn for the rest of the game, and after three times in a row the rest
of the game is played for you." A player's own move resets the count."""

from dataclasses import replace
from datetime import UTC, datetime
from typing import overload

from .records import SeatClock, Table

HALVE_AFTER = 2
AUTOPILOT_AFTER = 3


def now() -> datetime:
    """The one time source of the service; tests replace it to move time by hand."""
    return datetime.now(UTC)


@overload
def aware(moment: datetime) -> datetime: ...
@overload
def aware(moment: None) -> None: ...
def aware(moment: datetime | None) -> datetime | None:
    """SQLite hands back naive times; every time stored here is UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


def due(game: Table, seat: int) -> datetime | None:
    """When ``seat``'s scheduled action is due (``None``: nothing scheduled). A table
    scheduled before each seat kept its own due time has one seat to act, due at the
    game's ``next_action_at``."""
    seats = game.clock.seats
    if not any(entry.due for entry in seats):
        return aware(game.next_action_at)
    return seats[seat].due if seat < len(seats) else None


def fresh(turn_seconds: int | None) -> SeatClock:
    return SeatClock(seconds=turn_seconds)


def after_timeout(entry: SeatClock, turn_seconds: int | None) -> SeatClock:
    """One more timeout in a row; from the second the clock is half the table's, once:
    "10 seconds a turn for the rest of the game", not halved again and again."""
    timeouts = entry.timeouts + 1
    seconds = entry.seconds
    if timeouts >= HALVE_AFTER and turn_seconds is not None:
        seconds = turn_seconds / 2
    autopilot = timeouts >= AUTOPILOT_AFTER
    return replace(entry, timeouts=timeouts, seconds=seconds, autopilot=autopilot)


def at_new_deal(entry: SeatClock, turn_seconds: int | None) -> SeatClock:
    """The seed's game is one deal: the count and the halved clock start afresh at the
    next; autopilot stays until the player sends ``resume`` (RULES.md, All games)."""
    return replace(fresh(turn_seconds), autopilot=entry.autopilot)


def after_own_move(entry: SeatClock) -> SeatClock:
    """The count starts again; a halved clock stays halved for the rest of the game."""
    return replace(entry, timeouts=0, autopilot=False)
