"""A move on PostgreSQL is played with no row lock, and saved only if nobody changed the
game meanwhile (``store.tables.change``); when somebody did, it is played again under the
lock. The worker's due actions take the same path."""

import threading
import uuid
from datetime import timedelta

import psycopg
import pytest
from sqlalchemy import text

from service import worker
from service.store import games
from service.table import clock

from .table import Table, bearer
from .test_metrics import metrics, value

pytestmark = pytest.mark.postgres


def _driver_url(app) -> str:
    return app.extensions["db_engine"].url.set(drivername="postgresql").render_as_string(False)


def _another_writer(app, game_id: str) -> None:
    """A change committed by somebody else, as a join or the worker would make one."""
    with app.extensions["db_engine"].begin() as connection:
        bump = "UPDATE games SET version = version + 1, updated_at = now() WHERE id = :id"
        connection.execute(text(bump), {"id": game_id})


def _interrupt_after_read(monkeypatch, change):
    """Run ``change`` between the unlocked read of a move (or of the worker's due game)
    and its save, once; returns the versions read unlocked. A move sent with an
    Idempotency-Key reads the game with ``load_answered``."""
    reads = []

    def seen_unlocked(game):
        if not reads:
            change()
        reads.append(game.version)

    def load(connection, game_id, lock=None, read=games.load):
        game = read(connection, game_id, lock)
        if lock is None:
            seen_unlocked(game)
        return game

    def load_answered(connection, game_id, key, lock=None, read=games.load_answered):
        found = read(connection, game_id, key, lock)
        if lock is None:
            seen_unlocked(found[0])
        return found

    monkeypatch.setattr(games, "load", load)
    monkeypatch.setattr(games, "load_answered", load_answered)
    return reads


def _row_locker(app, game_id: str, locked: list):
    """Lock the game's row from another connection, with NOWAIT: fails at once if locked."""

    def lock_now():
        with psycopg.connect(_driver_url(app)) as connection:
            connection.execute(
                "SELECT id FROM games WHERE id = %s FOR UPDATE NOWAIT", (uuid.UUID(game_id),)
            )
            locked.append(True)

    return lock_now


def test_a_move_that_lost_the_race_is_played_again_under_the_lock(app, client, monkeypatch):
    table = Table.create(client, players=3)
    version, last_seq = table.summary().json["version"], table.events().json["last_seq"]
    seat = table.turn()
    legal = table.view(seat).json["legal_moves"]
    reads = _interrupt_after_read(monkeypatch, lambda: _another_writer(app, table.id))
    replayed = "cardtable_moves_replayed_under_lock_total"
    before = value(metrics(client), replayed, game_type="old-maid")

    answer = table.move(seat, legal[0], **{"Idempotency-Key": "the-first-try"})

    assert answer.status_code == 201, answer.json
    assert value(metrics(client), replayed, game_type="old-maid") == before + 1
    assert reads == [version], "read once unlocked; the second read was the locked one"
    log = table.events(after=last_seq).json
    assert [event["seq"] for event in log["events"]] == list(
        range(last_seq + 1, last_seq + 1 + len(answer.json["events"]))
    ), "the lost try wrote no event: the log holds the move once"
    assert table.summary().json["version"] == version + 2  # the other change, then the move
    replay = table.move(seat, legal[0], **{"Idempotency-Key": "the-first-try"})
    assert replay.json == answer.json, "the answer was remembered by the try that won"
    with app.extensions["db_engine"].connect() as connection:
        stored = "SELECT count(*) FROM idempotent_answers WHERE game_id = :id"
        assert connection.execute(text(stored), {"id": table.id}).scalar_one() == 1


def test_no_row_lock_is_held_while_the_move_is_played(app, client, monkeypatch):
    """Another transaction can lock the game's row between the move's read and its save
    (here it does, with NOWAIT, which fails at once on a row that is locked)."""
    table = Table.create(client, players=2)
    locked: list = []
    _interrupt_after_read(monkeypatch, _row_locker(app, table.id, locked))
    seat = table.turn()
    answer = table.move(seat, table.view(seat).json["legal_moves"][0])
    assert answer.status_code == 201, answer.json
    assert locked == [True]


def test_where_every_seat_acts_at_once_the_move_is_played_under_the_lock(app, client, monkeypatch):
    """In Spoons another seat's move nearly always comes first: no unlocked try there."""
    table = Table.create(client, players=3, type="spoons")
    seat = next(s for s in range(3) if table.view(s).json["legal_moves"])
    move = table.view(seat).json["legal_moves"][0]
    saves = _spy_saves(monkeypatch)
    answer = table.move(seat, move)
    assert answer.status_code == 201, answer.json
    assert saves == ["in a transaction"], "one save, in the locked read's transaction"


def _spy_saves(monkeypatch) -> list[str]:
    """How each save runs: alone, one statement (the unlocked try), or in the
    transaction that locked the game's row (``FOR UPDATE`` gave it a transaction id)."""
    saves, save = [], games.save

    def spied_save(connection, progress, answers):
        locked = connection.scalar(text("SELECT txid_current_if_assigned()")) is not None
        saves.append("in a transaction" if locked else "alone")
        return save(connection, progress, answers)

    monkeypatch.setattr(games, "save", spied_save)
    return saves


