"""``reads.load``: the game and its seats in one statement, locked for a change or not."""

import threading
import time
import uuid

import pytest

from service.store import reads, tables
from service.store.models import utcnow

from .table import Table


@pytest.mark.postgres
def test_a_lock_that_waited_reads_the_seats_as_they_are_after_it(app, client):
    """The statement that waits for the lock sees the seats as they were when it began:
    here another request adds a seat meanwhile, and the waiting load must see it."""
    table = Table.create(client, players=2, seats=4, deal=False)
    game_id = uuid.UUID(table.id)
    sessions = app.extensions["db_sessions"]
    with sessions() as first, sessions() as second:
        game = reads.load(first, game_id, lock=True)
        tables._add_seat(game, "late", None)
        game.updated_at = utcnow()
        first.flush()  # the seat and the game's new version, not committed yet
        loaded = {}
        waiting = threading.Thread(
            target=lambda: loaded.update(game=reads.load(second, game_id, lock=True))
        )
        waiting.start()
        time.sleep(0.3)
        assert waiting.is_alive(), "the second load waits for the lock"
        first.commit()
        waiting.join(5)
        assert [seat.name for seat in loaded["game"].seats] == ["player 0", "player 1", "late"]
        assert loaded["game"].version == game.version


def test_a_locked_game_is_saved_at_the_commit_and_a_second_load_reads_it_back(app, client):
    table = Table.create(client, players=2, seats=2, deal=False)
    game_id = uuid.UUID(table.id)
    with app.extensions["db_sessions"]() as session:
        game = reads.load(session, game_id, lock=True)
        version = game.version
        game.seats[1].name = "renamed"
        game.updated_at = utcnow()
        again = reads.load(session, game_id, lock=True)
        assert again.seats[1].name == "renamed" and again.version == version + 1
        again.seats[0].name = "first"
        again.updated_at = utcnow()
        session.commit()
    summary = table.summary().json
    assert [seat["name"] for seat in summary["seats"]] == ["first", "renamed"]
    assert summary["version"] == version + 2


def test_an_unlocked_game_is_never_saved(app, client):
    table = Table.create(client, players=2, seats=2, deal=False)
    with app.extensions["db_sessions"]() as session:
        game = reads.load(session, uuid.UUID(table.id))
        game.seats[0].name, game.round = "changed", 7
        session.commit()
    summary = table.summary().json
    assert summary["seats"][0]["name"] == "player 0" and summary["round"] == 0
