"""OpenSpiel's half of the engine comparison, run in ``.venv-openspiel`` (which has
``pyspiel``): ``.venv-openspiel/bin/python -m bench.spiel`` reads ``GAME SECONDS``
lines (``go-fish 0.3``) and answers each with one JSON line of that many seconds of
playouts, so that ``engine.py`` can alternate them with its own. The driving loop is the
one ``engine.py`` runs on ours: until the game is over, pick uniformly at random among
the legal actions. Chance nodes (OpenSpiel's shuffles and draws) are not moves, and are
drawn the cheapest correct way: where every chance node's outcomes are equally likely
(Crazy Eights deals and draws cards), with one ``choice`` as a move is; where they are
not (Go Fish draws a rank, weighted by the cards of it left), by their probabilities."""

import json
import random
import sys
import time

import pyspiel

# The parameters tools/compare_openspiel.py uses, where the rules coincide with ours.
SETTINGS = {
    "crazy-eights": ("crazy_eights", {"players": 4, "max_draw_cards": 52, "max_turns": 10**6}),
    "go-fish": ("go_fish", {"players": 4}),
}


def uniform_chance(game, playouts: int = 20) -> bool:
    """Whether every chance node of ``playouts`` games lists equally likely outcomes,
    exactly its legal actions: drawing one with ``choice`` is then the game's own law."""
    for seed in range(playouts):
        chooser = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                if max(weights) - min(weights) > 1e-12 or list(outcomes) != state.legal_actions():
                    return False
            state.apply_action(chooser.choice(state.legal_actions()))
    return True


def playouts(name: str, parameters: dict, seconds: float, uniform: bool) -> dict:
    game = pyspiel.load_game(name, parameters)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        chooser = random.Random(games)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node() and not uniform:
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chooser.choices(outcomes, weights)[0])
                continue
            moves += not state.is_chance_node()
            state.apply_action(chooser.choice(state.legal_actions()))
        games += 1
    return {"games": games, "moves": moves, "seconds": time.perf_counter() - start}


if __name__ == "__main__":
    UNIFORM = {
        ours: uniform_chance(pyspiel.load_game(*settings)) for ours, settings in SETTINGS.items()
    }
    for line in sys.stdin:
        ours, seconds = line.split()
        print(json.dumps(playouts(*SETTINGS[ours], float(seconds), UNIFORM[ours])), flush=True)
