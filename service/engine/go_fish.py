"""Go Fish (seed 004, Family Night).

Ask another player for a rank you hold: she gives you all her cards of it and you go
again; or she says "Go fish" and you draw: a card of the asked rank is shown and you go
again, any other card ends your turn, and "the next player is the one who said Go fish".
Books of four are laid face up at once, from the deal, a gift or a draw. With ``end:
first_empty`` (the seed) the game ends as soon as a hand or the stock is empty; with
``all_books`` an empty-handed player draws one card as her turn starts (or sits out when
the stock is empty too) and the game ends when all 13 books are down, or when, with the
stock empty, a full cycle of turns passes in which no card changes hands (RULES.md).
Most books wins.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from .base import DEAL_EVENTS, Event, Move, Option, Rank, RoundResult, Rules, deal_events, optional
from .cards import CARD_RANK, RANKS, SUITS, deal_from_top, sort_key, standard_deck
from .rng import Rng


@dataclass
class GoFishState:
    hands: list[list[str]]
    stock: list[str]  # face down; the last item is the top (secret order)
    books: list[list[Rank]]  # the ranks each seat laid down
    dealer: int
    end: str  # "first_empty" | "all_books"
    turn: int | None = None
    # the seats that asked in vain, the stock empty, since a card last changed hands
    fruitless: list[int] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.hands)

    def over(self) -> bool:
        if self.end == "all_books":
            # RULES.md: with the stock empty, a full cycle of turns in which no card
            # changes hands ends the round (else players could ask in vain forever).
            if self.stock:  # not stalled, and the stock's cards are in no book
                return False
            if sum(map(len, self.books)) == len(RANKS):
                return True
            if len(self.fruitless) < sum(map(bool, self.hands)):
                return False  # fewer vain asks than holders: one has not asked in vain
            holders = {seat for seat, hand in enumerate(self.hands) if hand}
            return holders <= set(self.fruitless)  # stalled
        return not self.stock or not all(self.hands)


@dataclass(frozen=True)
class Ask(Move):
    """Ask ``seat`` for every card of ``rank`` she holds."""

    kind: ClassVar[str] = "ask"
    seat: int
    rank: Rank

    def __eq__(self, other: object) -> bool:
        # play() looks the move up among the legal ones, comparing it with each in turn:
        # field by field, without the two tuples the generated __eq__ builds (the generated
        # __hash__ stays, and agrees)
        if type(other) is not Ask:
            return NotImplemented
        return self.seat == other.seat and self.rank == other.rank


def asks_for(players: int) -> list[list[Ask]]:
    """Every ask there is: ``asks[seat][i]`` asks ``seat`` for ``RANKS[i]``."""
    return [
        [Ask(seat=seat, rank=cast(Rank, wanted)) for wanted in RANKS] for seat in range(players)
    ]


class AsksBySeat(dict[frozenset[str], tuple[Move, ...]]):
    """For each set of ranks held, the asks for them (in the order of RANKS) seat after
    seat: ``len(held)`` asks of each seat, those of ``seat`` from the ``seat *
    len(held)``-th. Made on first need, one entry per set of ranks a hand can hold;
    a dict, so that finding them calls no Python function."""

    def __missing__(self, held: frozenset[str]) -> tuple[Move, ...]:
        places = [place for place, rank in enumerate(RANKS) if rank in held]
        asks = self[held] = tuple(asks[place] for asks in ASKS for place in places)
        return asks


ASKS_BY_SEAT = AsksBySeat()


# Each rank's four cards: whether a hand holds a rank, or all four, is then a set
# operation on the hand, without looking up the rank of each of its cards.
RANK_CARDS: dict[str, frozenset[str]] = {
    rank: frozenset(rank + suit for suit in SUITS) for rank in RANKS
}


@dataclass(frozen=True)
class FishPlayer:
    seat: int
    cards: int
    books: list[Rank]


@dataclass(frozen=True)
class GoFishView:
    dealer: int
    turn: int | None
    hand: list[str] | None  # null for a spectator
    stock: int
    players: list[FishPlayer]
    winners: list[int] | None


@dataclass(frozen=True)
class AskData:
    seat: int
    rank: Rank


@dataclass(frozen=True)
class GiveData:
    to_seat: int
    cards: list[str]


@dataclass(frozen=True)
class GoFishData:
    to_seat: int


@dataclass(frozen=True)
class DrawData:
    stock: int
    card: str | None = optional()  # to the drawer
    shown: str | None = optional()  # the asked rank, drawn, is shown to everybody


@dataclass(frozen=True)
class BookData:
    rank: Rank
    cards: list[str]


@dataclass(frozen=True)
class FishRoundOver:
    winners: list[int]
    books: list[int]


class GoFish(Rules[GoFishState]):
    slug = "go-fish"
    title = "Go Fish"
    min_players = 2
    max_players = 6
    options = (
        Option(
            "end",
            "first_empty",
            ("first_empty", "all_books"),
            "first_empty: the game ends as soon as a hand or the stock is empty (the seed); "
            "all_books: empty hands draw a card, and the game ends with all 13 books down, "
            "or once the stock is empty after a full cycle of turns in which no card changes "
            "hands",
        ),
    )
    deck = {"name": "standard", "cards": 52}
    rules_summary = (
        "Seven cards each for two players, five for three to six; the first player is "
        "chosen at random. Ask another player for a rank you hold: she gives you all her "
        "cards of it and you go again; otherwise she says 'Go fish' and you draw. If you "
        "draw the rank you asked for, show it and go again; if not, the turn passes to the "
        "player who said 'Go fish'. Books of four are laid face up at once. The game ends "
        "when a hand or the stock is empty (all_books: when all 13 books are down, or when, "
        "the stock empty, a full cycle of turns passes with no card changing hands). Most "
        "books wins; ties share the win."
    )
    state_type = GoFishState
    moves = (Ask,)
    view_type = GoFishView
    events: ClassVar[dict[str, type[Any]]] = {
        **DEAL_EVENTS,
        "ask": AskData,
        "give": GiveData,
        "go_fish": GoFishData,
        "draw": DrawData,
        "book": BookData,
        "round_over": FishRoundOver,
    }

    def deal(
        self,
        options: dict[str, Any],
        players: int,
        dealer: int,
        rng: Rng,
        past: Sequence[RoundResult] = (),
    ) -> tuple[GoFishState, list[Event]]:
        deck = standard_deck()
        rng.shuffle(deck)
        hands = deal_from_top(deck, players, dealer, per_hand=7 if players == 2 else 5)
        state = GoFishState(
            hands=hands,
            stock=deck,
            books=[[] for _ in range(players)],
            dealer=dealer,
            end=options["end"],
        )
        events = deal_events(dealer, hands, sort_key)
        for seat in range(players):
            self._lay_books(state, seat, events)
        # "Randomly choose a player to go first."
        self._start_turn(state, rng.below(players), events)
        return state, events

    def legal_moves(self, state: GoFishState, seat: int) -> list[Move]:
        if seat != state.turn:
            return []
        hand, players = state.hands[seat], len(state.hands)
        held = frozenset(map(CARD_RANK.__getitem__, hand))
        asks, each = ASKS_BY_SEAT[held], len(held)
        # every other player's asks: those of the seats before hers, then after hers
        return [*asks[: seat * each], *asks[(seat + 1) * each : players * each]]

    def is_legal(self, state: GoFishState, seat: int, move: Move) -> bool:
        """An ask of another seat at the table for a rank in hand, checked without
        listing every ask."""
        if seat != state.turn or type(move) is not Ask:  # the type, as Ask.__eq__ wants
            return False
        return (
            move.seat != seat
            and move.seat in range(len(state.hands))
            and move.rank in RANK_CARDS
            and not RANK_CARDS[move.rank].isdisjoint(state.hands[seat])
        )

    def apply(self, state: GoFishState, seat: int, move: Move, rng: Rng) -> list[Event]:
        assert isinstance(move, Ask)  # checked legal
        asked, wanted = move.seat, move.rank
        events = [Event("ask", seat, {"seat": asked, "rank": wanted})]
        if RANK_CARDS[wanted].isdisjoint(state.hands[asked]):  # she holds none
            next_seat = self._go_fish(state, seat, asked, wanted, events)
        else:
            self._give(state, asked, seat, wanted, events)
            next_seat = seat  # she goes again
        if state.over():
            state.turn = None
            events.append(self._round_over(state))
        else:
            self._start_turn(state, next_seat, events)
        return events

    def view(self, state: GoFishState, seat: int | None) -> GoFishView:
        result = self.result(state)
        return GoFishView(
            dealer=state.dealer,
            turn=state.turn,
            hand=None if seat is None else sorted(state.hands[seat], key=sort_key),
            stock=len(state.stock),
            players=[
                FishPlayer(seat=s, cards=len(hand), books=state.books[s])
                for s, hand in enumerate(state.hands)
            ],
            winners=list(result.winners) if result else None,
        )

    def to_act(self, state: GoFishState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def result(self, state: GoFishState) -> RoundResult | None:
        if state.turn is not None:
            return None
        most = max(map(len, state.books))
        winners = tuple(s for s in range(state.players) if len(state.books[s]) == most)
        losers = tuple(s for s in range(state.players) if s not in winners)
        return RoundResult(winners, losers, {"books": [len(b) for b in state.books]})

    def _lay_books(self, state: GoFishState, seat: int, events: list[Event]) -> None:
        """Lay down every book in ``seat``'s hand (at the deal)."""
        ranks = [CARD_RANK[card] for card in state.hands[seat]]
        for complete in [rank for rank in RANKS if ranks.count(rank) == 4]:
            self._lay_book(state, seat, complete, events)

    def _give(
        self, state: GoFishState, giver: int, taker: int, wanted: str, events: list[Event]
    ) -> None:
        """``giver`` hands ``taker`` all her cards of ``wanted`` (she holds some)."""
        state.fruitless = []
        hand = state.hands[giver]
        gift = [card for card in hand if CARD_RANK[card] == wanted]
        for card in gift:
            hand.remove(card)
        state.hands[taker] += gift
        # sorted: the giver's order would tell which of her cards she drew when
        cards = sorted(gift, key=sort_key)
        events.append(Event("give", giver, {"to_seat": taker, "cards": cards}))
        self._lay_book(state, taker, wanted, events)

    def _go_fish(
        self, state: GoFishState, seat: int, asked: int, wanted: str, events: list[Event]
    ) -> int:
        """``asked`` says "Go fish" and ``seat`` draws; returns who plays next."""
        events.append(Event("go_fish", asked, {"to_seat": seat}))
        if not state.stock:
            state.fruitless.append(seat)
            return asked
        card = state.stock.pop()
        state.hands[seat].append(card)
        drawn = CARD_RANK[card]
        if drawn == wanted:
            # "show it to the other players and you get another turn"
            events.append(Event("draw", seat, {"stock": len(state.stock), "shown": card}))
            self._lay_book(state, seat, wanted, events)
            return seat
        events.append(Event("draw", seat, {"stock": len(state.stock)}, {"card": card}, (seat,)))
        self._lay_book(state, seat, drawn, events)
        # "NOTE: The 'next player' is the one who said 'Go fish.'"
        return asked

    def _lay_book(self, state: GoFishState, seat: int, wanted: str, events: list[Event]) -> None:
        """Lay down the book of ``wanted`` if ``seat`` now holds all four. After the deal
        only the rank of the cards just given or drawn can be one: books are laid at once,
        so no hand held four of any rank before."""
        book = RANK_CARDS[wanted]
        if len(book.intersection(state.hands[seat])) < 4:
            return
        state.hands[seat] = [card for card in state.hands[seat] if card not in book]
        state.books[seat].append(cast(Rank, wanted))
        events.append(Event("book", seat, {"rank": wanted, "cards": sorted(book, key=sort_key)}))

    def _start_turn(self, state: GoFishState, seat: int, events: list[Event]) -> None:
        """Give ``seat`` the turn. ``all_books``: an empty hand draws one card, or sits out
        (the turn goes on) if the stock is empty."""
        if state.hands[seat]:  # as nearly always: no need to look further
            state.turn = seat
            return
        players = len(state.hands)
        for step in range(players):
            candidate = (seat + step) % players
            if state.hands[candidate]:
                state.turn = candidate
                return
            if state.stock:
                card = state.stock.pop()
                state.hands[candidate].append(card)
                data = {"stock": len(state.stock)}
                events.append(Event("draw", candidate, data, {"card": card}, (candidate,)))
                state.turn = candidate
                return
        raise AssertionError("nobody holds a card, yet books are missing")

    def _round_over(self, state: GoFishState) -> Event:
        result = self.result(state)
        assert result is not None  # called once the round is over
        return Event(
            "round_over",
            None,
            {"winners": list(result.winners), "books": [len(b) for b in state.books]},
        )


# Every ask of a table of up to max_players, made once (moves are frozen).
ASKS = asks_for(GoFish.max_players)
