"""The engine's declared shapes and the API's schemas agree: every legal move goes out
(``to_wire``) and comes back in (``MoveSchema``) as itself, with nothing more."""

import dataclasses

import pytest

from service.api.schemas import MoveSchema

from ..engine.test_conformance import PRESET_SETUPS, playout


def every_legal_move(slug, options, players):
    """The legal moves of every seat at every step of a few rounds."""
    for seed in range(2):
        seen = []

        def collect(game, state, options, seen=seen):
            for seat in game.to_act(state):
                seen.extend(game.legal_moves(state, seat))

        playout(slug, options, players, seed, collect)
        yield from seen


@pytest.mark.parametrize("slug,options,players", PRESET_SETUPS[::7])
def test_every_legal_move_goes_out_and_comes_back_as_itself(slug, options, players):
    schema = MoveSchema()
    for move in every_legal_move(slug, options, players):
        wire = move.to_wire()
        declared = {item.name for item in dataclasses.fields(move)}
        assert set(wire) <= {"type"} | declared, f"{wire} carries more than the move"
        assert schema.load(wire) == move
