"""Old Maid, as the online site plays it (seed 003) and parametrised for its relatives.

Turns always go clockwise to the next player with cards; ``take_from`` only says whose
hand is offered. With ``left`` (seed 003: "you take one card from the hand of the player
on your left ... then it is the next player's turn, the one you just took a card from")
the next taker is exactly the seat just taken from, or the next one with cards.
"""

from collections import defaultdict
from dataclasses import dataclass

from .base import Event, Game, Option, RoundResult
from .cards import colour, rank, sorted_cards, standard_deck
from .rng import Rng


@dataclass(frozen=True)
class Rules:
    removed: tuple[str, ...]
    take_from: str  # "left": seat + 1; "right": seat - 1
    pair_by: str  # "rank"


PRESETS = {
    "online": Rules(removed=("QC",), take_from="left", pair_by="rank"),
}


@dataclass
class OldMaidState:
    hands: list[list[str]]  # each in its secret offer order; a view shows it sorted
    pairs: list[list[list[str]]]  # the pairs each seat laid face up
    dealer: int
    take_from: str
    pair_by: str
    turn: int | None = None
    source: int | None = None
    loser: int | None = None

    @property
    def players(self) -> int:
        return len(self.hands)


class OldMaid(Game):
    slug = "old-maid"
    title = "Old Maid"
    min_players = 2
    max_players = 4
    options = (
        Option(
            "preset",
            "online",
            tuple(PRESETS),
            "online: 51 cards (QC removed), pair by rank, take from the player on your left",
        ),
    )
    deck = {"name": "standard", "cards": 51, "removed": ["QC"]}
    rules_summary = (
        "The whole deck is dealt and every pair is laid face up at once (three of a kind "
        "lays one pair and keeps the third). The player left of the dealer begins; on your "
        "turn take one face-down card from the player on your left, choosing a position; a "
        "card that pairs is laid down at once. The turn passes to the player taken from. "
        "Players without cards are safe and skipped. Whoever holds the last card, the odd "
        "queen, is the Old Maid and loses; everybody else wins."
    )
    state_type = OldMaidState

    def deal(self, options, players, dealer, rng):
        rules = PRESETS[options["preset"]]
        deck = [card for card in standard_deck() if card not in rules.removed]
        rng.shuffle(deck)
        hands: list[list[str]] = [[] for _ in range(players)]
        # "dealt out, one card at a time", starting with the player left of the dealer
        for i, card in enumerate(deck):
            hands[(dealer + 1 + i) % players].append(card)
        state = OldMaidState(
            hands=hands,
            pairs=[[] for _ in range(players)],
            dealer=dealer,
            take_from=rules.take_from,
            pair_by=rules.pair_by,
        )
        events = [Event("deal", None, {"dealer": dealer, "counts": [len(h) for h in hands]})]
        events += [
            Event("hand", seat, {"cards": len(hand)}, {"hand": sorted_cards(hand)}, (seat,))
            for seat, hand in enumerate(hands)
        ]
        for seat in range(players):
            events += self._lay_pairs(state, seat)
        events += self._offer(state, first=(dealer + 1) % players, rng=rng)
        return state, events

    def legal_moves(self, state, seat):
        if seat != state.turn:
            return []
        positions = len(state.hands[state.source])
        return [
            {"type": "take", "from_seat": state.source, "position": p} for p in range(positions)
        ]

    def apply(self, state, seat, move, rng):
        source, position = state.source, move["position"]
        card = state.hands[source].pop(position)
        state.hands[seat].append(card)
        events = [
            Event(
                "take",
                seat,
                {"from_seat": source, "position": position},
                {"card": card},
                (seat, source),
            )
        ]
        events += self._lay_pairs(state, seat)
        if not state.hands[source]:
            events.append(Event("safe", source))
        events += self._offer(state, first=(seat + 1) % state.players, rng=rng)
        return events

    def view(self, state, seat):
        over = state.loser is not None
        return {
            "dealer": state.dealer,
            "turn": state.turn,
            "offer": (
                None
                if state.source is None
                else {"from_seat": state.source, "positions": len(state.hands[state.source])}
            ),
            "hand": None if seat is None else sorted_cards(state.hands[seat]),
            "players": [
                {"seat": s, "cards": len(hand), "safe": not hand, "pairs": state.pairs[s]}
                for s, hand in enumerate(state.hands)
            ],
            "loser": state.loser,
            "old_maid": state.hands[state.loser][0] if over else None,
        }

    def public_seats(self, state):
        return [{"cards": len(hand), "safe": not hand} for hand in state.hands]

    def to_act(self, state):
        return [] if state.turn is None else [state.turn]

    def result(self, state):
        if state.loser is None:
            return None
        winners = tuple(s for s in range(state.players) if s != state.loser)
        return RoundResult(winners, (state.loser,), {"old_maid": state.hands[state.loser][0]})

    def _lay_pairs(self, state: OldMaidState, seat: int) -> list[Event]:
        """Lay every pair in the hand face up; of three alike one card stays."""
        by_key = defaultdict(list)
        for card in sorted_cards(state.hands[seat]):
            by_key[_pair_key(card, state.pair_by)].append(card)
        laid = [cards[i : i + 2] for cards in by_key.values() for i in range(0, len(cards) - 1, 2)]
        if not laid:
            return []
        gone = {card for pair in laid for card in pair}
        state.hands[seat] = [card for card in state.hands[seat] if card not in gone]
        state.pairs[seat].extend(laid)
        events = [Event("pairs", seat, {"pairs": laid})]
        if not state.hands[seat]:
            events.append(Event("safe", seat))
        return events

    def _offer(self, state: OldMaidState, first: int, rng: Rng) -> list[Event]:
        """Give the turn to the first player with cards from ``first`` clockwise and
        shuffle the hand she is offered; or end the round when one card is left."""
        holders = [s for s in _clockwise(first, state.players) if state.hands[s]]
        if sum(len(hand) for hand in state.hands) <= 1:
            state.turn = state.source = None
            state.loser = holders[0]
            card = state.hands[state.loser][0]
            return [Event("round_over", None, {"loser": state.loser, "old_maid": card})]
        taker = holders[0]
        step = 1 if state.take_from == "left" else -1
        source = next(
            s
            for s in _clockwise(taker + step, state.players, step)
            if s != taker and state.hands[s]
        )
        # seed 003: "the player picking from you sees your cards face down and in random order"
        rng.shuffle(state.hands[source])
        state.turn, state.source = taker, source
        return [Event("offer", taker, {"from_seat": source, "positions": len(state.hands[source])})]


def _clockwise(start: int, players: int, step: int = 1) -> list[int]:
    """Every seat once, from ``start`` on in the direction of ``step``."""
    return [(start + step * i) % players for i in range(players)]


def _pair_key(card: str, pair_by: str) -> str:
    """Cards with equal keys pair: same rank, and with ``rank_and_colour`` same colour."""
    return rank(card) + colour(card) if pair_by == "rank_and_colour" else rank(card)
