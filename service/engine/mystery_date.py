"""Mystery Date (seed 001; the board, the door's odds and what the seed leaves open are
RULES.md's): a board game of outfit cards, a die and a door.

A turn is a ``roll`` of the server's die, the piece moving clockwise, then what the
space asks for, each choice a move of its own: discards down to six after a take, the
card to give (and, on "any", the opponent) and then the face-down position to take in a
swap, the pile in "take 1 from draw or discard", the outfit to show at a door when ready
for two dates. A door opens for a complete outfit (1, 2 and 3 of one colour); what is
behind it is drawn only then, one of five with equal chance: the four dates or the dud.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from .base import (
    DEAL_EVENTS,
    Event,
    Move,
    NoData,
    Option,
    RoundResult,
    Rules,
    deal_events,
    optional,
)
from .cards import deal_from_top
from .crazy_eights import Draw
from .passing import Take
from .rng import Rng

COLOURS = ("pink", "green", "blue", "orange")
DATES = {"pink": "formal_dance", "green": "bowling", "blue": "skiing", "orange": "beach"}
OUTCOMES = (*DATES.values(), "dud")
HAND_LIMIT = 6
SPACES = 32
DOORS = (0, 8, 16, 24)
# After each door, clockwise (RULES.md); offset 4 is a door with ``mid_side_doors``.
SIDE = (
    ("take", 2, "Take 2 cards"),
    ("take", 1, "Take 1 card"),
    ("swap_right", 0, "Swap right"),
    ("take_either", 1, "Take 1 from draw or discard"),
    ("swap_left", 0, "Swap left"),
    ("take", 1, "Take 1 card"),
    ("swap_any", 0, "Swap with any player"),
)
START = {2: (0, 16), 3: (0, 8, 16), 4: DOORS}

Phase = Literal["roll", "discard", "give", "take", "pile", "outfit", "over"]
Colour = Literal["pink", "green", "blue", "orange"]
Outcome = Literal["formal_dance", "bowling", "skiing", "beach", "dud"]
SpaceKind = Literal["door", "take", "take_either", "swap_right", "swap_left", "swap_any"]


def space(index: int, mid_side_doors: bool) -> tuple[str, int, str]:
    """What space ``index`` of the loop is: its kind, its count of cards, its label."""
    offset = index % 8
    if offset == 0 or (offset == 4 and mid_side_doors):
        return "door", 0, "Open the door"
    return SIDE[offset - 1]


def board() -> list[dict[str, Any]]:
    """The board as the catalogue shows it, for a front end to draw."""
    return [
        {
            "index": index,
            "kind": space(index, False)[0],
            "label": space(index, False)[2],
            "door_with_mid_side_doors": space(index, True)[0] == "door",
        }
        for index in range(SPACES)
    ]


def outfit_deck() -> list[str]:
    return [f"{colour}-{number}" for colour in COLOURS for number in (1, 2, 3) for _ in range(4)]


def colour_of(card: str) -> str:
    return card.split("-")[0]


def complete_outfits(hand: list[str]) -> list[str]:
    return [c for c in COLOURS if all(f"{c}-{n}" in hand for n in (1, 2, 3))]


@dataclass
class MysteryDateState:
    hands: list[list[str]]
    draw: list[str]  # face down; the last is the top (secret order)
    discard: list[str]  # face up; the last is the top
    positions: list[int]
    dealer: int
    mid_side_doors: bool
    turn: int | None = None
    phase: Phase = "roll"
    swap_with: list[int] = field(default_factory=list)  # who may be swapped with now
    given: str | None = None  # the card given face down, not yet in the opponent's hand
    last_door: dict[str, Any] | None = None
    winner: int | None = None

    @property
    def players(self) -> int:
        return len(self.hands)


@dataclass(frozen=True)
class Roll(Move):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Discard(Move):
    """Discard a card face up (above six cards after a take)."""

    kind: ClassVar[str] = "discard"
    card: str


@dataclass(frozen=True)
class Give(Move):
    """A swap's first step: give ``card`` face down to ``seat``."""

    kind: ClassVar[str] = "give"
    card: str
    seat: int


