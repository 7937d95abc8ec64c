"""A sensible Crazy Eights player: follow suit or rank with a plain card (from the suit
it holds most of), keep the eights for when nothing else fits, then name its longest
suit; draw only when it cannot play."""

from collections import Counter
from typing import Any

from ..engine import Move, Rng
from ..engine.crazy_eights import CrazyEightsView, Play


def choose(view: CrazyEightsView, legal: list[Move], memory: dict[str, Any], rng: Rng) -> Move:
    suits = Counter(card[-1] for card in view.hand or [] if card[:-1] != "8")
    plays = [move for move in legal if isinstance(move, Play)]
    plain = [move for move in plays if move.suit is None]
    if plain:
        return max(plain, key=lambda move: (suits[move.card[-1]], move.card[:-1] != "A"))
    if plays:  # eights only
        longest = max("CDHS", key=lambda suit: (suits[suit], suit))
        return next(move for move in plays if move.suit == longest)
    return legal[0]  # draw, or pass when the stock is empty
