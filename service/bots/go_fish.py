"""A sensible Go Fish player: it remembers the public log. Whoever asked for a rank held
it then, and still does unless she has since given it away or booked it; ask her for
it. Otherwise ask for the rank it holds most of, from the player with most cards."""

from collections import Counter

from ..engine import Rng


def known_holders(events: list[dict]) -> dict[tuple[int, str], bool]:
    """(seat, rank) pairs the public log shows a seat still holds."""
    holds: dict[tuple[int, str], bool] = {}
    for event in events:
        data, seat = event["data"], event["seat"]
        if event["type"] == "ask":
            holds[(seat, data["rank"])] = True
        elif event["type"] == "give":
            rank = data["cards"][0][:-1]
            holds[(seat, rank)] = False
            holds[(data["to_seat"], rank)] = True
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
    ranks = Counter(card[:-1] for card in view["hand"])
    cards = {player["seat"]: player["cards"] for player in view["players"]}
    return max(moves, key=lambda m: (ranks[m["rank"]], cards[m["seat"]], -m["seat"]))
