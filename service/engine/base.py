"""The interface every game implements, its events and its small family of errors."""

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar, get_args

from .rng import Rng

if TYPE_CHECKING:
    from _typeshed import DataclassInstance, SupportsRichComparison


class EngineError(Exception):
    """A move or a setting the rules refuse. ``code`` is the stable machine word."""

    code = "engine_error"


class IllegalMove(EngineError):
    code = "illegal_move"


class NotYourTurn(EngineError):
    code = "not_your_turn"


class InvalidOptions(EngineError):
    code = "validation_error"

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"option {option!r}: {message}")
        self.option = option
        self.message = message


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
# Passed on as they are, never copied: JSON's scalars, and each other type met that is
# neither a dataclass nor one of the containers below (a StrEnum, a datetime),
# remembered once met.
_LEAVES = {str, int, bool, float, type(None)}


def plain(value: Any) -> Any:
    """Dataclasses (and the lists, tuples and dicts in them) as JSON-like values, as
    ``dataclasses.asdict`` makes them, twice as fast: the leaves (str, int, bool,
    None) are immutable, so they are shared rather than deep-copied. Of JSON-like data,
    a copy (as ``copy.deepcopy`` makes it, keeping no memo of shared objects). Every
    container checks its items for leaves itself: a call per card would cost more
    than the rest."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    names = _FIELD_NAMES.get(kind)
    if names is not None:
        return {
            name: item if type(item := getattr(value, name)) in _LEAVES else plain(item)
            for name in names
        }
    if kind is list:
        return [item if type(item) in _LEAVES else plain(item) for item in value]
    if kind is tuple:
        return tuple([item if type(item) in _LEAVES else plain(item) for item in value])
    if kind is dict:
        return {key: item if type(item) in _LEAVES else plain(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        _FIELD_NAMES[kind] = tuple(item.name for item in dataclasses.fields(value))
        return plain(value)
    _LEAVES.add(kind)
    return value


def canonical(value: Any) -> str:
    """One spelling per JSON value, so `1` never equals `true` and key order never matters."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def optional() -> Any:
    """A field of a move or of an event's data that may be absent (a move's choice that
    only some moves have, a card only some seats see): not required, never ``null``."""
    return field(default=None, metadata={"optional": True})


@dataclass(frozen=True)
class Move:
    """One move a seat may send: a frozen dataclass per kind, ``kind`` its wire ``type``.
    Declared by each game in ``Rules.moves``; ``to_wire`` is the one way out, the API's
    schema the one way in."""

    kind: ClassVar[str]

    def to_wire(self) -> dict[str, Any]:
        wire: dict[str, Any] = {"type": self.kind}
        for item in dataclasses.fields(self):  # the fields, not the ClassVar ``kind``
            value = getattr(self, item.name)
            if value is not None:  # an optional() field left out
                wire[item.name] = value
        return wire


@dataclass(frozen=True)
class Resume(Move):
    """Take a seat back from autopilot (every game; the service offers it)."""

    kind: ClassVar[str] = "resume"


@dataclass(frozen=True)
class Pass(Move):
    """Pass: the turn, when nothing else is legal (Crazy Eights), or a ``card`` to the
    left (Spoons)."""

    kind: ClassVar[str] = "pass"
    card: str | None = optional()


Suit = Literal["C", "D", "H", "S"]
Rank = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@dataclass(slots=True)  # not frozen: a frozen dataclass is built at three times the cost
class Event:
    """One entry of the log. ``data`` is public; ``secret`` is merged into it for the
    seats in ``audience`` only (and for everyone once the match is finished)."""

    type: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] | None = None
    audience: tuple[int, ...] = ()

    def seen_by(self, seat: int | None, reveal_all: bool = False) -> dict[str, Any]:
        """The one rule of who sees what of an event: the public part for everyone, the
        secret part for its audience, and everything once the match is finished."""
        if self.secret and (reveal_all or seat in self.audience):
            return {**self.data, **self.secret}
        return dict(self.data)


@dataclass(frozen=True)
class NoData:
    """The data of an event that carries none."""


@dataclass(frozen=True)
class TimeoutData:
    timeouts: int
    seconds: float | None
    autopilot: bool


@dataclass(frozen=True)
class LeftData:
    bot: str


@dataclass(frozen=True)
class JoinedData:
    schema_description: ClassVar[str] = (
        "Who took the seat: a player's name, or a computer player's with its level "
        "(`bot`, null for a person). Names are public."
    )

    name: str
    bot: str | None


