"""A sensible Mystery Date player: it collects the colour it is closest to completing,
gives away and discards what it needs least (a second copy first, then its weakest
colour), and takes the known discard when that card advances an outfit."""

from collections import Counter
from typing import Any

from ..engine import Move, Rng
from ..engine.crazy_eights import Draw
from ..engine.mystery_date import Discard, Give, MysteryDateView, TakeDiscard, colour_of
from ..engine.passing import Take


def choose(view: MysteryDateView, legal: list[Move], memory: dict[str, Any], rng: Rng) -> Move:
    hand = view.hand or []
    first = legal[0]
    if isinstance(first, Discard | Give):
        worst = least_needed(hand)
        return next(m for m in legal if isinstance(m, Discard | Give) and m.card == worst)
    if isinstance(first, Take):  # a face-down position: nothing to know
        return legal[rng.below(len(legal))]
    if TakeDiscard() in legal and advances(hand, view.top_discard):
        return TakeDiscard()
    if Draw() in legal:
        return Draw()
    return first  # roll, or the first outfit to show


def least_needed(hand: list[str]) -> str:
    """A second copy of a card held, else a card of the colour with fewest numbers."""
    copies = Counter(hand)
    spare = sorted(card for card, count in copies.items() if count > 1)
    if spare:
        return spare[0]
    numbers = Counter(colour_of(card) for card in copies)
    return min(sorted(copies), key=lambda card: numbers[colour_of(card)])


def advances(hand: list[str], card: str | None) -> bool:
    return card is not None and card not in hand