@dataclass(frozen=True)
class TakeDiscard(Move):
    """Take the top card of the discard pile (known) rather than draw."""

    kind: ClassVar[str] = "take_discard"


@dataclass(frozen=True)
class Show(Move):
    """At a door, ready for two dates: the outfit to show."""

    kind: ClassVar[str] = "show"
    colour: Colour


@dataclass(frozen=True)
class DatePlayer:
    seat: int
    cards: int
    position: int


@dataclass(frozen=True)
class DoorOpened:
    seat: int
    colour: Colour
    outcome: Outcome


@dataclass(frozen=True)
class MysteryDateView:
    dealer: int
    turn: int | None
    phase: Phase  # the choice pending
    hand: list[str] | None  # null for a spectator
    ready: list[Colour] | None  # the dates this seat is ready for
    players: list[DatePlayer]
    top_discard: str | None
    draw_pile: int
    discard_pile: int
    swap_with: list[int]
    last_door: DoorOpened | None
    winner: int | None


@dataclass(frozen=True)
class RollData:
    die: int
    position: int
    space: SpaceKind


@dataclass(frozen=True)
class DrawnData:
    count: int
    draw_pile: int
    cards: list[str] | None = optional()  # to the drawer


@dataclass(frozen=True)
class FaceUpCard:
    card: str


@dataclass(frozen=True)
class GiveData:
    to_seat: int
    card: str | None = optional()  # to the two players of the swap


@dataclass(frozen=True)
class TakeData:
    from_seat: int
    position: int
    card: str | None = optional()  # to the two players of the swap


@dataclass(frozen=True)
class DoorData:
    colour: Colour
    cards: list[str]
    outcome: Outcome


@dataclass(frozen=True)
class PilesData:
    draw_pile: int
    discard_pile: int
    top: str | None  # the discard pile's top card, face up


@dataclass(frozen=True)
class WonData:
    winner: int
    date: Outcome


