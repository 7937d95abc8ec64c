"""A second opinion on Crazy Eights and Go Fish: play many random games in this
service's engine and in OpenSpiel's, and compare statistics where the rules coincide.

    make compare-openspiel      (installs open_spiel into .venv-openspiel, not the app)

Both sides use the same random policy: a uniform choice among distinct actions (Crazy
Eights: which card to play, or draw, or pass; then, for an 8, a uniform suit), so the
statistics differ only where the rules do. Prints average game length in moves and the
share of games won by the player who moved first.
"""

import random
import sys
from collections import defaultdict
from statistics import mean

import pyspiel

from service.engine import GAMES, Rng, play

GAMES_PER_SETTING = int(sys.argv[1]) if len(sys.argv) > 1 else 2000


def ours_crazy_eights(players, seed):
    game = GAMES["crazy-eights"]
    options = game.resolve_options({"target_score": None})
    rng, chooser = Rng(seed), random.Random(seed)
    state, _ = game.deal(options, players, 0, rng)
    first, moves = state.turn, 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        groups = defaultdict(list)
        for move in game.legal_moves(state, seat):
            groups[(move.kind, getattr(move, "card", None))].append(move)
        move = chooser.choice(groups[chooser.choice(sorted(groups, key=str))])
        play(game, state, seat, move, rng)
        moves += 1
    result = game.result(state)
    return moves, first in result.winners and not state.blocked, state.blocked


def ours_go_fish(players, seed, end):
    game = GAMES["go-fish"]
    rng, chooser = Rng(seed), random.Random(seed)
    state, _ = game.deal(game.resolve_options({"end": end}), players, 0, rng)
    first, moves = state.turn, 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        play(game, state, seat, chooser.choice(game.legal_moves(state, seat)), rng)
        moves += 1
    return moves, first in game.result(state).winners


def spiel_playout(game, seed, counts_as_move):
    chooser = random.Random(seed)
    state = game.new_initial_state()
    first, moves = None, 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chooser.choices(outcomes, weights)[0])
            continue
        player = state.current_player()
        first = player if first is None else first
        action = chooser.choice(state.legal_actions())
        moves += counts_as_move(state, action)
        state.apply_action(action)
    return moves, first, state.returns()


def spiel_crazy_eights(players, seed):
    game = pyspiel.load_game(
        "crazy_eights", {"players": players, "max_draw_cards": 52, "max_turns": 10**6}
    )
    # a suit nomination is part of playing the 8 here, not a move of its own
    moves, first, returns = spiel_playout(game, seed, lambda s, a: int(not 54 <= a <= 57))
    went_out = max(returns) == 0 and sorted(returns)[-2] < 0
    return moves, went_out and returns[first] == 0, not went_out


def spiel_go_fish(players, seed):
    game = pyspiel.load_game("go_fish", {"players": players})
    moves, first, returns = spiel_playout(game, seed, lambda s, a: 1)  # every move is an ask
    return moves, returns[first] == max(returns)


def report(name, rows):
    lengths = [row[0] for row in rows]
    firsts = [row[1] for row in rows]
    line = f"{name:44} avg moves {mean(lengths):7.1f}   first player wins {mean(firsts):6.1%}"
    if len(rows[0]) > 2:
        line += f"   blocked {mean(row[2] for row in rows):6.1%}"
    print(line)


def main():
    n = GAMES_PER_SETTING
    print(f"{n} random games per line\n")
    for players in (2, 3, 4):
        report(f"crazy-eights {players}p  ours", [ours_crazy_eights(players, s) for s in range(n)])
        report(
            f"crazy-eights {players}p  open_spiel",
            [spiel_crazy_eights(players, s) for s in range(n)],
        )
    print()
    for players in (2, 3, 4, 5, 6):
        for end in ("all_books", "first_empty"):
            rows = [ours_go_fish(players, s, end) for s in range(n)]
            report(f"go-fish {players}p  ours ({end})", rows)
        report(f"go-fish {players}p  open_spiel", [spiel_go_fish(players, s) for s in range(n)])


if __name__ == "__main__":
    main()
