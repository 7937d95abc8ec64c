"""A seed and a move list replay a game exactly, through the whole stack."""

from .table import Table


def play_and_log(client, seed, positions):
    table = Table.create(client, players=4, seed=seed)
    for choice in positions:
        if table.summary().json["status"] != "playing":
            break
        table.play_one(lambda moves, choice=choice: moves[choice % len(moves)])
    events = table.events(None).json["events"]
    return [{key: value for key, value in event.items() if key != "at"} for event in events]


def test_same_seed_and_moves_give_identical_events(client):
    positions = [7, 3, 0, 11, 5, 2, 9, 1] * 20
    first = play_and_log(client, 31337, positions)
    again = play_and_log(client, 31337, positions)
    assert first == again
    assert len(first) > 20


def test_another_seed_gives_another_game(client):
    positions = [0] * 10
    assert play_and_log(client, 1, positions) != play_and_log(client, 2, positions)