class MysteryDate(Rules[MysteryDateState]):
    slug = "mystery-date"
    title = "Mystery Date"
    min_players = 2
    max_players = 4
    options = (
        Option(
            "mid_side_doors",
            False,
            (False, True),
            "Each side's middle space (take 1 from draw or discard) is a door too",
        ),
    )
    deck = {
        "name": "outfits",
        "cards": sorted(set(outfit_deck())),
        "copies": 4,
        "dates": DATES,
        "board": board(),
    }
    rules_summary = (
        "Two outfit cards each; pieces start on the corner doors. On your turn roll the "
        "die, move clockwise and do what the space says: take cards (discard down to six), "
        "swap a card face down with the player on your right, left or anyone, or take from "
        "the draw or the discard pile. On a door with a complete outfit (1, 2 and 3 of one "
        "colour) open it: the matching date wins; another date ends your turn; the dud "
        "takes your outfit to the discard pile and you draw three."
    )
    state_type = MysteryDateState
    # nine times the longest of 16,000 uniformly random rounds (8,705 moves)
    moves_per_round = 80_000
    moves = (Roll, Discard, Give, Take, Draw, TakeDiscard, Show)
    view_type = MysteryDateView
    events: ClassVar[dict[str, type]] = {
        **DEAL_EVENTS,
        "roll": RollData,
        "draw": DrawnData,
        "discard": FaceUpCard,
        "take_discard": FaceUpCard,
        "give": GiveData,
        "take": TakeData,
        "door": DoorData,
        "piles": PilesData,
        "nothing": NoData,
        "won": WonData,
    }

    def deal(
        self,
        options: dict[str, Any],
        players: int,
        dealer: int,
        rng: Rng,
        past: Sequence[RoundResult] = (),
    ) -> tuple[MysteryDateState, list[Event]]:
        deck = outfit_deck()
        rng.shuffle(deck)
        hands = deal_from_top(deck, players, dealer, per_hand=2)  # "TWO, one at a time"
        state = MysteryDateState(
            hands=hands,
            draw=deck,
            discard=[deck.pop()],
            positions=list(START[players]),
            dealer=dealer,
            mid_side_doors=options["mid_side_doors"],
            turn=(dealer + 1) % players,
        )
        events = deal_events(dealer, hands, str)
        return state, [*events, Event("piles", None, self._piles(state))]

    def legal_moves(self, state: MysteryDateState, seat: int) -> list[Move]:
        if seat != state.turn:
            return []
        hand = sorted(set(state.hands[seat]))
        if state.phase == "roll":
            return [Roll()]
        if state.phase == "discard":
            return [Discard(card) for card in hand]
        if state.phase == "give":
            return [Give(card, other) for other in state.swap_with for card in hand]
        if state.phase == "take":
            (other,) = state.swap_with
            return [Take(from_seat=other, position=p) for p in range(len(state.hands[other]))]
        if state.phase == "pile":
            return [Draw(), TakeDiscard()] if state.discard else [Draw()]
        if state.phase == "outfit":
            return [Show(colour) for colour in complete_outfits(state.hands[seat])]  # type: ignore[arg-type]
        return []

    def apply(self, state: MysteryDateState, seat: int, move: Move, rng: Rng) -> list[Event]:
        if isinstance(move, Roll):
            return self._roll(state, seat, rng)
        if isinstance(move, Discard):
            state.hands[seat].remove(move.card)
            state.discard.append(move.card)
            events = [Event("discard", seat, {"card": move.card})]
            return events + (self._end_turn(state) if len(state.hands[seat]) <= HAND_LIMIT else [])
        if isinstance(move, Give):
            state.hands[seat].remove(move.card)
            state.given, state.swap_with = move.card, [move.seat]
            # the taker sees the opponent's cards face down, in an order she cannot know
            rng.shuffle(state.hands[move.seat])
            state.phase = "take"
            audience = (seat, move.seat)
            return [Event("give", seat, {"to_seat": move.seat}, {"card": move.card}, audience)]
        if isinstance(move, Take):
            return self._take(state, seat, move)
        if isinstance(move, Draw | TakeDiscard):
            events = self._draw(state, seat, 1, rng) if isinstance(move, Draw) else []
            if isinstance(move, TakeDiscard):
                card = state.discard.pop()
                state.hands[seat].append(card)
                events.append(Event("take_discard", seat, {"card": card}))
                events += self._refill_discard(state)
            return events + self._after_take(state, seat)
        assert isinstance(move, Show)
        return self._open_door(state, seat, move.colour, rng)

    def view(self, state: MysteryDateState, seat: int | None) -> MysteryDateView:
        door = state.last_door
        return MysteryDateView(
            dealer=state.dealer,
            turn=state.turn,
            phase=state.phase,
            hand=None if seat is None else sorted(state.hands[seat]),
            ready=None if seat is None else complete_outfits(state.hands[seat]),  # type: ignore[arg-type]
            players=[
                DatePlayer(seat=s, cards=len(hand), position=state.positions[s])
                for s, hand in enumerate(state.hands)
            ],
            top_discard=state.discard[-1] if state.discard else None,
            draw_pile=len(state.draw),
            discard_pile=len(state.discard),
            swap_with=list(state.swap_with),
            last_door=None if door is None else DoorOpened(**door),
            winner=state.winner,
        )

    def to_act(self, state: MysteryDateState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def result(self, state: MysteryDateState) -> RoundResult | None:
        if state.winner is None:
            return None
        losers = tuple(s for s in range(state.players) if s != state.winner)
        return RoundResult(
            (state.winner,), losers, {"date": (state.last_door or {}).get("outcome")}
        )

    # --- the turn ------------------------------------------------------------------------

    def _roll(self, state: MysteryDateState, seat: int, rng: Rng) -> list[Event]:
        die = rng.below(6) + 1
        state.positions[seat] = (state.positions[seat] + die) % SPACES
        kind, count, label = space(state.positions[seat], state.mid_side_doors)
        data = {"die": die, "position": state.positions[seat], "space": kind}
        events = [Event("roll", seat, data)]
        if kind == "take":
            return events + self._draw(state, seat, count, rng) + self._after_take(state, seat)
        if kind == "take_either":
            state.phase = "pile"
            return events
        if kind.startswith("swap"):
            return events + self._start_swap(state, seat, kind)
        return events + self._at_door(state, seat, rng)

    def _start_swap(self, state: MysteryDateState, seat: int, kind: str) -> list[Event]:
        others = {
            "swap_right": [(seat - 1) % state.players],
            "swap_left": [(seat + 1) % state.players],
            "swap_any": [s for s in range(state.players) if s != seat],
        }[kind]
        state.swap_with = [s for s in others if state.hands[s]]
        if not state.hands[seat] or not state.swap_with:
            return [Event("nothing", seat)] + self._end_turn(state)
        state.phase = "give"
        return []

    def _take(self, state: MysteryDateState, seat: int, move: Take) -> list[Event]:
        other, given = move.from_seat, state.given
        assert given is not None
        card = state.hands[other].pop(move.position)
        state.hands[seat].append(card)
        state.hands[other].append(given)  # only now: the given card was not takeable
        state.given = None
        public = {"from_seat": other, "position": move.position}
        return [Event("take", seat, public, {"card": card}, (seat, other))] + self._end_turn(state)

    def _at_door(self, state: MysteryDateState, seat: int, rng: Rng) -> list[Event]:
        ready = complete_outfits(state.hands[seat])
        if not ready:
            return [Event("nothing", seat)] + self._end_turn(state)
        if len(ready) > 1:
            state.phase = "outfit"  # "she must choose which of the Dates she wishes to find"
            return []
        return self._open_door(state, seat, ready[0], rng)

    def _open_door(self, state: MysteryDateState, seat: int, colour: str, rng: Rng) -> list[Event]:
        outcome = OUTCOMES[rng.below(len(OUTCOMES))]  # drawn only as the door opens
        shown = [f"{colour}-{n}" for n in (1, 2, 3)]
        state.last_door = {"seat": seat, "colour": colour, "outcome": outcome}
        events = [Event("door", seat, {"colour": colour, "cards": shown, "outcome": outcome})]
        if outcome == DATES[colour]:
            state.winner, state.turn, state.phase = seat, None, "over"
            return events + [Event("won", seat, {"winner": seat, "date": outcome})]
        if outcome == "dud":
            for card in shown:
                state.hands[seat].remove(card)
                state.discard.append(card)
            events += self._draw(state, seat, 3, rng)
        return events + self._end_turn(state)

    def _after_take(self, state: MysteryDateState, seat: int) -> list[Event]:
        if len(state.hands[seat]) > HAND_LIMIT:
            state.phase = "discard"
            return []
        return self._end_turn(state)

    def _end_turn(self, state: MysteryDateState) -> list[Event]:
        assert state.turn is not None
        state.turn = (state.turn + 1) % state.players
        state.phase, state.swap_with = "roll", []
        return []

    # --- the piles -----------------------------------------------------------------------

    def _draw(self, state: MysteryDateState, seat: int, count: int, rng: Rng) -> list[Event]:
        cards, events = [], []
        for _ in range(count):
            if not state.draw:
                events += self._reshuffle(state, rng)
            if not state.draw:
                break  # every card is in a hand or on top of the discards
            cards.append(state.draw.pop())
        state.hands[seat] += cards
        public = {"count": len(cards), "draw_pile": len(state.draw)}
        events.append(Event("draw", seat, public, {"cards": cards}, (seat,)))
        return events + self._refill_discard(state)

    def _reshuffle(self, state: MysteryDateState, rng: Rng) -> list[Event]:
        """An empty draw pile is the discards shuffled, leaving the top one."""
        if len(state.discard) < 2:
            return []
        state.draw, state.discard = state.discard[:-1], state.discard[-1:]
        rng.shuffle(state.draw)
        return [Event("piles", None, self._piles(state))]

    def _refill_discard(self, state: MysteryDateState) -> list[Event]:
        """An empty discard pile takes the top of the draw pile."""
        if state.discard or not state.draw:
            return []
        state.discard.append(state.draw.pop())
        return [Event("piles", None, self._piles(state))]

    @staticmethod
    def _piles(state: MysteryDateState) -> dict[str, Any]:
        top = state.discard[-1] if state.discard else None
        return {"draw_pile": len(state.draw), "discard_pile": len(state.discard), "top": top}
