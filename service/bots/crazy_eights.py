"""A sensible Crazy Eights player: follow suit or rank with a plain card (from the suit
it holds most of), keep the eights for when nothing else fits, then name its longest
suit; draw only when it cannot play."""

from collections import Counter

from ..engine import Rng


def choose(view: dict, events: list[dict], rng: Rng) -> dict:
    moves = view["legal_moves"]
    suits = Counter(card[-1] for card in view["hand"] if card[:-1] != "8")
    plain = [m for m in moves if m["type"] == "play" and "suit" not in m]
    if plain:
        return max(plain, key=lambda m: (suits[m["card"][-1]], m["card"][:-1] != "A"))
    eights = [m for m in moves if m["type"] == "play"]
    if eights:
        longest = max("CDHS", key=lambda suit: (suits[suit], suit))
        return next(m for m in eights if m["suit"] == longest)
    return moves[0]  # draw, or pass when the stock is empty
