"""The worker is watched: readiness needs its heartbeat, it stops at once on SIGTERM,
backs off while the database is away, `python -m service.run` restarts it when it dies,
and old rows are pruned."""

import os
import signal
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from service import worker
from service.store import clock, retention
from service.store.models import Game, IdempotentAnswer, RateCounter, Seat, WorkerHeartbeat
from tests.push.server import free_port

from .table import Table
from .test_database_away import listening_socket


def heartbeats(app, name: str | None = None) -> int:
    """The heartbeats on record, or the one of the worker ``name`` (host:pid)."""
    query = select(func.count()).select_from(WorkerHeartbeat)
    if name is not None:
        query = query.where(WorkerHeartbeat.name == name)
    with app.extensions["db_sessions"]() as session:
        return session.scalar(query)


def wait_for(condition, seconds=20):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_readiness_needs_a_recent_worker_heartbeat(app, client, monkeypatch):
    refused = client.get("/v1/ready")
    assert refused.status_code == 503 and "worker" in refused.json["detail"]
    worker.beat(app.extensions["db_sessions"])
    assert client.get("/v1/ready").status_code == 200
    later = clock.now() + timedelta(seconds=app.config["WORKER_HEARTBEAT_SECONDS"] + 1)
    monkeypatch.setattr(clock, "now", lambda: later)
    assert client.get("/v1/ready").status_code == 503, "a heartbeat too old"


def start_worker(database_url, tmp_path):
    log = open(tmp_path / "worker.log", "w")  # noqa: SIM115 (the process writes to it)
    process = subprocess.Popen(
        [sys.executable, "-m", "service.worker"],
        env={**os.environ, "DATABASE_URL": database_url},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    return process, tmp_path / "worker.log"


def stop_promptly(process, seconds=3):
    start = time.monotonic()
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)
    return time.monotonic() - start


def test_the_worker_stops_at_once_on_sigterm_and_takes_its_heartbeat_along(
    app, client, database_url, tmp_path
):
    table = Table.create(client, players=0, seats=4, deal=False, think_seconds=0.001)
    client.post(  # a busy worker: bots that never pause
        f"/v1/games/{table.id}/deal",
        json={"fill_with_bots": "random"},
        headers={"Authorization": f"Bearer {table.host}"},
    )
    process, _ = start_worker(database_url, tmp_path)
    wait_for(lambda: heartbeats(app) == 1)
    assert stop_promptly(process) < 2
    assert process.returncode == 0
    assert heartbeats(app) == 0


def test_the_worker_backs_off_while_the_database_is_away(tmp_path):
    with listening_socket(answer=False) as url:
        process, log = start_worker(url, tmp_path)
        time.sleep(4)
        assert stop_promptly(process) < 2
    complaints = log.read_text().count("database unavailable")
    assert 2 <= complaints <= 5, "one line per try, tries farther and farther apart"
    assert "Traceback" not in log.read_text()


@pytest.mark.postgres
def test_run_restarts_a_dead_worker_and_stops_everything_on_sigterm(app, database_url):
    port = free_port()
    run = subprocess.Popen(
        [sys.executable, "-m", "service.run"],
        env={**os.environ, "DATABASE_URL": database_url, "BIND": f"127.0.0.1:{port}"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: worker_pid(run.pid) is not None and heartbeats(app) == 1)
        first = worker_pid(run.pid)
        os.kill(first, signal.SIGKILL)
        wait_for(lambda: worker_pid(run.pid) not in (None, first))
        children = child_pids(run.pid)
        assert len(children) == 2, "gunicorn and the worker"
        assert stop_promptly(run, 10) < 10
        for pid in children:
            assert not os.path.exists(f"/proc/{pid}") or "zombie" in status(pid)
    finally:
        if run.poll() is None:
            run.kill()


def child_pids(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def worker_pid(pid: int) -> int | None:
    for child in child_pids(pid):
        if b"service.worker" in Path(f"/proc/{child}/cmdline").read_bytes():
            return child
    return None


def status(pid: int) -> str:
    return Path(f"/proc/{pid}/status").read_text().lower()


def test_retention_prunes_what_nobody_needs_and_keeps_the_rest(app, client):
    old = Table.create(client, players=2, deal=False)
    fresh = Table.create(client, players=2, deal=False)
    playing = Table.create(client, players=2, seed=3)
    seat = playing.turn()
    playing.move(seat, playing.view(seat).json["legal_moves"][0], **{"Idempotency-Key": "k"})
    client.post("/v1/tables/join", json={"code": "ZZZZ2222", "name": "x"})  # a rate counter
    now = clock.now()

    def count(model):
        return session.scalar(select(func.count()).select_from(model))

    with app.extensions["db_sessions"]() as session:
        session.get(Game, uuid.UUID(old.id)).updated_at = now - timedelta(days=2)
        session.commit()
        assert retention.prune(session, now)["abandoned_tables"] == 1
        tables = {str(game_id) for game_id in session.scalars(select(Game.id))}
        assert tables == {fresh.id, playing.id}
        assert count(IdempotentAnswer) == 1 and count(RateCounter) >= 1, "still of use"

        pruned = retention.prune(session, now + timedelta(hours=25))
        assert pruned["idempotent_answers"] == 1 and pruned["abandoned_tables"] == 1
        assert count(IdempotentAnswer) == count(RateCounter) == 0
        assert [str(game_id) for game_id in session.scalars(select(Game.id))] == [playing.id]
        assert count(Seat) == 2, "a dealt game stays, with its seats"