def test_a_move_sent_just_before_its_deadline_is_not_lost_to_the_clock(app, client, monkeypatch):
    """Sent a millisecond before the turn's deadline, the move counts, even if a read
    applying what is due runs before it is saved: so close to a deadline the move plays
    under the lock, and the read waits for it (unlocked, the read's timeout came first)."""
    table = Table.create(client, players=3, turn_seconds=30)
    seat = table.turn()
    legal = table.view(seat).json["legal_moves"]
    with app.extensions["db_engine"].connect() as connection:
        due = clock.due(games.load(connection, uuid.UUID(table.id)), seat)
    moment = [due - timedelta(milliseconds=1)]
    monkeypatch.setattr(clock, "now", lambda: moment[0])
    real_save, looks, readers = games.save, [], []

    def a_read_comes_before_the_save(connection, progress, answers):
        if not looks:  # a GET /view in another thread, 2 ms later, waits for the lock
            moment[0] = due + timedelta(milliseconds=1)
            reader = threading.Thread(target=lambda: looks.append(table.view(seat).json))
            reader.start()
            readers.append(reader)
            reader.join(0.5)
            looks.append("the move saved first" if reader.is_alive() else "the read came first")
        return real_save(connection, progress, answers)

    monkeypatch.setattr(games, "save", a_read_comes_before_the_save)
    answer = table.move(seat, legal[0])
    readers[0].join(5)
    assert answer.status_code == 201, answer.json
    assert "the move saved first" in looks
    made_by = [(e["type"], e["by"]) for e in table.events().json["events"] if e["by"]]
    assert ("timeout", None) not in made_by and made_by[-1][1] == "player"


def _due_bot_table(client, monkeypatch, type="old-maid") -> Table:
    """Three bots, the first one's move due: the clock set past its thinking time."""
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    table = Table.create(client, players=0, seats=3, deal=False, think_seconds=2, seed=5, type=type)
    deal = client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "random"}, headers=bearer(table.host)
    )
    assert deal.status_code == 200, deal.json
    now[0] += timedelta(seconds=3)
    return table


def _logged_bot_moves(app, game_id: str) -> list[int]:
    with app.extensions["db_engine"].connect() as connection:
        query = "SELECT seq FROM events WHERE game_id = :id AND by = 'bot' ORDER BY seq"
        return list(connection.execute(text(query), {"id": game_id}).scalars())


def test_the_worker_applies_a_due_move_with_no_row_lock_held(app, client, monkeypatch):
    table = _due_bot_table(client, monkeypatch)
    locked: list = []
    versions = _interrupt_after_read(monkeypatch, _row_locker(app, table.id, locked))
    saves = _spy_saves(monkeypatch)
    assert worker.sweep(app.extensions["db_engine"]) == 1
    assert locked == [True] and len(versions) == 1, "one read, unlocked, and no replay"
    assert saves == ["alone"]
    assert len(_logged_bot_moves(app, table.id)) == 1


def test_a_due_move_the_worker_lost_the_race_for_is_applied_under_the_lock(
    app, client, monkeypatch
):
    table = _due_bot_table(client, monkeypatch)
    version = _stored_version(app, table.id)  # read behind the API, which applies what is due
    replayed = "cardtable_moves_replayed_under_lock_total"
    before = value(metrics(client), replayed, game_type="old-maid")
    _interrupt_after_read(monkeypatch, lambda: _another_writer(app, table.id))
    _only_due(monkeypatch, table.id)  # not the games earlier tests left due

    assert worker.sweep(app.extensions["db_engine"]) == 1

    # at least: the counter is the process's, which other tests' games may move too
    assert value(metrics(client), replayed, game_type="old-maid") >= before + 1
    assert len(_logged_bot_moves(app, table.id)) == 1, "the lost try wrote nothing"
    assert _stored_version(app, table.id) == version + 2  # the other change, then the move


def _only_due(monkeypatch, game_id: str) -> None:
    due = games.due
    monkeypatch.setattr(
        games, "due", lambda *args: [row for row in due(*args) if row[0] == uuid.UUID(game_id)]
    )


def _stored_version(app, game_id: str) -> int:
    with app.extensions["db_engine"].connect() as connection:
        query = "SELECT version FROM games WHERE id = :id"
        return connection.execute(text(query), {"id": game_id}).scalar_one()


def test_the_worker_passes_over_a_game_whose_row_a_request_holds(app, client, monkeypatch):
    """SKIP LOCKED's promise kept by the unlocked path too: a held game costs the sweep the
    worker's short lock wait, then the next due game is applied."""
    held = _due_bot_table(client, monkeypatch)
    other = _due_bot_table(client, monkeypatch)
    engine = worker.make_worker_engine(app.config["DATABASE_URL"])
    with psycopg.connect(_driver_url(app)) as holder:
        holder.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (uuid.UUID(held.id),))
        assert worker.sweep(engine) == 1
        assert _logged_bot_moves(app, held.id) == [], "not waited for"
        assert len(_logged_bot_moves(app, other.id)) == 1
    engine.dispose()


def test_where_every_seat_acts_at_once_the_worker_locks_the_game_at_once(app, client, monkeypatch):
    table = _due_bot_table(client, monkeypatch, type="spoons")
    saves = _spy_saves(monkeypatch)
    loads, load = [], games.load

    def spied_load(connection, game_id, lock=None):
        loads.append(lock)
        return load(connection, game_id, lock)

    monkeypatch.setattr(games, "load", spied_load)
    assert worker.sweep(app.extensions["db_engine"]) == 1
    assert loads == [games.SKIP], "no unlocked read first"
    assert saves == ["in a transaction"]
    assert _logged_bot_moves(app, table.id)
