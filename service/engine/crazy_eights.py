"""Crazy Eights (seed 004, Family Night), with scoring to a target and partnerships.

A turn: play a card matching the top of the discard pile by suit or rank (after an 8,
the named suit), or an 8, which is wild and names a suit; or draw from the stock, which
is allowed "even if you already have a legal play" and keeps the turn. ``pass`` is legal
only when the stock is empty and nothing fits; when every player still in passes in one
full circle the round is blocked. No reshuffle.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from .base import (
    DEAL_EVENTS,
    Event,
    Move,
    NoData,
    Option,
    Pass,
    RoundResult,
    Rules,
    Suit,
    deal_events,
    optional,
)
from .cards import (
    CARD_RANK,
    CARD_SUIT,
    RANKS,
    SUITS,
    deal_from_top,
    rank,
    sort_key,
    standard_deck,
    suit,
)
from .rng import Rng

# "10 points for each face card, 1 point for each ace, 50 points for each eight"
FACE_VALUE = {"A": 1, "J": 10, "Q": 10, "K": 10, "8": 50}


def points(card: str) -> int:
    return FACE_VALUE.get(rank(card)) or int(rank(card))


CARD_POINTS = {card: points(card) for card in standard_deck()}  # looked up at a round's end


@dataclass
class CrazyEightsState:
    hands: list[list[str]]
    stock: list[str]  # face down; the last item is the top (secret order)
    discard: list[str]  # face up; the last item is the top
    suit: str  # the suit in play: the top card's, or the one an 8 named
    dealer: int
    partnership: bool
    turn: int | None = None
    passes: int = 0  # passes in a row, for the blocked round
    blocked: bool = False

    @property
    def players(self) -> int:
        return len(self.hands)

    def team(self, seat: int) -> tuple[int, ...]:
        """The seats scoring together: partners sit opposite (0 and 2, 1 and 3)."""
        return (seat % 2, seat % 2 + 2) if self.partnership else (seat,)

    def is_out(self, seat: int) -> bool:
        return not self.hands[seat]

    def over(self) -> bool:
        if self.blocked:
            return True
        if not self.partnership:  # each seat its own team: over once a hand is empty
            return not all(self.hands)
        return any(all(self.is_out(s) for s in self.team(seat)) for seat in range(self.players))


@dataclass(frozen=True)
class Play(Move):
    """Play ``card``; an 8 names the next ``suit``."""

    kind: ClassVar[str] = "play"
    card: str
    suit: Suit | None = optional()


@dataclass(frozen=True)
class Draw(Move):
    kind: ClassVar[str] = "draw"


# Every move legal_moves offers, made once (moves are frozen): a play for each card, four
# for an 8 (one per suit it may name), in the order they are listed.
PLAYS: dict[str, tuple[Play, ...]] = {
    card: tuple(Play(card=card, suit=cast(Suit, named)) for named in SUITS)
    if rank(card) == "8"
    else (Play(card=card),)
    for card in standard_deck()
}
DRAW = Draw()
PASS = Pass()


def fits(card: str, top_rank: str, suit_in_play: str) -> bool:
    """Whether ``card`` may go on a top card of ``top_rank`` with ``suit_in_play``: an 8
    is wild; another card fits by suit, or by rank but not after an 8, which only the
    named suit follows."""
    if CARD_RANK[card] == "8" or CARD_SUIT[card] == suit_in_play:
        return True
    return top_rank != "8" and CARD_RANK[card] == top_rank


# The cards that fit, by the suit in play and the top card's rank: a hand's playable cards
# are then one set operation.
FITTING: dict[str, dict[str, frozenset[str]]] = {
    suit_in_play: {
        top_rank: frozenset(card for card in PLAYS if fits(card, top_rank, suit_in_play))
        for top_rank in RANKS
    }
    for suit_in_play in SUITS
}


@dataclass(frozen=True)
class EightsPlayer:
    seat: int
    cards: int
    out: bool
    side: int | None  # partnership: 0 for seats 0 and 2, 1 for seats 1 and 3


@dataclass(frozen=True)
class CrazyEightsView:
    dealer: int
    turn: int | None
    hand: list[str] | None  # null for a spectator
    top: str
    suit: Suit
    discard: list[str]
    stock: int
    players: list[EightsPlayer]
    passes: int
    blocked: bool
    hands_left: list[list[str]] | None  # every hand, once the round is over
    points: list[int] | None


@dataclass(frozen=True)
class StarterData:
    card: str
    stock: int


@dataclass(frozen=True)
class DrawData:
    stock: int
    card: str | None = optional()  # to the drawer


@dataclass(frozen=True)
class PlayData:
    card: str
    suit: Suit
    cards: int


@dataclass(frozen=True)
class EightsRoundOver:
    winners: list[int]
    points: list[int]
    blocked: bool
    hands: list[list[str]]


class CrazyEights(Rules[CrazyEightsState]):
    slug = "crazy-eights"
    title = "Crazy Eights"
    min_players = 2
    max_players = 4
    options = (
        Option(
            "target_score",
            150,
            (None,),
            "Play rounds until a player (or side) reaches this score; null: one round",
            minimum=1,
            maximum=10_000,
        ),
        Option(
            "partnership",
            False,
            (False, True),
            "Four players only: partners sit opposite; a side wins when both are out",
        ),
    )
    deck = {"name": "standard", "cards": 52}
    rules_summary = (
        "Seven cards each for two players, five for three or four; the top card of the "
        "stock starts the discard pile (an 8 there is buried in the stock). On your turn "
        "play a card matching the top card by suit or rank, or an 8, which is wild and "
        "names the next suit; you may draw from the stock at any time, as often as you "
        "like, until you play. Pass only when the stock is empty and nothing fits. The "
        "first player out wins the round and scores the cards left in the other hands: "
        "8 = 50, K Q J = 10, A = 1, others face value. A round where everybody passes in "
        "turn is blocked: the lowest hand wins and scores the difference to each other. "
        "Partnership (4 players): partners opposite, a side wins when both are out; a "
        "blocked round compares the sides' totals, and a tie makes all four win 0."
    )
    state_type = CrazyEightsState
    moves = (Play, Draw, Pass)
    view_type = CrazyEightsView
    events: ClassVar[dict[str, type[Any]]] = {
        **DEAL_EVENTS,
        "starter": StarterData,
        "draw": DrawData,
        "pass": NoData,
        "play": PlayData,
        "out": NoData,
        "round_over": EightsRoundOver,
    }

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return (4, 4) if options["partnership"] else (self.min_players, self.max_players)

    def deal(
        self,
        options: dict[str, Any],
        players: int,
        dealer: int,
        rng: Rng,
        past: Sequence[RoundResult] = (),
    ) -> tuple[CrazyEightsState, list[Event]]:
        deck = standard_deck()
        rng.shuffle(deck)
        hands = deal_from_top(deck, players, dealer, per_hand=7 if players == 2 else 5)
        starter = deck.pop()
        # "if it is an 8 it is buried in the stock at a random position"
        while rank(starter) == "8":
            deck.insert(rng.below(len(deck) + 1), starter)
            starter = deck.pop()
        state = CrazyEightsState(
            hands=hands,
            stock=deck,
            discard=[starter],
            suit=suit(starter),
            dealer=dealer,
            partnership=options["partnership"],
            turn=(dealer + 1) % players,
        )
        events = deal_events(dealer, hands, sort_key)
        events.append(Event("starter", None, {"card": starter, "stock": len(deck)}))
        return state, events

    def legal_moves(self, state: CrazyEightsState, seat: int) -> list[Move]:
        if seat != state.turn:
            return []
        fitting = FITTING[state.suit][CARD_RANK[state.discard[-1]]]
        moves: list[Move] = []
        for card in sorted(fitting.intersection(state.hands[seat]), key=sort_key):
            moves += PLAYS[card]
        if state.stock:
            moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        return moves

    def is_legal(self, state: CrazyEightsState, seat: int, move: Move) -> bool:
        """A play of a card in hand that fits, a draw while the stock lasts, or a pass
        when neither is left, checked without listing every move."""
        if seat != state.turn:
            return False
        fitting = FITTING[state.suit][CARD_RANK[state.discard[-1]]]
        # by type, not isinstance: the moves' generated __eq__ compare types so
        if type(move) is Play:
            card = move.card
            return card in fitting and card in state.hands[seat] and move in PLAYS[card]
        if type(move) is Draw:
            return bool(state.stock)
        if type(move) is Pass:
            return move == PASS and not state.stock and fitting.isdisjoint(state.hands[seat])
        return False

    def apply(self, state: CrazyEightsState, seat: int, move: Move, rng: Rng) -> list[Event]:
        hand = state.hands[seat]
        if isinstance(move, Play):  # the commonest move first
            card = move.card
            hand.remove(card)
            state.discard.append(card)
            state.suit = move.suit or CARD_SUIT[card]
            state.passes = 0
            events = [Event("play", seat, {"card": card, "suit": state.suit, "cards": len(hand)})]
            if not hand:
                events.append(Event("out", seat))
        elif isinstance(move, Draw):  # the drawer keeps the turn
            card = state.stock.pop()
            hand.append(card)
            state.passes = 0
            return [Event("draw", seat, {"stock": len(state.stock)}, {"card": card}, (seat,))]
        else:
            assert isinstance(move, Pass)  # checked legal
            state.passes += 1
            events = [Event("pass", seat)]
            if state.passes >= self._players_in(state):
                state.blocked = True
        # The round was on before the move: only a pass that blocks it, or a play that
        # empties the player's hand, can end it.
        if (state.blocked or not hand) and state.over():
            state.turn = None
            return events + [self._round_over(state)]
        state.turn = self._next_in(state, seat)
        return events

    def view(self, state: CrazyEightsState, seat: int | None) -> CrazyEightsView:
        result = self.result(state)
        return CrazyEightsView(
            dealer=state.dealer,
            turn=state.turn,
            hand=None if seat is None else sorted(state.hands[seat], key=sort_key),
            top=state.discard[-1],
            suit=cast(Suit, state.suit),  # a card's suit, or the one an 8 named
            discard=state.discard,
            stock=len(state.stock),
            players=[
                EightsPlayer(
                    seat=s,
                    cards=len(hand),
                    out=not hand,
                    side=s % 2 if state.partnership else None,
                )
                for s, hand in enumerate(state.hands)
            ],
            passes=state.passes,
            blocked=state.blocked,
            hands_left=state.hands if result else None,
            points=list(result.points) if result else None,
        )

    def to_act(self, state: CrazyEightsState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def result(self, state: CrazyEightsState) -> RoundResult | None:
        if not state.over():
            return None
        teams = sorted({state.team(seat) for seat in range(state.players)})
        left = {team: sum(CARD_POINTS[c] for s in team for c in state.hands[s]) for team in teams}
        if state.blocked:
            # "the lowest hand by points wins and scores the difference to each other hand"
            low = min(left.values())
            winning = [team for team in teams if left[team] == low]
            won = sum(left[team] - low for team in teams if team not in winning)
        else:
            winning = [team for team in teams if all(state.is_out(s) for s in team)]
            won = sum(left[team] for team in teams if team not in winning)
        winners = tuple(sorted(s for team in winning for s in team))
        losers = tuple(s for s in range(state.players) if s not in winners)
        scored = tuple(won if s in winners else 0 for s in range(state.players))
        return RoundResult(winners, losers, {"blocked": state.blocked}, scored)

    def abandoned(self, players: int) -> RoundResult:
        return RoundResult((), (), {"ended": "move_limit"}, points=(0,) * players)

    def match_over(self, options: dict[str, Any], results: list[RoundResult]) -> bool:
        target: int | None = options["target_score"]
        if target is None:
            return True
        totals: list[int] = [
            sum(column) for column in zip(*(r.points for r in results), strict=True)
        ]
        return max(totals) >= target

    def _players_in(self, state: CrazyEightsState) -> int:
        return sum(map(bool, state.hands))  # those still holding cards

    def _next_in(self, state: CrazyEightsState, seat: int) -> int:
        """The next player clockwise who still holds cards (players out are skipped)."""
        players = len(state.hands)
        for step in range(1, players + 1):
            candidate = (seat + step) % players
            if state.hands[candidate]:  # not out
                return candidate
        raise AssertionError("a round with nobody in is over")

    def _round_over(self, state: CrazyEightsState) -> Event:
        result = self.result(state)
        assert result is not None  # called once the round is over
        return Event(
            "round_over",
            None,
            {
                "winners": list(result.winners),
                "points": list(result.points),
                "blocked": state.blocked,
                "hands": state.hands,
            },
        )
