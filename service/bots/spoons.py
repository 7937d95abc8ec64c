"""A sensible Spoons player: signal as soon as it may; otherwise keep the rank it holds
most of (the lowest such rank, on a tie) and pass the rest; pick up when holding three.
One pass in eight is a random card: two players keeping the same rank would otherwise
wait on each other for ever (seen: four bots, two pairs each, thousands of passes)."""

from collections import Counter
from typing import Any

from ..engine import Move, Rng
from ..engine.base import Pass
from ..engine.cards import RANKS
from ..engine.spoons import Signal, SpoonsView

RANDOM_PASS_ONE_IN = 8


def choose(view: SpoonsView, legal: list[Move], memory: dict[str, Any], rng: Rng) -> Move:
    if Signal() in legal:
        return Signal()
    cards = [move.card for move in legal if isinstance(move, Pass) and move.card]
    if not cards:
        return legal[0]  # pick
    if rng.below(RANDOM_PASS_ONE_IN) == 0:
        return Pass(card=cards[rng.below(len(cards))])
    held = Counter(card[:-1] for card in view.hand or [])
    keep = max(held, key=lambda rank: (held[rank], -RANKS.index(rank)))
    return Pass(card=next((card for card in cards if card[:-1] != keep), cards[0]))
