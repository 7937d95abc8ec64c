"""A table as a typed record: the game row with its seats (``Table``), and the row's
JSON columns: the match (dealer, the move count of the round, the bots' memory, each
seat's rounds won and lost and score so far), the clock (per seat: the timeout policy's
count and its due time) and the results of the finished rounds. The JSON columns'
records are frozen; a table record is changed only by ``table.rules``, on a copy of its
own. The store reads and writes them (``store.games``)."""

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from ..engine import GAMES, RoundResult, Rules

# A row of the event log, its columns by name (seq, round, type, seat, by, data, secret,
# audience, at).
LoggedEvent = Mapping[str, Any]


class Status(StrEnum):
    """Where a game is; stored as its text (a ``String`` column, no database enum)."""

    WAITING = "waiting"
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    FINISHED = "finished"


class Visibility(StrEnum):
    """Public tables are in the lobby; private ones are joined by their code."""

    PUBLIC = "public"
    PRIVATE = "private"


class MadeBy(StrEnum):
    """Who made a move: the seat's player, its bot, autopilot, or the clock that ran out."""

    PLAYER = "player"
    BOT = "bot"
    AUTOPILOT = "autopilot"
    CLOCK = "clock"


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
    # per seat (its number as text), when it last reacted: for the limit (``rules.react``)
    reacted: dict[str, tuple[datetime, ...]] = field(default_factory=dict)

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


def _plus(totals: tuple[int, ...], more: Iterable[int]) -> tuple[int, ...]:
    return tuple(total + int(added) for total, added in zip(totals, more, strict=True))


def clock_to_json(record: Clock) -> dict[str, Any]:
    return {"seats": [_seat_to_json(entry) for entry in record.seats]}


def clock_from_json(data: dict[str, Any]) -> Clock:
    return Clock(tuple(_seat_from_json(entry) for entry in data.get("seats", [])))


def _seat_to_json(entry: SeatClock) -> dict[str, Any]:
    return {  # written out: dataclasses.asdict is slow for what it does here
        "timeouts": entry.timeouts,
        "seconds": entry.seconds,
        "autopilot": entry.autopilot,
        "due": None if entry.due is None else entry.due.isoformat(),
    }


def _seat_from_json(data: dict[str, Any]) -> SeatClock:
    due = data.get("due")
    moment = None if due is None else _in_utc(datetime.fromisoformat(due))
    return SeatClock(data["timeouts"], data["seconds"], data["autopilot"], moment)


def match_to_json(record: Match) -> dict[str, Any]:
    return {
        "dealer": record.dealer,
        "round_moves": record.round_moves,
        "memory": record.memory,
        "won": list(record.won),
        "lost": list(record.lost),
        "score": None if record.score is None else list(record.score),
        "reacted": {
            seat: [moment.isoformat() for moment in moments]
            for seat, moments in record.reacted.items()
        },
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
        {
            seat: tuple(_in_utc(datetime.fromisoformat(moment)) for moment in moments)
            for seat, moments in data.get("reacted", {}).items()
        },
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


@dataclass(frozen=True)
class Hold:
    """For whom a seat is held: the seat they had in the finished match, and until when
    (after that, someone who wants the seat may have it)."""

    seat_before: int
    until: datetime


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    bot: str | None
    token_hash: str  # only hashes are stored (``access``)
    joined_at: datetime
    # a rematch's seat held for the person who had it in the finished match (its token
    # hash then one nobody knows), until they claim it (``rules.sit_again``)
    held: Hold | None = None


def seats_to_json(seats: tuple[Seat, ...]) -> list[dict[str, Any]]:
    return [
        {
            "seat": seat.seat,
            "name": seat.name,
            "bot": seat.bot,
            "token_hash": seat.token_hash,
            "joined_at": seat.joined_at.isoformat(),
            **_hold_to_json(seat.held),
        }
        for seat in seats
    ]


def seats_from_json(data: list[dict[str, Any]]) -> tuple[Seat, ...]:
    """In seat order; a time without a zone (copied from SQLite's seats table) is UTC."""
    return tuple(
        Seat(
            entry["seat"],
            entry["name"],
            entry["bot"],
            entry["token_hash"],
            _in_utc(datetime.fromisoformat(entry["joined_at"])),
            _hold_from_json(entry.get("held")),
        )
        for entry in sorted(data, key=lambda entry: entry["seat"])
    )


def _hold_to_json(held: Hold | None) -> dict[str, Any]:
    if held is None:
        return {}
    return {"held": {"seat_before": held.seat_before, "until": held.until.isoformat()}}


def _hold_from_json(data: dict[str, Any] | None) -> Hold | None:
    if data is None:
        return None
    return Hold(data["seat_before"], _in_utc(datetime.fromisoformat(data["until"])))


def _in_utc(moment: datetime) -> datetime:
    """Every time stored here is UTC; SQLite's come without a zone."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass
class Table:
    """One game: its settings, where the match stands, the current round's engine state
    (as JSON), the clock and the seats. ``version`` grows by one with every change, and
    ``last_seq`` numbers the event log. Only ``table.rules`` changes one, on a copy of
    its own: the record read stays as it was read."""

    id: uuid.UUID
    type: str
    options: dict[str, Any]
    visibility: str
    code_hash: str | None  # a private table's join code, hashed like the tokens
    max_seats: int
    turn_seconds: int | None
    think_seconds: float
    host_token_hash: str
    seed: str  # decimal text: server seeds have 128 bits
    nonce: str | None  # hashed with the seed into the commitment (docs/random.md)
    seeded: bool  # the host chose the seed
    created_at: datetime
    updated_at: datetime
    status: str = Status.WAITING
    round: int = 0
    version: int = 1
    rng_counter: int = 0
    state: dict[str, Any] | None = None
    match: Match = Match()
    # the finished rounds' results; None when not read (a page of the log, the lobby:
    # they grow with the match, and showing a table never needs them)
    rounds: tuple[RoundResult, ...] | None = ()
    # the earliest of the seats' due times in ``clock``: a bot's move or a timeout
    next_action_at: datetime | None = None
    clock: Clock = Clock()
    last_seq: int = 0
    seats: tuple[Seat, ...] = ()
    # the table the finished match is played again at, set once (``tables.rematch``)
    next_game_id: uuid.UUID | None = None

    @property
    def rules(self) -> Rules[Any]:
        return GAMES[self.type]

    def dealt_state(self, read_only: bool = False) -> Any:
        """The current round's state, or ``None`` before the first deal; ``read_only``:
        to look at, not to play on (``engine.Rules.load_state``)."""
        return self.rules.load_state(self.state, read_only) if self.state else None

    def finished_rounds(self) -> tuple[RoundResult, ...]:
        assert self.rounds is not None, "a table read to be changed is read with its rounds"
        return self.rounds

    def on_autopilot(self, seat: int) -> bool:
        seats = self.clock.seats
        return seat < len(seats) and seats[seat].autopilot
