"""Prometheus metrics at /metrics: requests by route and status, moves by game type and
who made them, scheduled actions and their lateness, waiters, the database pool; under
gunicorn, summed over its workers and the worker process."""

import json
import os
import signal
import struct
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from datetime import timedelta
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError

from service import worker
from service.metrics import FilesCollector
from service.settings import SETTINGS
from service.table import clock

from ..push.server import serve
from .table import Table, bearer
from .test_supervision import DEADLINE_SECONDS

ROOT = Path(__file__).resolve().parents[2]
GAME = "/v1/games/<uuid:game_id>"


def scrape(text: str) -> dict[tuple, float]:
    """Every sample: ``(name, (label, value), ...)`` -> value."""
    return {
        (sample.name, *sorted(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: dict[tuple, float], name: str, **labels) -> float:
    return samples.get((name, *sorted(labels.items())), 0.0)


def metrics(client) -> dict[tuple, float]:
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.mimetype == "text/plain"
    return scrape(answer.get_data(as_text=True))


def test_requests_moves_and_the_pool_are_counted(app, client):
    before = metrics(client)
    table = Table.create(client, players=2, seed=3)  # a create, two joins, a deal
    table.play_one()
    assert client.get("/no/such/path").status_code == 404
    after = metrics(client)

    def more(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    requests = "cardtable_http_requests_total"
    assert more(requests, route="/v1/games", method="POST", status="201") == 1
    assert more(requests, route=f"{GAME}/players", method="POST", status="201") == 2
    assert more(requests, route=f"{GAME}/deal", method="POST", status="200") == 1
    assert more(requests, route=f"{GAME}/moves", method="POST", status="201") == 1
    assert more(requests, route="unmatched", method="GET", status="404") == 1
    latency = "cardtable_http_request_duration_seconds"
    assert more(f"{latency}_count", route=f"{GAME}/moves") == 1
    assert more(f"{latency}_bucket", route=f"{GAME}/moves", le="10.0") == 1
    assert more("cardtable_moves_total", game_type="old-maid", by="player") == 1
    assert more("cardtable_moves_total", game_type="old-maid", by="bot") == 0

    # the pool: its size, and a connection checked out counts while it is out
    assert value(after, "cardtable_db_pool_size", process="web") >= 1
    engine = app.extensions["db_engine"]
    checked_out = "cardtable_db_connections_checked_out"
    # the move's hint leaves on a pooled connection just after its commit: let it go
    give_up = time.monotonic() + DEADLINE_SECONDS
    while value(metrics(client), checked_out, process="web") and time.monotonic() < give_up:
        time.sleep(0.01)
    assert value(metrics(client), checked_out, process="web") == 0
    with engine.connect():
        assert value(metrics(client), checked_out, process="web") == 1
    assert value(metrics(client), checked_out, process="web") == 0

    assert "/metrics" not in client.get("/v1/openapi.json").json["paths"]


def test_moves_count_when_they_commit_not_when_rolled_back(client, monkeypatch):
    """Written, then the commit fails (the database went away): nothing is counted. Spoons
    plays every move in a transaction under the game's lock, so there is a commit to fail."""
    table = Table.create(client, type="spoons", players=3, seed=3)
    moves = {"game_type": "spoons", "by": "player"}
    before = value(metrics(client), "cardtable_moves_total", **moves)
    seat = next(s for s in range(3) if table.view(s).json["legal_moves"])
    move = table.view(seat).json["legal_moves"][0]

    def lose_the_commit(_connection):
        raise OperationalError("COMMIT", {}, Exception("server closed the connection"))

    monkeypatch.setattr(Connection, "commit", lose_the_commit)
    assert table.move(seat, move).status_code == 503
    assert value(metrics(client), "cardtable_moves_total", **moves) == before
    monkeypatch.undo()
    assert table.move(seat, move).status_code == 201
    assert value(metrics(client), "cardtable_moves_total", **moves) == before + 1


def test_bot_moves_in_due_order_are_scheduled_actions(app, client, monkeypatch):
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    table = Table.create(client, players=0, seats=3, deal=False, think_seconds=2, seed=9)
    client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "random"}, headers=bearer(table.host)
    )
    before = metrics(client)
    now[0] += timedelta(seconds=5)  # the first bot's move, 3 s late: applied by a read
    assert table.summary().status_code == 200
    now[0] += timedelta(seconds=5)  # the next one's, by the worker
    assert worker.sweep(app.extensions["db_engine"]) == 1
    after = metrics(client)

    def more(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    actions = "cardtable_scheduled_actions_total"
    assert more(actions, by="bot", applied_in="request") == 1
    assert more(actions, by="bot", applied_in="worker") == 1
    lateness = "cardtable_scheduled_action_lateness_seconds"
    for applied_in in ("request", "worker"):
        assert more(f"{lateness}_count", applied_in=applied_in) == 1
        assert more(f"{lateness}_sum", applied_in=applied_in) == pytest.approx(3)
        assert more(f"{lateness}_bucket", applied_in=applied_in, le="2.5") == 0
        assert more(f"{lateness}_bucket", applied_in=applied_in, le="5.0") == 1
    assert more("cardtable_moves_total", game_type="old-maid", by="bot") == 2


def test_a_long_poll_is_a_waiter_and_not_in_the_latency(app, client):
    table = Table.create(client, players=2, seed=3)
    last = table.events().json["last_seq"]
    before = metrics(client)
    poll = threading.Thread(
        target=lambda: app.test_client().get(f"/v1/games/{table.id}/events?after={last}&wait=1")
    )
    poll.start()
    deadline = time.monotonic() + DEADLINE_SECONDS
    while value(metrics(client), "cardtable_waiters") != value(before, "cardtable_waiters") + 1:
        assert time.monotonic() < deadline, "the waiter never showed"
        time.sleep(0.02)
    poll.join()
    after = metrics(client)
    assert value(after, "cardtable_waiters") == value(before, "cardtable_waiters")
    route = f"{GAME}/events"
    for name, added in (
        ("cardtable_http_wait_duration_seconds_count", 1),
        ("cardtable_http_request_duration_seconds_count", 0),
    ):
        assert value(after, name, route=route) - value(before, name, route=route) == added
    quick = {"route": route, "le": "0.5"}
    waited = "cardtable_http_wait_duration_seconds_bucket"
    assert value(after, waited, **quick) == value(before, waited, **quick)


def test_an_empty_file_of_a_process_killed_as_it_started_counts_as_nothing(tmp_path):
    """A process makes its metrics file, then sizes it: killed in between, it leaves an
    empty file, which prometheus_client's own collector cannot read (client_python#1199);
    the scrape must still answer, with the other processes' figures."""
    from prometheus_client.mmap_dict import MmapedDict, mmap_key
    from prometheus_client.multiprocess import MultiProcessCollector

    alive = MmapedDict(str(tmp_path / "counter_4241.db"))
    alive.write_value(mmap_key("things", "things_total", (), (), "Things"), 3.0, 0.0)
    alive.close()
    (tmp_path / "counter_4242.db").write_bytes(b"")

    with pytest.raises(struct.error):  # why FilesCollector exists
        MultiProcessCollector(None, str(tmp_path)).collect()
    (things,) = FilesCollector(str(tmp_path)).collect()
    assert [(sample.name, sample.value) for sample in things.samples] == [("things_total", 3.0)]


# -- live: gunicorn's workers and the worker process, one directory ----------------------


def get(url: str, timeout: float = 60) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        return answer.read()


def post(url: str, body: bytes, token: str | None = None) -> bytes:
    request = urllib.request.Request(url, data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.read()


@pytest.mark.postgres
def test_gunicorn_workers_and_the_worker_add_up(database_url, client, tmp_path):
    """(``client``: its tables are emptied afterwards, a table of bots left due too.)"""
    directory = tmp_path / "metrics"
    env = {"PROMETHEUS_MULTIPROC_DIR": str(directory)}
    with serve(database_url, workers=2, env=env) as server:
        base = f"http://{server.host}:{server.port}"

        def live() -> dict[tuple, float]:
            return scrape(get(f"{base}/metrics").decode())

        def health_answers() -> float:
            route = {"route": "/v1/health", "method": "GET", "status": "200"}
            return value(live(), "cardtable_http_requests_total", **route)

        def twenty_health_checks() -> None:
            with ThreadPoolExecutor(10) as pool:  # ten at a time, to either worker
                list(pool.map(lambda _: get(f"{base}/v1/health"), range(20)))

        start = health_answers()
        twenty_health_checks()
        for _ in range(4):  # whichever worker answers /metrics, it sums them all
            assert health_answers() == start + 20

        # a table of bots that no request touches: the worker process plays it
        robot = subprocess.Popen(
            [sys.executable, "-m", "service.worker"],
            cwd=ROOT,
            env={**os.environ, **env, "DATABASE_URL": database_url},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            created = json.loads(
                post(
                    f"{base}/v1/games",
                    json.dumps({"type": "old-maid", "seats": 3, "think_seconds": 0.02}).encode(),
                )
            )
            post(
                f"{base}/v1/games/{created['id']}/deal",
                json.dumps({"fill_with_bots": "random"}).encode(),
                created["host_token"],
            )
            actions = ("cardtable_scheduled_actions_total", "worker")
            deadline = time.monotonic() + DEADLINE_SECONDS  # the worker process starts first
            while value(live(), actions[0], by="bot", applied_in=actions[1]) < 5:
                assert robot.poll() is None, f"the worker exited with {robot.returncode}"
                assert time.monotonic() < deadline, "the worker's actions never showed"
                time.sleep(0.1)
            samples = live()
            assert value(samples, "cardtable_moves_total", game_type="old-maid", by="bot") >= 5
            assert value(samples, "cardtable_db_pool_size", process="worker") == 10
            web_pools = 2 * SETTINGS.db_pool_size  # a pool per gunicorn worker
            assert value(samples, "cardtable_db_pool_size", process="web") == web_pools
        finally:
            robot.terminate()
            robot.wait(DEADLINE_SECONDS)

        # workers that die: their counts stay, their live gauges (a waiter) leave the sum,
        # and the new workers' counts add up with the dead ones'
        poll = threading.Thread(
            target=lambda: _quietly(
                get, f"{base}/v1/games/{created['id']}/events?after=100000&wait=30", 40
            ),
            daemon=True,
        )
        poll.start()
        deadline = time.monotonic() + DEADLINE_SECONDS
        while value(live(), "cardtable_waiters") != 1:
            assert time.monotonic() < deadline, "the waiter never showed"
            time.sleep(0.05)
        counted = health_answers()
        dead = server.workers
        for pid in dead:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + DEADLINE_SECONDS  # gunicorn boots new workers
        while True:
            try:
                samples = live()
                if value(samples, "cardtable_waiters") == 0:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the dead worker's waiter stayed"
            time.sleep(0.1)
        assert not set(server.workers) & set(dead)
        assert health_answers() == counted
        twenty_health_checks()
        assert health_answers() == counted + 20


def _quietly(call, *args):
    with suppress(OSError):  # its worker was killed
        call(*args)
