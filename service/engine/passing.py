"""The card-passing family (Old Maid, Blind Date): one implementation, parametrised.

A round: deal the whole deck one card at a time from the dealer's left; lay every pair
face up; then each turn one player takes a face-down card from a neighbour's hand,
shuffled before every offer, and lays the pair it makes. Turns always go clockwise to
the next player with cards; ``take_from`` only says whose hand is offered ("left": the
next seat clockwise, so the next taker is the one just taken from, as seed 003 says;
"right": the previous seat, as in Family Night and Blind Date). Players without cards
are safe: skipped as takers and as sources. The round ends when one card is left; its
holder loses and everybody else wins.

The games differ in the deck, what makes a pair, what happens before pairs are laid,
who begins, and who deals next: the hooks of ``PassingRules``.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .base import DEAL_EVENTS, Event, Move, NoData, RoundResult, Rules, deal_events, optional
from .cards import JOKER, colour, rank
from .rng import Rng
from .six_generations import generation, sex

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison


@dataclass
class PassingState:
    hands: list[list[str]]  # each in its secret offer order; a view shows it sorted
    pairs: list[list[list[str]]]  # the pairs each seat laid face up
    dealer: int
    take_from: str  # "left" | "right"
    pair_by: str  # a key of PAIRINGS
    discarded: list[str] = field(default_factory=list)  # face up, out of play (Jacob)
    turn: int | None = None
    source: int | None = None
    loser: int | None = None

    @property
    def players(self) -> int:
        return len(self.hands)


@dataclass(frozen=True)
class Setup:
    """What a round is played with, from the table's options and player count."""

    deck: list[str]
    take_from: str
    pair_by: str


# A pairing maps a card to (its own key, the key of the card it pairs with), or to None
# for a card that never pairs.
Mates = tuple[object, object] | None


def _by_rank(card: str) -> Mates:
    return None if card == JOKER else (rank(card), rank(card))


def _by_rank_and_colour(card: str) -> Mates:
    # colour pairs: spades with clubs, hearts with diamonds (RULES.md)
    return None if card == JOKER else ((rank(card), colour(card)),) * 2


def _man_and_woman(card: str) -> Mates:
    # "a man (black card), and a woman (red card) from the same generation, from two to six"
    if generation(card) == 1:
        return None
    other = "F" if sex(card) == "M" else "M"
    return (generation(card), sex(card)), (generation(card), other)


PAIRINGS: dict[str, Callable[[str], Mates]] = {
    "rank": _by_rank,
    "rank_and_colour": _by_rank_and_colour,
    "man_and_woman": _man_and_woman,
}


def find_pairs(
    cards: list[str], pair_by: str, order: "Callable[[str], SupportsRichComparison]"
) -> list[list[str]]:
    """Every pair the cards make, matched in ``order``; of three alike one stays over."""
    mates_of = PAIRINGS[pair_by]
    waiting: dict[object, list[str]] = {}
    pairs: list[list[str]] = []
    for card in sorted(cards, key=order):
        mates = mates_of(card)
        if mates is None:
            continue
        own, wanted = mates
        if waiting.get(wanted):
            pairs.append([waiting[wanted].pop(0), card])
        else:
            waiting.setdefault(own, []).append(card)
    return pairs


@dataclass(frozen=True)
class Take(Move):
    """Take the face-down card at ``position`` of ``from_seat``'s offered hand."""

    kind: ClassVar[str] = "take"
    from_seat: int
    position: int


@dataclass(frozen=True)
class Offer:
    from_seat: int
    positions: int


@dataclass(frozen=True)
class PassingPlayer:
    seat: int
    cards: int
    safe: bool
    pairs: list[list[str]]


@dataclass(frozen=True)
class PassingView:
    dealer: int
    turn: int | None
    offer: Offer | None  # the hand the seat to take is offered, as a count of positions
    hand: list[str] | None  # null for a spectator
    players: list[PassingPlayer]
    discarded: list[str]
    loser: int | None
    odd_card: str | None


@dataclass(frozen=True)
class TakeData:
    from_seat: int
    position: int
    card: str | None = optional()  # to the taker and the one taken from


@dataclass(frozen=True)
class PairsData:
    pairs: list[list[str]]


@dataclass(frozen=True)
class CardData:
    card: str


@dataclass(frozen=True)
class PassingRoundOver:
    loser: int
    odd_card: str


