"""The worker is watched: readiness needs its heartbeat, it stops at once on SIGTERM,
tries again soon while the database is away, `python -m service.run` restarts it when
it dies, and old rows are pruned."""

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import delete, event, func, select
from sqlalchemy.orm import Session

from service import worker
from service.store import retention
from service.store.models import (
    Game,
    IdempotentAnswer,
    JoinCode,
    RateCounter,
    WorkerHeartbeat,
)
from service.table import clock
from tests.databases import migrate
from tests.push.server import free_port

from .table import Table
from .test_database_away import listening_socket

# How long a process may take to start, stop or get somewhere before a test gives up: a
# deadline for a machine under any load, never a measure of how fast it should be.
DEADLINE_SECONDS = 300


def heartbeats(app, name: str | None = None) -> int:
    """The heartbeats on record, or the one of the worker ``name`` (host:pid)."""
    query = select(func.count()).select_from(WorkerHeartbeat)
    if name is not None:
        query = query.where(WorkerHeartbeat.name == name)
    with Session(app.extensions["db_engine"]) as session:
        return session.scalar(query)


def worker_name(pid: int) -> str:
    """The name a worker process beats under (``worker.NAME``)."""
    return f"{socket.gethostname()}:{pid}"


def forget(app, name: str) -> None:
    """Drop the heartbeat of a worker that was killed: it would stand for a live one."""
    with Session(app.extensions["db_engine"]) as session:
        session.execute(delete(WorkerHeartbeat).where(WorkerHeartbeat.name == name))
        session.commit()


def wait_for(condition, seconds=DEADLINE_SECONDS):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def running(process) -> bool:
    """True, or the test fails at once: a process that died will never get there."""
    assert process.poll() is None, f"it exited with {process.returncode}"
    return True


def test_readiness_needs_a_recent_worker_heartbeat(app, client, monkeypatch):
    refused = client.get("/v1/ready")
    assert refused.status_code == 503 and "worker" in refused.json["detail"]
    worker.beat(app.extensions["db_engine"])
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


def stop(process) -> None:
    """SIGTERM, and wait for the process to exit (it fails the test if it never does)."""
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=DEADLINE_SECONDS)


def log_lines(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]


def test_the_worker_stops_at_once_on_sigterm_and_takes_its_heartbeat_along(
    app, client, database_url, tmp_path
):
    table = Table.create(client, players=0, seats=4, deal=False, think_seconds=0.001)
    client.post(  # a busy worker: bots that never pause
        f"/v1/games/{table.id}/deal",
        json={"fill_with_bots": "random"},
        headers={"Authorization": f"Bearer {table.host}"},
    )
    process, log = start_worker(database_url, tmp_path)
    try:
        wait_for(lambda: running(process) and heartbeats(app, worker_name(process.pid)) == 1)
        stop(process)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, "it left its loop, not killed by the signal"
    assert heartbeats(app, worker_name(process.pid)) == 0
    assert log_lines(log)[-1]["message"].endswith("stopped")


def test_the_worker_tries_again_at_a_short_pause_while_the_database_is_away(tmp_path):
    """One line per try, each announcing the same short pause (a refused connection costs
    nothing, and the first try after the return beats), and no try comes before its
    pause is over."""

    def complaints() -> list[dict]:
        return [line for line in log_lines(log) if "database unavailable" in line["message"]]

    with listening_socket(answer=False) as url:
        process, log = start_worker(url, tmp_path)
        try:
            wait_for(lambda: running(process) and len(complaints()) >= 4)
            stop(process)
        finally:
            if process.poll() is None:
                process.kill()
    assert process.returncode == 0
    lines = complaints()
    pauses = [float(re.search(r"retrying in ([0-9.]+) s", line["message"])[1]) for line in lines]
    assert pauses[:4] == [worker.AWAY_SECONDS] * 4
    times = [datetime.fromisoformat(line["time"]) for line in lines]
    for pause, before, after in zip(pauses, times, times[1:], strict=False):
        assert after - before >= timedelta(seconds=pause), "a try before its pause was over"
    assert "Traceback" not in log.read_text()


class _Rounds(threading.Event):
    """The worker's stop event, taking no time: it records each pause asked for, calls
    ``at`` with their count, and stops the worker after ``rounds`` of them."""

    def __init__(self, rounds: int, at=lambda _count: None):
        super().__init__()
        self.rounds, self.at, self.pauses = rounds, at, []

    def wait(self, timeout=None):
        self.pauses.append(timeout)
        self.at(len(self.pauses))
        if len(self.pauses) >= self.rounds:
            self.set()
        return self.is_set()


@pytest.fixture
def sqlite_worker_engine(tmp_path):
    url = f"sqlite:///{tmp_path / 'worker.sqlite'}"
    migrate(url)
    engine = worker.make_worker_engine(url)
    yield engine
    engine.dispose()


