"""How often the ``basic`` Crazy Eights player wins a round against ``random`` players:
seeded rounds, engine only, the basic seat moving round the table from one seed to the
next; the reference is the same seat played by ``random``, on the same seeds."""

import math

from service import bots
from service.engine import GAMES, Rng, play

from .report import num

SLUG = "crazy-eights"
ROUNDS = 400
PLAYER_COUNTS = (2, 4)


def wins(players: int, seed: int, level: str) -> bool:
    """Whether seat ``seed % players``, played at ``level`` (the others ``random``),
    wins the round dealt from ``seed`` (a blocked round's shared win counts)."""
    game = GAMES[SLUG]
    options = game.resolve_options({"target_score": None})
    tested = seed % players
    rng = Rng(seed)
    state, events = game.deal(options, players, (seed // players) % players, rng)
    memory: dict = {}
    bots.remember(SLUG, memory, events)
    while acting := game.to_act(state):
        seat = acting[0]
        legal = game.legal_moves(state, seat)
        view = game.view(state, seat)
        chosen = bots.choose(SLUG, level if seat == tested else "random", view, legal, memory, rng)
        bots.remember(SLUG, memory, play(game, state, seat, chosen, rng))
    result = game.result(state)
    assert result is not None
    return tested in result.winners


def win_rate(players: int, level: str, rounds: int = ROUNDS) -> float:
    return sum(wins(players, seed, level) for seed in range(rounds)) / rounds


def margin(rate: float, rounds: int) -> float:
    """Half the 95% interval of a rate measured over ``rounds``."""
    return 1.96 * math.sqrt(rate * (1 - rate) / rounds)


def run(report) -> None:
    for players in PLAYER_COUNTS:
        basic, random = win_rate(players, "basic"), win_rate(players, "random")
        report.add(
            "Crazy Eights bots",
            f"basic wins, {players} players, {ROUNDS} rounds",
            f"{num(100 * basic)} ± {num(100 * margin(basic, ROUNDS))}",
            "%",
            f"random: {num(100 * random)} %",
            f"{basic / random:.2f}x",
        )