@dataclass(frozen=True)
class VacatedData:
    schema_description: ClassVar[str] = (
        "Who left the waiting table; every later seat moved up one. Names are public."
    )

    name: str


@dataclass(frozen=True)
class ReservedData:
    schema_description: ClassVar[str] = (
        "A seat of a rematch held for the person who had it in the finished match, until "
        "they sit down (`joined`) or `until` passes (then `vacated`). Names are public."
    )

    name: str
    until: str


@dataclass(frozen=True)
class RematchData:
    schema_description: ClassVar[str] = (
        "The finished match is played again at the table `game_id`: each of its seats "
        "takes its seat there with `POST /v1/games/{id}/rematch`."
    )

    game_id: str


Reaction = Literal["thumbs_up", "well_played", "good_game", "laugh", "wow", "oops", "hello"]
REACTIONS: tuple[str, ...] = get_args(Reaction)


@dataclass(frozen=True)
class ReactionData:
    schema_description: ClassVar[str] = "A seat's reaction, one of a fixed set."

    reaction: Reaction


@dataclass(frozen=True)
class Standing:
    seat: int
    rounds_won: int
    rounds_lost: int
    score: int | None


@dataclass(frozen=True)
class GameOverData:
    reason: Literal["target_reached", "host_ended"]
    standings: list[Standing]
    seed: str
    nonce: str | None


@dataclass(frozen=True)
class RoundAbandonedData:
    ended: Literal["move_limit"]


# The events the service adds to every game's log around the game's own.
SERVICE_EVENTS: dict[str, type[Any]] = {
    "resume": NoData,
    "left": LeftData,
    "joined": JoinedData,
    "vacated": VacatedData,
    "timeout": TimeoutData,
    "round_abandoned": RoundAbandonedData,
    "game_over": GameOverData,
    "reserved": ReservedData,
    "rematch": RematchData,
    "reaction": ReactionData,
}


