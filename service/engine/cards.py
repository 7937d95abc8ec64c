"""Cards and decks of the standard 52-card pack, as strings: rank + suit (`10H`, `QC`), `JK`."""

from collections.abc import Callable

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
JOKER = "JK"
BLACK_SUITS = frozenset("CS")


# Made once: every deal then holds the same 52 string objects as the tables below.
_STANDARD_DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)


def standard_deck() -> list[str]:
    """The 52 cards, suit by suit, in a fixed order (the RNG shuffles it)."""
    return list(_STANDARD_DECK)


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def colour(card: str) -> str:
    return "black" if suit(card) in BLACK_SUITS else "red"


# Looked up, not worked out, on the games' hot paths: a standard card's rank and suit.
CARD_RANK: dict[str, str] = {card: rank(card) for card in standard_deck()}
CARD_SUIT: dict[str, str] = {card: suit(card) for card in standard_deck()}
_SHOWING_ORDER = [*(r + s for r in RANKS for s in SUITS), JOKER]
_SHOWING_PLACE = {card: place for place, card in enumerate(_SHOWING_ORDER)}

# Order for showing a hand: by rank, then suit; the joker last. The table's own lookup,
# so that sorting calls no Python function per card.
sort_key: Callable[[str], int] = _SHOWING_PLACE.__getitem__


def deal_from_top(deck: list[str], players: int, dealer: int, per_hand: int) -> list[list[str]]:
    """Deal ``per_hand`` cards each, one at a time from the top of ``deck`` (its end),
    starting with the player left of the dealer; the rest of ``deck`` is the stock."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(per_hand * players):
        hands[(dealer + 1 + i) % players].append(deck.pop())
    return hands
