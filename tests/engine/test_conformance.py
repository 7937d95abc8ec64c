"""Every registered game, played at random to its end: the interface's promises hold
after every move. Game-specific invariants join through ``INVARIANTS``."""

import ast
import copy
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine import GAMES, Rng, play
from service.engine.base import canonical
from service.engine.cards import rank

MAX_MOVES = 5_000


def old_maid_invariants(game, state, options):
    hands = [card for hand in state.hands for card in hand]
    laid = [card for pairs in state.pairs for pair in pairs for card in pair]
    assert len(hands) + len(laid) == 51, "cards are conserved"
    assert len(set(hands + laid)) == 51
    for hand in state.hands:
        assert all(n == 1 for n in Counter(map(rank, hand)).values()), "no pair left in a hand"
    if (result := game.result(state)) is not None:
        assert len(result.losers) == 1, "exactly one loser"
        assert state.hands[result.losers[0]] in (["QS"], ["QH"], ["QD"])


def old_maid_hidden(state, seat):
    """The cards ``seat`` cannot see (``None``: a spectator): every other hand."""
    return {card for s, hand in enumerate(state.hands) if s != seat for card in hand}


INVARIANTS = {"old-maid": old_maid_invariants}
HIDDEN = {"old-maid": old_maid_hidden}
GAME_SETUPS = [
    (slug, players)
    for slug, game in sorted(GAMES.items())
    for players in range(game.min_players, game.max_players + 1)
]


def playout(game, players: int, seed: int, check=None):
    """Play one round with uniformly random legal moves; returns the events."""
    options = game.resolve_options({})
    rng, chooser = Rng(seed), random.Random(seed)
    state, events = game.deal(options, players, seed % players, rng)
    for _ in range(MAX_MOVES):
        if check:
            check(state, options)
        acting = game.to_act(state)
        if not acting:
            return state, events
        seat = chooser.choice(acting)
        events += play(game, state, seat, chooser.choice(game.legal_moves(state, seat)), rng)
    raise AssertionError(f"no end after {MAX_MOVES} moves")


def interface_invariants(game, players):
    def check(state, options):
        INVARIANTS[game.slug](game, state, options)
        dumped = json.dumps(game.dump_state(state))
        assert game.dump_state(game.load_state(json.loads(dumped))) == json.loads(dumped)
        before = copy.deepcopy(game.dump_state(state))
        acting = game.to_act(state)
        for seat in range(players):
            moves = game.legal_moves(state, seat)
            assert (seat in acting) == bool(moves), "legal_moves is non-empty for who acts"
            assert len({canonical(m) for m in moves}) == len(moves), "no duplicates"
        assert game.dump_state(state) == before, "asking for moves and views changes nothing"
        assert (game.result(state) is None) == bool(acting)

    return check


@pytest.mark.parametrize("slug,players", GAME_SETUPS)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64))
def test_random_playouts_keep_every_invariant(slug, players, seed):
    game = GAMES[slug]
    state, _ = playout(game, players, seed, interface_invariants(game, players))
    assert game.result(state) is not None


@pytest.mark.parametrize("slug,players", GAME_SETUPS)
def test_the_same_seed_and_moves_give_the_same_events(slug, players):
    game = GAMES[slug]
    for seed in range(20):
        _, first = playout(game, players, seed)
        _, again = playout(game, players, seed)
        assert first == again
    _, other = playout(game, players, 10**6)
    assert other != first


@pytest.mark.parametrize("slug,players", GAME_SETUPS)
def test_no_view_shows_another_seats_hand(slug, players):
    """Engine-level leak check: a seat's view names only cards in its own hand or face
    up on the table; a spectator's only the table's."""
    game = GAMES[slug]
    for seed in range(30):
        rng, chooser = Rng(seed), random.Random(seed)
        state, _ = game.deal(game.resolve_options({}), players, 0, rng)
        while game.to_act(state):
            for seat in [None, *range(players)]:
                hidden = HIDDEN[slug](state, seat)
                shown = set(_strings(game.view(state, seat)))
                assert not shown & hidden, f"seat {seat} sees {shown & hidden}"
            seat = game.to_act(state)[0]
            play(game, state, seat, chooser.choice(game.legal_moves(state, seat)), rng)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_the_engine_imports_no_web_no_sql_and_no_global_random():
    forbidden = {"flask", "sqlalchemy", "marshmallow", "random", "flask_smorest", "secrets"}
    engine_dir = Path(__file__).resolve().parents[2] / "service" / "engine"
    for path in engine_dir.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{path.name} imports {name}"
