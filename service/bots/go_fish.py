"""A sensible Go Fish player: it remembers the public log. Whoever asked for a rank held
it then, and still does unless she has since given it away or booked it; ask her for
it. Otherwise ask for the rank it holds most of, from the player with most cards."""

from collections import Counter

from ..engine import Rng


def known_holders(events: list[dict]) -> dict[tuple[int, str], bool]:
    """What the public log shows of (seat, rank): True, she still holds it; False, she
    does not (she gave it away, it was booked, or she said "Go fish" to it and has
    drawn nothing since)."""
    holds: dict[tuple[int, str], bool] = {}
    asked = None
    for event in events:
        data, seat = event["data"], event["seat"]
        if event["type"] == "ask":
            holds[(seat, data["rank"])] = True
            asked = data["rank"]
        elif event["type"] == "give":
            rank = data["cards"][0][:-1]
            holds[(seat, rank)] = False
            holds[(data["to_seat"], rank)] = True
        elif event["type"] == "go_fish":
            holds[(seat, asked)] = False
        elif event["type"] == "draw":  # an unknown card: it may be any rank
            for other, rank in list(holds):
                if other == seat and not holds[(other, rank)]:
                    del holds[(other, rank)]
        elif event["type"] == "book":
            for other, rank in list(holds):
                if rank == data["rank"]:
                    holds[(other, rank)] = False
    return holds


def choose(view: dict, events: list[dict], rng: Rng) -> dict:
    moves = view["legal_moves"]
    holds = known_holders(events)
    for move in moves:
        if holds.get((move["seat"], move["rank"])):
            return move
    # never an ask the log says is in vain, unless every ask is
    hopeful = [m for m in moves if holds.get((m["seat"], m["rank"])) is not False] or moves
    ranks = Counter(card[:-1] for card in view["hand"])
    cards = {player["seat"]: player["cards"] for player in view["players"]}
    return max(hopeful, key=lambda m: (ranks[m["rank"]], cards[m["seat"]], -m["seat"]))
