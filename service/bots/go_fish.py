"""A sensible Go Fish player: it remembers the public log. Whoever asked for a rank held
it then, and still does unless she has since given it away or booked it; ask her for
it. Otherwise ask for the rank it holds most of, from the player with most cards.

The memory is the table's, kept as events are logged (``remember``): ``holds`` maps
``"seat:rank"`` to True (she holds it) or False (she does not: she gave it away, it was
booked, or she said "Go fish" to it and has drawn nothing since)."""

from collections import Counter
from typing import Any

from ..engine import Move, Rng
from ..engine.go_fish import Ask, GoFishView


def remember(memory: dict[str, Any], type_: str, seat: int | None, data: dict[str, Any]) -> None:
    if type_ == "deal":
        memory.clear()
    holds = memory.setdefault("holds", {})
    if type_ == "ask":
        holds[f"{seat}:{data['rank']}"] = True
        memory["asked"] = data["rank"]
    elif type_ == "give":
        rank = data["cards"][0][:-1]
        holds[f"{seat}:{rank}"] = False
        holds[f"{data['to_seat']}:{rank}"] = True
    elif type_ == "go_fish":
        holds[f"{seat}:{memory.get('asked')}"] = False
    elif type_ == "draw":  # an unknown card: it may be any rank
        for key in [key for key, held in holds.items() if not held]:
            if key.startswith(f"{seat}:"):
                del holds[key]
    elif type_ == "book":
        for key in holds:
            if key.endswith(f":{data['rank']}"):
                holds[key] = False


def choose(view: GoFishView, legal: list[Move], memory: dict[str, Any], rng: Rng) -> Move:
    asks = [move for move in legal if isinstance(move, Ask)]
    holds = memory.get("holds", {})
    for move in asks:
        if holds.get(f"{move.seat}:{move.rank}"):
            return move
    # never an ask the log says is in vain, unless every ask is
    hopeful = [m for m in asks if holds.get(f"{m.seat}:{m.rank}") is not False] or asks
    ranks = Counter(card[:-1] for card in view.hand or [])
    cards = {player.seat: player.cards for player in view.players}
    return max(hopeful, key=lambda m: (ranks[m.rank], cards[m.seat], -m.seat))
