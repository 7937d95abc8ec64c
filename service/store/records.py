"""The game row's JSON columns as typed records: the match (dealer, the move count of
the round, the bots' memory, each seat's rounds won and lost and score so far), the
clock (per seat: the timeout policy's count and its due time) and the results of the
finished rounds. Frozen: a change is a new record, assigned to the row, which is how
SQLAlchemy sees it; read from JSON once when the row is loaded and written once when it
is saved (``Record``).

The rounds have a column of their own, read only when a round ends or is dealt: in the
match, a long match's results were read and written again on every move."""

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeDecorator

from ..engine import RoundResult


@dataclass(frozen=True)
class SeatClock:
    timeouts: int = 0  # in a row
    seconds: float | None = None  # per turn; None: no clock
    autopilot: bool = False
    due: datetime | None = None  # the seat's scheduled action: a bot's move or a timeout


@dataclass(frozen=True)
class Clock:
    seats: tuple[SeatClock, ...] = ()

    def with_seat(self, seat: int, entry: SeatClock) -> "Clock":
        return Clock(tuple(entry if s == seat else old for s, old in enumerate(self.seats)))


@dataclass(frozen=True)
class Match:
    dealer: int | None = None  # of the current round
    round_moves: int = 0
    memory: dict[str, Any] = field(default_factory=dict)  # the bots' (bots.remember)
    # per seat, over the finished rounds; the score once a round has scored
    won: tuple[int, ...] = ()
    lost: tuple[int, ...] = ()
    score: tuple[int, ...] | None = None

    def counting(self, result: RoundResult, players: int) -> "Match":
        """The match once ``result`` is counted in each seat's totals."""
        score = self.score
        if result.points:
            score = _plus(_padded(score or (), players), result.points)
        return replace(
            self,
            won=_plus(_padded(self.won, players), [s in result.winners for s in range(players)]),
            lost=_plus(_padded(self.lost, players), [s in result.losers for s in range(players)]),
            score=score,
        )


def _padded(totals: tuple[int, ...], players: int) -> tuple[int, ...]:
    return totals + (0,) * (players - len(totals))


def _plus(totals: tuple[int, ...], more) -> tuple[int, ...]:
    return tuple(total + int(added) for total, added in zip(totals, more, strict=True))


def clock_to_json(record: Clock) -> dict[str, Any]:
    return {"seats": [_seat_to_json(entry) for entry in record.seats]}


def clock_from_json(data: dict[str, Any]) -> Clock:
    return Clock(tuple(_seat_from_json(entry) for entry in data.get("seats", [])))


def _seat_to_json(entry: SeatClock) -> dict[str, Any]:
    return {  # written out: dataclasses.asdict cost a tenth of a move's save
        "timeouts": entry.timeouts,
        "seconds": entry.seconds,
        "autopilot": entry.autopilot,
        "due": None if entry.due is None else entry.due.isoformat(),
    }


def _seat_from_json(data: dict[str, Any]) -> SeatClock:
    due = data.get("due")
    moment = None if due is None else datetime.fromisoformat(due)
    if moment is not None and moment.tzinfo is None:  # every time stored here is UTC
        moment = moment.replace(tzinfo=UTC)
    return SeatClock(data["timeouts"], data["seconds"], data["autopilot"], moment)


def match_to_json(record: Match) -> dict[str, Any]:
    return {
        "dealer": record.dealer,
        "round_moves": record.round_moves,
        "memory": record.memory,
        "won": list(record.won),
        "lost": list(record.lost),
        "score": None if record.score is None else list(record.score),
    }


def match_from_json(data: dict[str, Any]) -> Match:
    score = data.get("score")
    return Match(
        data.get("dealer"),
        data.get("round_moves", 0),
        data.get("memory", {}),
        tuple(data.get("won", ())),
        tuple(data.get("lost", ())),
        None if score is None else tuple(score),
    )


def rounds_to_json(rounds: tuple[RoundResult, ...]) -> list[dict[str, Any]]:
    return [
        {
            "winners": list(result.winners),
            "losers": list(result.losers),
            "detail": result.detail,
            "points": list(result.points),
        }
        for result in rounds
    ]


def rounds_from_json(data: list[dict[str, Any]]) -> tuple[RoundResult, ...]:
    return tuple(
        RoundResult(
            tuple(entry["winners"]),
            tuple(entry["losers"]),
            entry["detail"],
            tuple(entry["points"]),
        )
        for entry in data
    )


class Record(TypeDecorator):
    """A typed record in a JSON column (JSONB on PostgreSQL)."""

    impl = JSON
    cache_ok = True

    def __init__(self, to_json, from_json):
        super().__init__()
        self.to_json, self.from_json = to_json, from_json

    def load_dialect_impl(self, dialect):
        return dialect.type_descriptor(JSONB() if dialect.name == "postgresql" else JSON())

    def process_bind_param(self, value, dialect):
        return None if value is None else self.to_json(value)

    def process_result_value(self, value, dialect):
        return None if value is None else self.from_json(value)


MATCH = Record(match_to_json, match_from_json)
CLOCK = Record(clock_to_json, clock_from_json)
ROUNDS = Record(rounds_to_json, rounds_from_json)
