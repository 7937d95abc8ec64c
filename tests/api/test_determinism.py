"""A seed and a move list replay a game exactly, through the whole stack."""

from collections import Counter

import pytest

from .recorded import RECORDED, comparable, key
from .table import Table

CONFIGURATIONS = [
    ("old-maid", {"preset": "online"}, 4),
    ("old-maid", {"preset": "family"}, 6),
    ("old-maid", {"odd_card": "joker", "pair_by": "rank_and_colour"}, 3),
    ("blind-date", {}, 4),
    ("blind-date", {"deck": 72}, 8),
    ("crazy-eights", {"target_score": None}, 3),
    ("crazy-eights", {"partnership": True}, 4),
    ("go-fish", {"end": "first_empty"}, 4),
    ("go-fish", {"end": "all_books"}, 3),
    ("spoons", {}, 4),
    ("spoons", {"signal": "tongue", "pass_after_signal": True, "lives": 2}, 5),
    # the die, each door's outcome and each swap's face-down order come from the seed too
    ("mystery-date", {}, 3),
    ("mystery-date", {"mid_side_doors": True}, 4),
]


def play_and_log(client, seed, positions, game_type="old-maid", options=None, players=4):
    table = Table.create(client, type=game_type, options=options or {}, players=players, seed=seed)
    for choice in positions:
        summary = table.summary().json
        if summary["status"] != "playing":
            break
        if summary["turn"] is None:  # several act at once: the position picks one of them
            seat = summary["to_act"][choice % len(summary["to_act"])]
            answer = table.move(seat, sensible(table.view(seat).json, choice))
            assert answer.status_code == 201, answer.json
            continue
        table.play_one(lambda moves, choice=choice: moves[choice % len(moves)])
    events = table.events(None).json["events"]
    for event in events:  # each table's own: the one thing a replay does not repeat
        event["data"].pop("nonce", None)
    return [{key: value for key, value in event.items() if key != "at"} for event in events]


@pytest.mark.parametrize("game_type,options,players", CONFIGURATIONS)
def test_same_seed_and_moves_give_identical_events(client, game_type, options, players):
    """The log of a play is the one recorded before, the same seed and moves played by an
    earlier run: a play once more now would add nothing to that."""
    positions = [7, 3, 0, 11, 5, 2, 9, 1] * 40
    log = play_and_log(client, 31337, positions, game_type, options, players)
    assert len(log) > 20
    recorded = RECORDED["replays"][key(game_type, options, players)]
    assert comparable(log) == comparable(recorded), "not the log recorded before"


def sensible(view, choice):
    """Spoons, where moves at a position's whim take thousands to end a round: signal when
    it may; else keep a rank held most (the position picks which) and pass another card
    (the position picks which); else pick."""
    moves = view["legal_moves"]
    if {"type": "signal"} in moves:
        return {"type": "signal"}
    passes = [move for move in moves if move["type"] == "pass"]
    if not passes:
        return moves[choice % len(moves)]
    held = Counter(card[:-1] for card in view["hand"])
    most = sorted(rank for rank in held if held[rank] == max(held.values()))
    keep = most[choice % len(most)]
    others = [move for move in passes if move["card"][:-1] != keep] or passes
    return others[choice % len(others)]


def test_each_table_has_its_own_nonce_so_a_chosen_seed_stays_secret(client):
    """The commitment of two tables with the same seed differs: nobody can look a short
    chosen seed up from it."""
    commitments = set()
    for _ in range(2):
        table = Table.create(client, players=2, seed=7)
        summary = table.summary().json
        assert summary["seeded"] is True
        commitments.add(summary["seed_commitment"])
    assert len(commitments) == 2
    assert Table.create(client, players=2).summary().json["seeded"] is False


def test_a_seed_may_travel_as_a_decimal_string(client):
    as_text = play_and_log(client, "340282366920938463463374607431768211455", [0] * 10)
    as_number = play_and_log(client, 340282366920938463463374607431768211455, [0] * 10)
    assert as_text == as_number


def test_another_seed_gives_another_game(client):
    positions = [0] * 10
    assert play_and_log(client, 1, positions) != play_and_log(client, 2, positions)
