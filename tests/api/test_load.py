"""``store.games``: the game and its seats read in one statement, locked for a change or
not, and a change saved with its events only if the game is still at the version read."""

import threading
import time
import uuid

import pytest
from sqlalchemy import insert, select, update

from service import engine
from service.store import games
from service.store.db import LostRace
from service.store.models import EventRow, Game
from service.store.unit import Unit
from service.table import clock, rules

from .table import Table, bearer
from .test_supervision import DEADLINE_SECONDS


@pytest.mark.postgres
def test_a_lock_that_waited_reads_the_seats_as_they_are_after_it(app, client):
    """A load that waits for the lock reads the game as the change before it left it:
    here another request adds a seat meanwhile, and the waiting load must see it."""
    table = Table.create(client, players=2, seats=4, deal=False)
    game_id = uuid.UUID(table.id)
    db = app.extensions["db_engine"]
    with Unit(db) as first, Unit(db) as second:
        with first.transaction():
            game = games.load(first.connection(), game_id, games.WAIT)
            joined = rules.join(game, "late", None, "hash", clock.now())
            first.add(rules.settle(joined, clock.now()))  # dates its event, as the store does
            loaded = {}
            waiting = threading.Thread(
                target=lambda: loaded.update(
                    game=games.load(second.connection(), game_id, games.WAIT)
                )
            )
            waiting.start()
            time.sleep(0.3)
            assert waiting.is_alive(), "the second load waits for the lock"
            first.commit()
        waiting.join(DEADLINE_SECONDS)
    assert [seat.name for seat in loaded["game"].seats] == ["player 0", "player 1", "late"]
    assert loaded["game"].version == game.version + 1


def test_a_waiting_seat_that_leaves_moves_the_later_ones_up(app, client):
    table = Table.create(client, players=3, seats=3, deal=False)
    left = client.post(f"/v1/games/{table.id}/leave", headers=bearer(table.tokens[0]))
    assert left.status_code == 200
    with Unit(app.extensions["db_engine"]) as unit:
        game = games.load(unit.connection(), uuid.UUID(table.id))
    assert game is not None
    assert [(seat.seat, seat.name) for seat in game.seats] == [(0, "player 1"), (1, "player 2")]


def test_a_change_and_its_events_are_written_together_or_not_at_all(app, client):
    """The commit writes the game only if its row is still at the version read, and its
    events only with it."""
    table = Table.create(client, players=2, seats=2)
    game_id = uuid.UUID(table.id)
    before = table.summary().json["version"], table.events().json["last_seq"]
    db = app.extensions["db_engine"]
    with Unit(db) as unit:
        game = games.load(unit.connection(), game_id)
        assert game is not None
        unit.add(_resumed(game))
        moved_on = update(Game).where(Game.id == game_id).values(version=Game.version + 1)
        unit.connection().execute(moved_on)  # as another writer would
        with pytest.raises(LostRace):
            unit.commit()
    assert table.events().json["last_seq"] == before[1]
    assert table.summary().json["version"] == before[0] + 1, "only the other writer's"
    with Unit(db) as unit:
        game = games.load(unit.connection(), game_id)
        assert game is not None
        unit.add(_resumed(game))
        unit.commit()
    events = table.events().json
    assert events["last_seq"] == before[1] + 1 and events["events"][-1]["type"] == "resume"
    assert table.summary().json["version"] == before[0] + 2


@pytest.mark.postgres
def test_a_save_whose_events_a_rival_logged_first_is_a_lost_race_and_writes_nothing(app, client):
    """The save's parts run in no set order on PostgreSQL: a rival's events already
    holding the next numbers is a lost race too, and the game's row stays as it was."""
    table = Table.create(client, players=2, seats=2)
    game_id = uuid.UUID(table.id)
    version, last_seq = table.summary().json["version"], table.events().json["last_seq"]
    with Unit(app.extensions["db_engine"]) as unit:
        game = games.load(unit.connection(), game_id)
        assert game is not None
        unit.add(_resumed(game))
        rival = {
            "game_id": game_id,
            "seq": last_seq + 1,
            "round": 1,
            "type": "rival",
            "data": {},
            "audience": [],
        }
        unit.connection().execute(insert(EventRow).values(**rival, at=clock.now()))
        with pytest.raises(LostRace):
            unit.commit()
    assert table.summary().json["version"] == version
    with Unit(app.extensions["db_engine"]) as unit:
        logged = select(EventRow.type).where(EventRow.game_id == game_id, EventRow.seq > last_seq)
        assert unit.connection().scalars(logged).all() == ["rival"]


def _resumed(game) -> rules.Progress:
    """A change logging one event (the ``resume`` of a seat's own move)."""
    change = rules._Change(game)
    rules._log(change, [engine.Event("resume", 0)])
    return rules.settle(change.progress(), clock.now())
