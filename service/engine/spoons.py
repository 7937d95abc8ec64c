"""Spoons, Pig and Tongue (seed 004, Family Night; RULES.md): everybody acts at once.

Four cards of each of n ranks for the n players still in, four dealt to each. There are
no turns: holding four cards a player may ``pass`` one to the left (it lands at the back
of the left neighbour's incoming pile); holding three she may ``pick`` the oldest card
of her own pile; never more than four. Holding four of a kind she may ``signal`` (grab
a spoon, touch her nose, stick out her tongue), and once anyone has signalled everybody
may. Signals count in the order the service commits them; the one left when all the
others have signalled loses the round.

With ``pass_after_signal`` (spoons and tongue) signallers keep passing, and the holder
of four of a kind passes on the card she picks up, keeping her four: one move, ``pass``
of the oldest card of her pile. Without it a signaller stops passing. With ``lives`` the
loser loses a life; at none she is out, one rank of four leaves the deck, and the last
two players in are co-winners.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .base import (
    DEAL_EVENTS,
    Event,
    InvalidOptions,
    Move,
    Option,
    Pass,
    RoundResult,
    Rules,
    deal_events,
    optional,
)
from .cards import RANKS, rank, sort_key
from .rng import Rng

SUITS = ("C", "D", "H", "S")
PIG = "PIG"  # the letters of three lives lost


@dataclass
class SpoonsState:
    hands: list[list[str]]  # a seat that is out holds nothing
    piles: list[list[str]]  # each seat's incoming pile, oldest first (secret order)
    lives: list[int]  # 0: out of the match
    dealer: int
    signal: str  # spoons | pig | tongue
    pass_after_signal: bool
    max_lives: int
    signals: list[int] = field(default_factory=list)  # in the order they were committed
    holder: int | None = None  # who signalled holding four of a kind first
    loser: int | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    def in_play(self) -> list[int]:
        return [seat for seat, lives in enumerate(self.lives) if lives > 0]

    def left_of(self, seat: int) -> int:
        """The next seat clockwise that is still in."""
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if self.lives[other] > 0:
                return other
        raise AssertionError("nobody else is in")


@dataclass(frozen=True)
class Pick(Move):
    """Pick up the oldest card of your incoming pile (holding three)."""

    kind: ClassVar[str] = "pick"


@dataclass(frozen=True)
class Signal(Move):
    """Grab a spoon, touch your nose or stick out your tongue."""

    kind: ClassVar[str] = "signal"


@dataclass(frozen=True)
class SpoonsPlayer:
    seat: int
    cards: int
    pile: int  # cards waiting in her incoming pile
    signalled: bool
    lives: int
    out: bool
    pig: str  # with three lives, the letters lost so far: "", "P", "PI", "PIG"


@dataclass(frozen=True)
class SpoonsView:
    dealer: int
    signal: str  # spoons | pig | tongue
    hand: list[str] | None  # null for a spectator
    pile: int | None  # this seat's incoming pile; null for a spectator
    players: list[SpoonsPlayer]
    signals: list[int]  # who signalled, in order
    loser: int | None


@dataclass(frozen=True)
class PassData:
    to_seat: int
    pile: int  # the receiver's pile after it
    card: str | None = optional()  # to the passer and the receiver


@dataclass(frozen=True)
class PickData:
    pile: int  # what is left of her pile
    card: str | None = optional()  # to the picker


@dataclass(frozen=True)
class SignalData:
    order: int  # 1 for the first


@dataclass(frozen=True)
class SpoonsRoundOver:
    loser: int
    signals: list[int]
    lives: list[int]


class Spoons(Rules[SpoonsState]):
    slug = "spoons"
    title = "Spoons, Pig and Tongue"
    min_players = 3
    max_players = 13
    options = (
        Option(
            "signal",
            "spoons",
            ("spoons", "pig", "tongue"),
            "How a player with four of a kind tells: grab a spoon, touch her nose, or "
            "stick out her tongue (the rules are the same)",
        ),
        Option(
            "pass_after_signal",
            False,
            (False, True),
            "Spoons and tongue: signallers keep passing (the holder of four of a kind "
            "passes on the card she picks up); not with pig",
        ),
        Option(
            "lives",
            1,
            (),
            "Lives a player has; she is out when the last is lost (3 spells P-I-G)",
            minimum=1,
            maximum=5,
        ),
    )
    deck = {"name": "standard", "cards": "four of each of the first n ranks, n players in"}
    rules_summary = (
        "Four cards of each of n ranks for n players, four dealt to each. Everybody plays "
        "at once: holding four cards, pass one to the left (onto your neighbour's incoming "
        "pile); holding three, pick up the oldest card of your own pile. Holding four of "
        "a kind, signal (spoons: grab a spoon; pig: touch your nose; tongue: stick out "
        "your tongue); once anybody has, everybody may. The last to signal loses the "
        "round and a life; with no lives left she is out and a rank leaves the deck. The "
        "last two players in are co-winners."
    )
    state_type = SpoonsState
    moves = (Pass, Pick, Signal)
    view_type = SpoonsView
    events: ClassVar[dict[str, type]] = {
        **DEAL_EVENTS,
        "pass": PassData,
        "pick": PickData,
        "signal": SignalData,
        "round_over": SpoonsRoundOver,
    }
    simultaneous = True
    # uniformly random players (the `random` bots) may need 10^5 moves at 13 seats
    moves_per_round = 100_000

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        resolved = super().resolve_options(given)
        if resolved["signal"] == "pig" and resolved["pass_after_signal"]:
            # seed: "not available when playing Pig, since one of your hands will be
            # occupied with touching your nose"
            raise InvalidOptions("pass_after_signal", "not with pig: a hand is on the nose")
        return resolved

    def deal(
        self,
        options: dict[str, Any],
        players: int,
        dealer: int,
        rng: Rng,
        past: Sequence[RoundResult] = (),
    ) -> tuple[SpoonsState, list[Event]]:
        lost = Counter(seat for result in past for seat in result.losers)
        lives = [max(0, options["lives"] - lost[seat]) for seat in range(players)]
        state = SpoonsState(
            hands=[[] for _ in range(players)],
            piles=[[] for _ in range(players)],
            lives=lives,
            dealer=dealer,
            signal=options["signal"],
            pass_after_signal=options["pass_after_signal"],
            max_lives=options["lives"],
        )
        if not lives[dealer]:  # the deal passes to the next player still in
            state.dealer = state.left_of(dealer)
        # "for each player in the game ... four cards of the same rank"
        deck = [r + s for r in RANKS[: len(state.in_play())] for s in SUITS]
        rng.shuffle(deck)
        seat = state.dealer
        while deck:
            seat = state.left_of(seat)
            state.hands[seat].append(deck.pop())
        return state, deal_events(state.dealer, state.hands, sort_key)

    def legal_moves(self, state: SpoonsState, seat: int) -> list[Move]:
        if state.loser is not None or not state.lives[seat]:
            return []
        moves: list[Move] = []
        hand, signalled = state.hands[seat], seat in state.signals
        if not signalled and (state.signals or _four_of_a_kind(hand)):
            moves.append(Signal())
        if seat == state.holder and state.pass_after_signal:
            # she passes on the card she picks up, and keeps her four of a kind
            return moves + [Pass(card=state.piles[seat][0])] if state.piles[seat] else moves
        if signalled and not state.pass_after_signal:
            return moves
        if len(hand) == 4:
            moves += [Pass(card=card) for card in sorted(set(hand), key=sort_key)]
        elif state.piles[seat]:
            moves.append(Pick())
        return moves

    def apply(self, state: SpoonsState, seat: int, move: Move, rng: Rng) -> list[Event]:
        if isinstance(move, Signal):
            return self._signal(state, seat)
        if isinstance(move, Pick):
            return [self._pick(state, seat)]
        assert isinstance(move, Pass) and move.card is not None
        if seat == state.holder and state.pass_after_signal:
            events = [self._pick(state, seat)]  # the card comes in and goes straight on
            return events + [self._pass(state, seat, move.card)]
        return [self._pass(state, seat, move.card)]

    def restarted(self, state: SpoonsState, seat: int, events: list[Event]) -> set[int]:
        """The first signal starts every other player's time to react."""
        if any(event.type == "signal" and event.data["order"] == 1 for event in events):
            return set(state.in_play())
        return {seat}

    def view(self, state: SpoonsState, seat: int | None) -> SpoonsView:
        return SpoonsView(
            dealer=state.dealer,
            signal=state.signal,
            hand=None if seat is None else sorted(state.hands[seat], key=sort_key),
            pile=None if seat is None else len(state.piles[seat]),
            players=[
                SpoonsPlayer(
                    seat=s,
                    cards=len(state.hands[s]),
                    pile=len(state.piles[s]),
                    signalled=s in state.signals,
                    lives=state.lives[s],
                    out=not state.lives[s],
                    pig=PIG[: state.max_lives - state.lives[s]] if state.max_lives == 3 else "",
                )
                for s in range(state.players)
            ],
            signals=list(state.signals),
            loser=state.loser,
        )

    def to_act(self, state: SpoonsState) -> list[int]:
        return [seat for seat in state.in_play() if self.legal_moves(state, seat)]

    def result(self, state: SpoonsState) -> RoundResult | None:
        if state.loser is None:
            return None
        winners = tuple(seat for seat in state.in_play() if seat != state.loser)
        return RoundResult(winners, (state.loser,), {"signals": list(state.signals)})

    def match_over(self, options: dict[str, Any], results: list[RoundResult]) -> bool:
        """Once two players are left, they are co-winners."""
        lost = Counter(seat for result in results for seat in result.losers)
        seats = max((len(r.winners) + len(r.losers) for r in results), default=0)
        out = sum(1 for count in lost.values() if count >= options["lives"])
        return bool(seats) and seats - out <= 2

    def _signal(self, state: SpoonsState, seat: int) -> list[Event]:
        if not state.signals and _four_of_a_kind(state.hands[seat]):
            state.holder = seat
        state.signals.append(seat)
        events = [Event("signal", seat, {"order": len(state.signals)})]
        waiting = [s for s in state.in_play() if s not in state.signals]
        if len(waiting) == 1:
            (state.loser,) = waiting
            state.lives[state.loser] -= 1
            events.append(
                Event(
                    "round_over",
                    None,
                    {
                        "loser": state.loser,
                        "signals": list(state.signals),
                        "lives": list(state.lives),
                    },
                )
            )
        return events

    def _pick(self, state: SpoonsState, seat: int) -> Event:
        card = state.piles[seat].pop(0)
        state.hands[seat].append(card)
        return Event("pick", seat, {"pile": len(state.piles[seat])}, {"card": card}, (seat,))

    def _pass(self, state: SpoonsState, seat: int, card: str) -> Event:
        state.hands[seat].remove(card)
        left = state.left_of(seat)
        state.piles[left].append(card)
        public = {"to_seat": left, "pile": len(state.piles[left])}
        return Event("pass", seat, public, {"card": card}, (seat, left))


def _four_of_a_kind(hand: list[str]) -> bool:
    return len(hand) == 4 and len({rank(card) for card in hand}) == 1
