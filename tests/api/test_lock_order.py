"""Writers of one game take their locks in one order, the game's row first and then its
events (SCALING.md's rule 13), on PostgreSQL and on Citus: a move saved without a lock
that meets a writer holding the row (the worker, a leave, a retried move) waits for it
and plays again after, and neither is cancelled as a deadlock.

On Citus the save's WITH parts run one by one in the order they are written: with the
events first, the move held its events' keys while it waited for the row, and the
writer holding the row then waited for those keys (124 distributed deadlocks in a
replica run). The Citus case starts a cluster of its own (``tests.citus``) and is
skipped when Citus is not installed."""

import threading
import time
import uuid

import pytest
from sqlalchemy import text

from service import create_app, metrics
from service.store import tables
from service.store.unit import Unit
from service.table import rules
from tests import citus
from tests.databases import migrate

from .table import Table
from .test_supervision import DEADLINE_SECONDS

pytestmark = pytest.mark.postgres

WAITING_ON_A_LOCK = (
    "SELECT count(*) FROM pg_stat_activity"
    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
)
ON_EVERY_NODE = "SELECT result FROM run_command_on_all_nodes($$ {} $$)"


@pytest.fixture(scope="module")
def citus_url():
    if not citus.installed():
        pytest.skip("Citus is not installed (DEVELOPERS.md says how to build it)")
    cluster = citus.CitusCluster()
    try:
        cluster.start()
        migrate(cluster.coordinator.sqlalchemy_url)
        yield cluster.coordinator.sqlalchemy_url
    finally:
        cluster.remove()


@pytest.fixture(params=["postgresql", "citus"])
def writers_app(request):
    if request.param == "postgresql":
        yield request.getfixturevalue("app")
        return
    app = create_app({"TESTING": True, "DATABASE_URL": request.getfixturevalue("citus_url")})
    yield app
    app.extensions["changes"].stop()
    app.extensions["presence"].stop()
    app.extensions["db_engine"].dispose()


def _someone_waits_on_a_lock(app) -> bool:
    engine = app.extensions["db_engine"]
    with engine.connect() as connection:
        on_citus = connection.scalar(text("SELECT 1 FROM pg_extension WHERE extname = 'citus'"))
        query = ON_EVERY_NODE.format(WAITING_ON_A_LOCK) if on_citus else WAITING_ON_A_LOCK
        return any(int(count) for count in connection.scalars(text(query)))


def test_a_move_meeting_a_writer_that_holds_the_row_waits_and_never_deadlocks(
    writers_app, monkeypatch
):
    client = writers_app.test_client()
    table = Table.create(client, players=2, seed=11)
    view = table.view(0).json
    mover = view["to_act"][0]
    move = table.view(mover).json["legal_moves"][0]
    retried: list[str] = []
    monkeypatch.setattr(metrics, "transaction_retried", retried.append)
    held = threading.Event()

    def react_once_a_move_waits(game, now):
        """Under the row's lock: a reaction, saved once the move is waiting on a lock."""
        held.set()
        give_up = time.monotonic() + DEADLINE_SECONDS
        while not _someone_waits_on_a_lock(writers_app):
            assert time.monotonic() < give_up, "the move never waited for the row"
            time.sleep(0.02)
        return rules.react(game, 1 - mover, "wow", now)

    def locked_writer():
        with Unit(writers_app.extensions["db_engine"]) as unit:
            tables.change(unit, uuid.UUID(table.id), react_once_a_move_waits, unlocked=None)

    writer = threading.Thread(target=locked_writer)
    writer.start()
    assert held.wait(DEADLINE_SECONDS)
    answer = table.move(mover, move)
    writer.join(DEADLINE_SECONDS)

    assert answer.status_code == 201, answer.json
    assert retried == [], "a change was cancelled as a deadlock and run again"
    log = client.get(f"/v1/games/{table.id}/events").json["events"]
    assert [event["seq"] for event in log] == list(range(1, len(log) + 1))
    kinds = [event["type"] for event in log]
    assert kinds.index("reaction") < kinds.index(move["type"]), "the row's holder saved first"
