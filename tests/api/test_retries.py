"""A change of a game that fails with a serialization failure (40001) or a deadlock
(40P01; Citus reports a distributed deadlock so) is rolled back and tried again a few
times through the one change path, and each retry is counted in /metrics."""

import pytest
from sqlalchemy import text

from service.store import games, tables

from .table import Table
from .test_metrics import metrics, value

pytestmark = pytest.mark.postgres
RETRIED = "cardtable_transactions_retried_total"


def fail_saves(monkeypatch, sqlstate: str, times: int) -> list[int]:
    """The next ``times`` saves fail in the database itself, with ``sqlstate``."""
    save, failed = games.save, [0]

    def failing_save(connection, progress, answers):
        if failed[0] < times:
            failed[0] += 1
            connection.execute(
                text(f"DO $$ BEGIN RAISE EXCEPTION 'made up' USING ERRCODE = '{sqlstate}'; END $$")
            )
        save(connection, progress, answers)

    monkeypatch.setattr(games, "save", failing_save)
    return failed


@pytest.mark.parametrize(("sqlstate", "game"), [("40P01", "spoons"), ("40001", "go-fish")])
def test_a_move_that_meets_a_deadlock_is_retried_and_applied_once(
    client, monkeypatch, sqlstate, game
):
    """Spoons saves under the game's lock, Go Fish first without it: both are retried."""
    table = Table.create(client, type=game, players=3, seed=4)
    before = value(metrics(client), RETRIED, sqlstate=sqlstate)
    seat = next(s for s in range(3) if table.view(s).json["legal_moves"])
    last_seq = table.events().json["last_seq"]
    failed = fail_saves(monkeypatch, sqlstate, times=2)

    moved = table.move(seat, table.view(seat).json["legal_moves"][0])

    assert moved.status_code == 201, moved.json
    assert failed[0] == 2
    assert value(metrics(client), RETRIED, sqlstate=sqlstate) == before + 2
    logged = table.events(after=last_seq).json["events"]
    assert [event["seq"] for event in logged] == list(
        range(last_seq + 1, last_seq + 1 + len(logged))
    )
    assert moved.json["events"][-1]["seq"] == logged[-1]["seq"], "applied once"


def test_a_change_that_keeps_failing_gives_up_and_changes_nothing(client, monkeypatch):
    table = Table.create(client, type="go-fish", players=3, seed=4)
    before = value(metrics(client), RETRIED, sqlstate="40001")
    seat = next(s for s in range(3) if table.view(s).json["legal_moves"])
    summary = table.summary().json
    fail_saves(monkeypatch, "40001", times=tables.RETRIES + 1)

    moved = table.move(seat, table.view(seat).json["legal_moves"][0])

    assert moved.status_code == 503, moved.json
    assert moved.json["code"]
    assert value(metrics(client), RETRIED, sqlstate="40001") == before + tables.RETRIES
    monkeypatch.undo()
    assert table.summary().json["version"] == summary["version"]


def test_a_node_lost_at_the_commit_is_a_503_and_changes_nothing(client, monkeypatch):
    """Citus reports a worker node that went away while the change committed as an
    internal error (XX000): the database is away, retry with the same Idempotency-Key."""
    table = Table.create(client, type="go-fish", players=3, seed=4)
    seat = next(s for s in range(3) if table.view(s).json["legal_moves"])
    summary = table.summary().json
    fail_saves(monkeypatch, "XX000", times=1)

    moved = table.move(seat, table.view(seat).json["legal_moves"][0])

    assert moved.status_code == 503, moved.json
    monkeypatch.undo()
    assert table.summary().json["version"] == summary["version"]
