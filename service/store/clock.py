"""Time, and the turn clock's policy (seed 003): "Let it run out twice in a row and you
get 10 seconds a turn for the rest of the game, and after three times in a row the rest
of the game is played for you." A player's own move resets the count."""

from datetime import UTC, datetime

HALVE_AFTER = 2
AUTOPILOT_AFTER = 3


def now() -> datetime:
    """The one time source of the service; tests replace it to move time by hand."""
    return datetime.now(UTC)


def aware(moment: datetime | None) -> datetime | None:
    """SQLite hands back naive times; every time stored here is UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


def due_of(entry: dict) -> datetime | None:
    """When a seat's scheduled action is due (``None``: nothing scheduled)."""
    due = entry.get("due")
    return None if due is None else datetime.fromisoformat(due)


def due(game, seat: int) -> datetime | None:
    seats = game.clock.get("seats") or []
    return due_of(seats[seat]) if seat < len(seats) else None


def fresh(turn_seconds: int | None) -> dict:
    return {"timeouts": 0, "seconds": turn_seconds, "autopilot": False, "due": None}


def after_timeout(entry: dict, turn_seconds: int | None) -> dict:
    """One more timeout in a row; from the second the clock is half the table's, once:
    "10 seconds a turn for the rest of the game", not halved again and again."""
    timeouts = entry["timeouts"] + 1
    seconds = entry["seconds"]
    if timeouts >= HALVE_AFTER and turn_seconds is not None:
        seconds = turn_seconds / 2
    autopilot = timeouts >= AUTOPILOT_AFTER
    return {**entry, "timeouts": timeouts, "seconds": seconds, "autopilot": autopilot}


def at_new_deal(entry: dict, turn_seconds: int | None) -> dict:
    """The seed's game is one deal: the count and the halved clock start afresh at the
    next; autopilot stays until the player sends ``resume`` (RULES.md, All games)."""
    return {**fresh(turn_seconds), "autopilot": entry["autopilot"]}  # due: set by the deal


def after_own_move(entry: dict) -> dict:
    """The count starts again; a halved clock stays halved for the rest of the game."""
    return {**entry, "timeouts": 0, "autopilot": False}
