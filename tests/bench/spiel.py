"""OpenSpiel's half of the engine comparison, run in ``.venv-openspiel`` (which has
``pyspiel``): ``.venv-openspiel/bin/python -m tests.bench.spiel`` reads ``GAME SECONDS``
lines (``go-fish 0.3``) and answers each with one JSON line of that many seconds of
playouts, so that ``engine.py`` can alternate them with its own. The driving loop is the
one ``engine.py`` runs on ours: until the game is over, pick uniformly at random among
the legal actions (chance nodes, OpenSpiel's shuffles and draws, are sampled by their
probabilities and not counted as moves)."""

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


def playouts(name: str, parameters: dict, seconds: float) -> dict:
    game = pyspiel.load_game(name, parameters)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        chooser = random.Random(games)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chooser.choices(outcomes, weights)[0])
                continue
            state.apply_action(chooser.choice(state.legal_actions()))
            moves += 1
        games += 1
    return {"games": games, "moves": moves, "seconds": time.perf_counter() - start}


if __name__ == "__main__":
    for line in sys.stdin:
        ours, seconds = line.split()
        print(json.dumps(playouts(*SETTINGS[ours], float(seconds))), flush=True)
