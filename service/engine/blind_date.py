"""Blind Date (seed 000): Old Maid's rules on the Six Generations deck.

Jacob's holder discards him before pairs are laid and begins, "by looking at the cards
of the player right from her"; then the player on the taker's left takes from the taker.
A pair is a man and a woman of the same generation, 2 to 6, so Emily is the odd card.
"""

from typing import Any

from .base import Event, Option, RoundResult
from .passing import PassingRules, PassingState, Setup
from .six_generations import JACOB, catalogue
from .six_generations import deck as six_generations_deck

# "For 2-8 players use 32 cards ... For 6-12 players the entire 72-card deck is better."
PLAYERS = {32: (2, 8), 72: (6, 12), None: (2, 12)}


class BlindDate(PassingRules):
    slug = "blind-date"
    title = "Blind Date"
    min_players = 2
    max_players = 12
    options = (
        Option(
            "deck",
            None,
            (None, 32, 72),
            "32 cards (generations 1-5, 2-8 players) or 72 (6-12 players); null: 32 for up "
            "to 5 players, 72 for 6 or more",
        ),
        Option(
            "dealer",
            "loser",
            ("loser", "fixed"),
            "Who deals the next round: the holder of Emily, or the same dealer throughout",
        ),
    )
    deck = {
        "name": "six-generations",
        "sizes": [32, 72],
        "jacob": JACOB,
        "emily": "G1-F-01",
        "cards": catalogue(),
    }
    rules_summary = (
        "The whole deck is dealt. Jacob's holder discards him, then everybody lays down "
        "pairs: a man (black) and a woman (red) of the same generation, 2 to 6. Jacob's "
        "holder begins by taking a face-down card from the player on her right; then the "
        "player on the taker's left takes from the taker, and so on clockwise. Players "
        "without cards are safe. The holder of the last card, Emily, loses."
    )

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return PLAYERS[options["deck"]]

    def setup(self, options: dict[str, Any], players: int) -> Setup:
        size = options["deck"] or (32 if players <= 5 else 72)
        return Setup(six_generations_deck(size), take_from="right", pair_by="man_and_woman")

    def begin(self, state: PassingState) -> tuple[list[Event], int]:
        holder = next(seat for seat, hand in enumerate(state.hands) if JACOB in hand)
        state.hands[holder].remove(JACOB)
        state.discarded.append(JACOB)
        return [Event("discard", holder, {"card": JACOB})], holder

    def next_dealer(
        self, options: dict[str, Any], dealer: int, result: RoundResult, players: int
    ) -> int:
        return result.losers[0] if options["dealer"] == "loser" else dealer
