"""Computer players. A bot sees exactly what a human in its seat sees: the seat's view,
its legal moves and what the public log has told so far (kept incrementally, in the
table's ``memory``), never the engine's state. It answers with one of its legal moves.

``random`` picks uniformly; ``basic`` plays sensibly where the game allows skill. Both
draw their randomness from the game's generator, so a seed and the human moves replay a
game with bots exactly.
"""

from collections.abc import Callable
from typing import Any

from ..engine import Event, Move, Rng
from . import crazy_eights, go_fish, mystery_date, spoons

LEVELS = ("random", "basic")

Memory = dict[str, Any]
Strategy = Callable[[Any, list[Move], Memory, Rng], Move]


def random_move(view: Any, legal: list[Move], memory: Memory, rng: Rng) -> Move:
    return legal[rng.below(len(legal))]


# Old Maid and Blind Date leave nothing to choose but a face-down position.
BASIC: dict[str, Strategy] = {
    "crazy-eights": crazy_eights.choose,
    "go-fish": go_fish.choose,
    "spoons": spoons.choose,
    "mystery-date": mystery_date.choose,
}

# What a game's basic player remembers of the public log, one event at a time.
REMEMBER: dict[str, Callable[[Memory, str, int | None, dict[str, Any]], None]] = {
    "go-fish": go_fish.remember,
}


def choose(
    game_type: str, level: str, view: Any, legal: list[Move], memory: Memory, rng: Rng
) -> Move:
    """The bot's move: always one of ``legal``."""
    strategy = BASIC.get(game_type, random_move) if level == "basic" else random_move
    return strategy(view, legal, memory, rng)


def remember(game_type: str, memory: Memory, events: list[Event]) -> None:
    """Fold the public part of new events into the table's memory (in place)."""
    learn = REMEMBER.get(game_type)
    if learn is not None:
        for event in events:
            learn(memory, event.type, event.seat, event.seen_by(None))
