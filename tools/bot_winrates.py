"""How much better the ``basic`` bot plays than ``random``: 1,000 seeded games per game
(or the count given), one basic bot against random ones, the basic seat moving round
the table. Engine only, with each bot fed its seat's view and log, as the service does.

    python tools/bot_winrates.py [GAMES]
"""

import sys

from service import bots
from service.engine import GAMES, Rng, play

SETUPS = [
    ("old-maid", {}, 3),
    ("blind-date", {}, 4),
    ("crazy-eights", {"target_score": None}, 2),
    ("crazy-eights", {"target_score": None}, 4),
    ("go-fish", {}, 2),
    ("go-fish", {}, 4),
    ("mystery-date", {}, 2),
    ("mystery-date", {}, 4),
]


def one_game(slug, options, players, seed, level):
    """Whether the seat played at ``level`` (the others random) is among the winners."""
    game = GAMES[slug]
    options = game.resolve_options(options)
    basic_seat = seed % players
    rng = Rng(seed)
    state, events = game.deal(options, players, (seed // players) % players, rng)
    memory = {}
    bots.remember(slug, memory, events)
    while acting := game.to_act(state):
        seat = acting[0]
        move = bots.choose(
            slug,
            level if seat == basic_seat else "random",
            game.view(state, seat),
            game.legal_moves(state, seat),
            memory,
            rng,
        )
        bots.remember(slug, memory, play(game, state, seat, move, rng))
    return basic_seat in game.result(state).winners


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"{count} seeded games per line: the same seat played by basic, then by random,")
    print("against random players; a win counts when shared (Old Maid: not the loser)\n")
    print(f"{'game':24} {'basic':>8} {'random':>8}")
    for slug, options, players in SETUPS:
        rates = [
            sum(one_game(slug, options, players, seed, level) for seed in range(count)) / count
            for level in ("basic", "random")
        ]
        print(f"{slug + f' {players}p':24} {rates[0]:8.1%} {rates[1]:8.1%}")


if __name__ == "__main__":
    main()
