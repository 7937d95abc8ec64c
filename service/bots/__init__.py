"""Computer players. A bot sees exactly what a human in its seat sees: the redacted view
(with its ``legal_moves``) and the event log as rendered for its seat, never the engine
state. It answers with one of its legal moves, verbatim.

``random`` picks uniformly; ``basic`` plays sensibly where the game allows skill. Both
draw their randomness from the game's generator, so a seed and the human moves replay a
game with bots exactly.
"""

from collections.abc import Callable
from typing import Any

from ..engine import Rng
from . import crazy_eights, go_fish

LEVELS = ("random", "basic")

Strategy = Callable[[dict[str, Any], list[dict[str, Any]], Rng], dict[str, Any]]


def random_move(view: dict, events: list[dict], rng: Rng) -> dict:
    moves = view["legal_moves"]
    return moves[rng.below(len(moves))]


# Old Maid and Blind Date leave nothing to choose but a face-down position.
BASIC: dict[str, Strategy] = {
    "crazy-eights": crazy_eights.choose,
    "go-fish": go_fish.choose,
}


# The strategies that read the log; the others decide from the view alone.
READS_LOG = {go_fish.choose}


def choose(
    game_type: str, level: str, view: dict, events: Callable[[], list[dict]], rng: Rng
) -> dict:
    """The bot's move: always one of ``view["legal_moves"]``. ``events`` gives the log as
    the seat sees it, read only by a strategy that needs it (reading a long log for every
    automatic move would make a game of bots quadratic in its length)."""
    strategy = BASIC.get(game_type, random_move) if level == "basic" else random_move
    return strategy(view, events() if strategy in READS_LOG else [], rng)