class PassingRules(Rules[PassingState]):
    state_type = PassingState
    moves = (Take,)
    view_type = PassingView
    events: ClassVar[dict[str, type[Any]]] = {
        **DEAL_EVENTS,
        "discard": CardData,
        "pairs": PairsData,
        "safe": NoData,
        "offer": Offer,
        "take": TakeData,
        "round_over": PassingRoundOver,
    }

    def setup(self, options: dict[str, Any], players: int) -> Setup:
        raise NotImplementedError

    @staticmethod
    def card_order(card: str) -> "SupportsRichComparison":
        """How a hand is shown and pairs are matched."""
        return card

    def begin(self, state: PassingState) -> tuple[list[Event], int]:
        """Before pairs are laid: the events, and the seat that takes first (or, if she
        has no cards then, the next one on her left with cards)."""
        return [], (state.dealer + 1) % state.players

    def deal(
        self,
        options: dict[str, Any],
        players: int,
        dealer: int,
        rng: Rng,
        past: Sequence[RoundResult] = (),
    ) -> tuple[PassingState, list[Event]]:
        setup = self.setup(options, players)
        deck = list(setup.deck)
        rng.shuffle(deck)
        hands: list[list[str]] = [[] for _ in range(players)]
        for i, card in enumerate(deck):
            hands[(dealer + 1 + i) % players].append(card)
        state = PassingState(
            hands=hands,
            pairs=[[] for _ in range(players)],
            dealer=dealer,
            take_from=setup.take_from,
            pair_by=setup.pair_by,
        )
        events = deal_events(dealer, hands, self.card_order)
        before, first = self.begin(state)
        events += before
        for seat in range(players):
            events += self._lay_pairs(state, seat)
        events += self._offer(state, first, rng)
        return state, events

    def legal_moves(self, state: PassingState, seat: int) -> list[Move]:
        if seat != state.turn or state.source is None:  # a source is set with the turn
            return []
        positions = len(state.hands[state.source])
        return [Take(from_seat=state.source, position=p) for p in range(positions)]

    def apply(self, state: PassingState, seat: int, move: Move, rng: Rng) -> list[Event]:
        assert isinstance(move, Take) and state.source is not None  # checked legal
        source, position = state.source, move.position
        card = state.hands[source].pop(position)
        state.hands[seat].append(card)
        public = {"from_seat": source, "position": position}
        # "the taker and the victim know the taken card; others only see that a card moved"
        events = [Event("take", seat, public, {"card": card}, (seat, source))]
        events += self._lay_pairs(state, seat)
        if not state.hands[source]:
            events.append(Event("safe", source))
        events += self._offer(state, (seat + 1) % state.players, rng)
        return events

    def view(self, state: PassingState, seat: int | None) -> PassingView:
        return PassingView(
            dealer=state.dealer,
            turn=state.turn,
            offer=(
                None
                if state.source is None
                else Offer(from_seat=state.source, positions=len(state.hands[state.source]))
            ),
            hand=None if seat is None else self._sorted(state.hands[seat]),
            players=[
                PassingPlayer(seat=s, cards=len(hand), safe=not hand, pairs=state.pairs[s])
                for s, hand in enumerate(state.hands)
            ],
            discarded=state.discarded,
            loser=state.loser,
            odd_card=None if state.loser is None else state.hands[state.loser][0],
        )

    def to_act(self, state: PassingState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def result(self, state: PassingState) -> RoundResult | None:
        if state.loser is None:
            return None
        winners = tuple(s for s in range(state.players) if s != state.loser)
        return RoundResult(winners, (state.loser,), {"odd_card": state.hands[state.loser][0]})

    def _sorted(self, cards: list[str]) -> list[str]:
        return sorted(cards, key=self.card_order)

    def _lay_pairs(self, state: PassingState, seat: int) -> list[Event]:
        """Lay every pair in the hand face up, at once."""
        laid = find_pairs(state.hands[seat], state.pair_by, self.card_order)
        if not laid:
            return []
        gone = {card for pair in laid for card in pair}
        state.hands[seat] = [card for card in state.hands[seat] if card not in gone]
        state.pairs[seat].extend(laid)
        events = [Event("pairs", seat, {"pairs": laid})]
        if not state.hands[seat]:
            events.append(Event("safe", seat))
        return events

    def _offer(self, state: PassingState, first: int, rng: Rng) -> list[Event]:
        """Give the turn to the first player with cards from ``first`` clockwise and
        shuffle the hand she is offered; or end the round when one card is left."""
        holders = [s for s in _around(first, state.players) if state.hands[s]]
        if sum(len(hand) for hand in state.hands) <= 1:
            state.turn = state.source = None
            state.loser = holders[0]
            card = state.hands[state.loser][0]
            return [Event("round_over", None, {"loser": state.loser, "odd_card": card})]
        taker = holders[0]
        step = 1 if state.take_from == "left" else -1
        source = next(
            s for s in _around(taker + step, state.players, step) if s != taker and state.hands[s]
        )
        # seed 003: "the player picking from you sees your cards face down and in random order"
        rng.shuffle(state.hands[source])
        state.turn, state.source = taker, source
        return [Event("offer", taker, {"from_seat": source, "positions": len(state.hands[source])})]


def _around(start: int, players: int, step: int = 1) -> list[int]:
    """Every seat once, from ``start`` on in the direction of ``step``."""
    return [(start + step * i) % players for i in range(players)]