@dataclass(frozen=True)
class Option:
    """A table option shown in the catalogue: its default and the values allowed, listed
    in ``allowed`` or, for a number, any integer from ``minimum`` to ``maximum``."""

    name: str
    default: Any
    allowed: tuple[Any, ...]
    description: str
    minimum: int | None = None
    maximum: int | None = None

    def accepts(self, value: Any) -> bool:
        if any(canonical(value) == canonical(allowed) for allowed in self.allowed):
            return True
        return (
            self.minimum is not None
            and self.maximum is not None
            and type(value) is int
            and self.minimum <= value <= self.maximum
        )

    def describe_allowed(self) -> str:
        listed = f"one of {list(self.allowed)}"
        if self.minimum is None:
            return listed
        return f"an integer from {self.minimum} to {self.maximum}, or {listed}"


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: ``losers`` and ``winners`` are seat lists; ``points`` what each
    seat scored in the round, for games that keep a score."""

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    detail: dict[str, Any] = field(default_factory=dict)
    points: tuple[int, ...] = ()


# A game's round state: a dataclass (see ``Rules``).
S = TypeVar("S", bound="DataclassInstance")


class Rules(ABC, Generic[S]):
    """One card game's rules. Pure: no I/O, randomness only from the given ``Rng``.

    A round's state is a dataclass of ``state_type`` (``S``) holding plain JSON values,
    so the store can save it as JSON and load it back on any replica.
    """

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]]
    deck: ClassVar[dict[str, Any]]
    rules_summary: ClassVar[str]
    state_type: ClassVar[type[Any]]  # S (a ClassVar cannot name a type variable)
    # The shapes the API publishes: the move kinds, the view (common fields aside) and
    # its ``players`` entries (the public seat data of the summary too), and each event
    # type's ``data``; all dataclasses.
    moves: ClassVar[tuple[type[Move], ...]]
    view_type: ClassVar[type[Any]]
    events: ClassVar[dict[str, type[Any]]]
    # Whether several seats act at once: their bots then react after a delay of their
    # own around the table's think_seconds (and not all at the same instant).
    simultaneous: ClassVar[bool] = False
    # The service abandons a round that reaches this many moves (one that cannot end):
    # far beyond the longest random playout of the turn-based games.
    moves_per_round: ClassVar[int] = 2_000

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults and refuse unknown options or values, naming the option."""
        known = {option.name: option for option in self.options}
        for name in given:
            if name not in known:
                raise InvalidOptions(name, f"unknown option for {self.slug}")
        resolved: dict[str, Any] = {}
        for name, option in known.items():
            value = given.get(name, option.default)
            if not option.accepts(value):
                raise InvalidOptions(name, f"must be {option.describe_allowed()}")
            resolved[name] = value
        return resolved

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """How many may play with these options (a preset or a deck may narrow it)."""
        return self.min_players, self.max_players

    def check_players(self, players: int, options: dict[str, Any]) -> None:
        low, high = self.player_range(options)
        if not low <= players <= high:
            raise InvalidOptions("seats", f"{self.title} with these options takes {low}-{high}")

    def restarted(self, state: S, seat: int, events: list[Event]) -> set[int]:
        """The seats whose time to act starts again after ``seat``'s move: its own (a
        game where several act at once may restart others')."""
        return {seat}

    def first_dealer(self, players: int, rng: Rng) -> int:
        """Who deals the first round: drawn at random."""
        return rng.below(players)

    def next_dealer(
        self, options: dict[str, Any], dealer: int, result: RoundResult, players: int
    ) -> int:
        """Who deals the next round; by default the dealer moves one seat left."""
        return (dealer + 1) % players

    def abandoned(self, players: int) -> RoundResult:
        """The result of a round stopped at the service's move limit: nobody won or lost
        it (and nobody scored, in games that keep a score)."""
        return RoundResult((), (), {"ended": "move_limit"})

    def match_over(self, options: dict[str, Any], results: list[RoundResult]) -> bool:
        """Whether the match is decided after these rounds; by default the host ends it."""
        return False

    def dump_state(self, state: S) -> dict[str, Any]:
        dumped: dict[str, Any] = plain(state)
        return dumped

    def load_state(self, data: dict[str, Any], read_only: bool = False) -> S:
        """A state of its own: moves change it in place, and must not change ``data``
        (the store's copy, which then would look unchanged and not be saved).
        ``read_only``: a state that shares ``data``, for views and legal moves, which
        change nothing (``test_conformance`` checks it), without the copy."""
        state: S = self.state_type(**(data if read_only else plain(data)))
        return state

    @abstractmethod
    def deal(
        self,
        options: dict[str, Any],
        players: int,
        dealer: int,
        rng: Rng,
        past: Sequence[RoundResult] = (),
    ) -> tuple[S, list[Event]]:
        """Set up a round: the new state and the events of the deal; ``past`` are the
        match's finished rounds (who is still in, in a game that eliminates)."""

    @abstractmethod
    def legal_moves(self, state: S, seat: int) -> list[Move]:
        """Every move ``seat`` may send now, in a fixed order. Pure."""

    def is_legal(self, state: S, seat: int, move: Move) -> bool:
        """Whether ``move`` is one of ``legal_moves(state, seat)``. A game may answer
        without listing them all (``test_conformance`` checks that the two agree)."""
        return move in self.legal_moves(state, seat)

    @abstractmethod
    def apply(self, state: S, seat: int, move: Move, rng: Rng) -> list[Event]:
        """Apply a move already checked legal; mutates ``state``."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> "DataclassInstance":
        """What ``seat`` (``None``: a spectator) may know of the round, and nothing more:
        a ``view_type``, whose ``players`` a spectator sees as the whole table does."""

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """The seats that may move now (one for turn-based games; empty when over)."""

    @abstractmethod
    def result(self, state: S) -> RoundResult | None:
        """The round's outcome, or ``None`` while it is being played."""


def deal_events(
    dealer: int, hands: list[list[str]], order: "Callable[[str], SupportsRichComparison]"
) -> list[Event]:
    """The deal as the log tells it: the counts for all, each hand to its holder only."""
    events = [Event("deal", None, {"dealer": dealer, "counts": [len(h) for h in hands]})]
    events += [
        Event("hand", seat, {"cards": len(hand)}, {"hand": sorted(hand, key=order)}, (seat,))
        for seat, hand in enumerate(hands)
    ]
    return events


@dataclass(frozen=True)
class DealData:
    dealer: int
    counts: list[int]


@dataclass(frozen=True)
class HandData:
    cards: int
    hand: list[str] | None = optional()  # to its holder


DEAL_EVENTS: dict[str, type[Any]] = {"deal": DealData, "hand": HandData}


def play(game: Rules[S], state: S, seat: int, move: Move, rng: Rng) -> list[Event]:
    """The one move path: check ``move`` against ``legal_moves`` and apply it."""
    if not game.is_legal(state, seat, move):
        if not game.legal_moves(state, seat):
            raise NotYourTurn(f"seat {seat} has no move to make now")
        raise IllegalMove("that move is not one of your legal_moves")
    return game.apply(state, seat, move, rng)