def test_back_from_an_outage_the_worker_beats_before_anything_else(sqlite_worker_engine):
    """Readiness wants a recent heartbeat: while the database is away the worker tries
    again at the same short pause, and the first thing it writes when the database is
    back is its heartbeat, not after a sweep of what fell due meanwhile."""
    away, sent = [True], []

    @event.listens_for(sqlite_worker_engine, "do_connect")
    def refuse(*_args):
        if away[0]:
            raise sqlite3.OperationalError("unable to open database file")

    @event.listens_for(sqlite_worker_engine, "before_cursor_execute")
    def record(_connection, _cursor, statement, *_args):
        sent.append(statement)

    def back_after_four(count):
        away[0] = count < 4

    stop = _Rounds(5, at=back_after_four)
    worker.run(sqlite_worker_engine, stop)
    assert stop.pauses[:4] == [worker.AWAY_SECONDS] * 4, "no longer and longer pauses"
    assert sent[0].lstrip().startswith("INSERT INTO worker_heartbeats"), sent[0]


def test_other_failures_back_off_ever_longer(sqlite_worker_engine):
    """A failure that is not the database's absence (a bug) is tried again ever more
    rarely, so that its tracebacks do not flood the log."""

    stop = _Rounds(4)

    @event.listens_for(sqlite_worker_engine, "before_cursor_execute")
    def fail(*_args):
        if not stop.is_set():  # stopped, it takes its heartbeat along
            raise RuntimeError("a bug")

    worker.run(sqlite_worker_engine, stop)
    assert stop.pauses == [0.5, 1.0, 2.0, 4.0]


@pytest.mark.postgres
def test_run_restarts_a_dead_worker_and_stops_everything_on_sigterm(app, database_url):
    port = free_port()
    run = subprocess.Popen(
        [sys.executable, "-m", "service.run"],
        env={**os.environ, "DATABASE_URL": database_url, "BIND": f"127.0.0.1:{port}"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # a group of its own: a failed test kills all of it
    )
    first = None
    try:
        # its own heartbeat (another test's may be on record): it is at work
        wait_for(lambda: running(run) and beating(app, worker_pid(run.pid)))
        first = worker_pid(run.pid)
        os.kill(first, signal.SIGKILL)
        wait_for(lambda: running(run) and worker_pid(run.pid) not in (None, first))
        second = worker_pid(run.pid)
        wait_for(lambda: running(run) and beating(app, second))
        children = child_pids(run.pid)
        assert len(children) == 2, "gunicorn and the worker"
        stop(run)
        assert run.returncode == 0, "gunicorn stopped on SIGTERM, not killed"
        assert heartbeats(app, worker_name(second)) == 0, "the worker stopped on SIGTERM"
        for pid in children:
            assert not os.path.exists(f"/proc/{pid}") or "zombie" in status(pid)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
        if first is not None:
            forget(app, worker_name(first))


def beating(app, pid: int | None) -> bool:
    return pid is not None and heartbeats(app, worker_name(pid)) == 1


def child_pids(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def worker_pid(pid: int) -> int | None:
    for child in child_pids(pid):
        try:
            if b"service.worker" in Path(f"/proc/{child}/cmdline").read_bytes():
                return child
        except FileNotFoundError:  # reaped since it was listed
            continue
    return None


def status(pid: int) -> str:
    return Path(f"/proc/{pid}/status").read_text().lower()


def test_retention_prunes_what_nobody_needs_and_keeps_the_rest(app, client):
    old = Table.create(client, players=2, deal=False, visibility="private")
    fresh = Table.create(client, players=2, deal=False, visibility="private")
    playing = Table.create(client, players=2, seed=3)
    seat = playing.turn()
    playing.move(seat, playing.view(seat).json["legal_moves"][0], **{"Idempotency-Key": "k"})
    client.post("/v1/tables/join", json={"code": "ZZZZ2222", "name": "x"})  # a rate counter
    now = clock.now()

    def count(model):
        return session.scalar(select(func.count()).select_from(model))

    with Session(app.extensions["db_engine"]) as session:
        session.get(Game, uuid.UUID(old.id)).updated_at = now - timedelta(days=2)
        session.commit()
        pruned = retention.prune(app.extensions["db_engine"], now)
        assert pruned["abandoned_tables"] == pruned["abandoned_codes"] == 1
        assert pruned["abandoned_events"] == 2, "its two players' joins"
        tables = {str(game_id) for game_id in session.scalars(select(Game.id))}
        assert tables == {fresh.id, playing.id}
        codes = {str(game_id) for game_id in session.scalars(select(JoinCode.game_id))}
        assert codes & {old.id, fresh.id} == {fresh.id}, "the abandoned table's code goes"
        assert count(IdempotentAnswer) == 1 and count(RateCounter) >= 1, "still of use"

        pruned = retention.prune(app.extensions["db_engine"], now + timedelta(hours=25))
        assert pruned["idempotent_answers"] == 1 and pruned["abandoned_tables"] == 1
        assert count(IdempotentAnswer) == count(RateCounter) == 0
        assert [str(game_id) for game_id in session.scalars(select(Game.id))] == [playing.id]
        seats = session.scalar(select(Game.seats).where(Game.id == uuid.UUID(playing.id)))
        assert len(seats) == 2, "a dealt game stays, with its seats"
