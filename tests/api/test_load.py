"""``reads.load``: the game and its seats in one statement, locked for a change or not."""

import threading
import time
import uuid

import pytest
from sqlalchemy import update
from sqlalchemy.orm.exc import StaleDataError

from service import engine
from service.store import play, reads, tables, writes
from service.store.models import Game

from .table import Table
from .test_supervision import DEADLINE_SECONDS


@pytest.mark.postgres
def test_a_lock_that_waited_reads_the_seats_as_they_are_after_it(app, client):
    """The statement that waits for the lock sees the seats as they were when it began:
    here another request adds a seat meanwhile, and the waiting load must see it."""
    table = Table.create(client, players=2, seats=4, deal=False)
    game_id = uuid.UUID(table.id)
    sessions = app.extensions["db_sessions"]
    with sessions() as first, sessions() as second:
        game = reads.load(first, game_id, lock=True)
        tables._add_seat(first, game, "late", None)
        writes.new_version(game)
        writes.save_held(first)  # the seat and the game's new version, not committed yet
        first.flush()
        loaded = {}
        waiting = threading.Thread(
            target=lambda: loaded.update(game=reads.load(second, game_id, lock=True))
        )
        waiting.start()
        time.sleep(0.3)
        assert waiting.is_alive(), "the second load waits for the lock"
        first.commit()
        waiting.join(DEADLINE_SECONDS)
        assert [seat.name for seat in loaded["game"].seats] == ["player 0", "player 1", "late"]
        assert loaded["game"].version == game.version


def test_a_locked_game_is_saved_at_the_commit_and_a_second_load_reads_it_back(app, client):
    table = Table.create(client, players=2, seats=2, deal=False)
    game_id = uuid.UUID(table.id)
    with app.extensions["db_sessions"]() as session:
        game = reads.load(session, game_id, lock=True)
        version = game.version
        game.seats[1].name = "renamed"
        writes.new_version(game)
        again = reads.load(session, game_id, lock=True)
        assert again.seats[1].name == "renamed" and again.version == version + 1
        again.seats[0].name = "first"
        writes.new_version(again)
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


def test_a_locked_game_and_its_events_are_written_together_or_not_at_all(app, client):
    """The commit writes the game only if its row is still at the version read, and its
    events only with it."""
    table = Table.create(client, players=2, seats=2)
    game_id = uuid.UUID(table.id)
    before = table.summary().json["version"], table.events().json["last_seq"]
    sessions = app.extensions["db_sessions"]
    with sessions() as session:
        game = reads.load(session, game_id, lock=True)
        play.append_events(session, game, [engine.Event("resume", 0)])
        moved_on = update(Game).where(Game.id == game_id).values(version=Game.version + 1)
        session.execute(moved_on)  # as another writer would
        with pytest.raises(StaleDataError):
            session.commit()
    assert (table.summary().json["version"], table.events().json["last_seq"]) == before
    with sessions() as session:
        game = reads.load(session, game_id, lock=True)
        play.append_events(session, game, [engine.Event("resume", 0)])
        session.commit()
    events = table.events().json
    assert events["last_seq"] == before[1] + 1 and events["events"][-1]["type"] == "resume"
    assert table.summary().json["version"] == before[0] + 1
