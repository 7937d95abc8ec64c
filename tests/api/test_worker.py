"""The worker applies what falls due while nobody asks; with several workers and app
instances on one PostgreSQL, every due action is applied exactly once."""

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service import create_app, worker
from service.store import games
from service.store.db import LostRace
from service.store.models import Game
from service.table import clock

from ..databases import fresh_database, migrate, server_url
from .table import Table, bearer
from .test_supervision import DEADLINE_SECONDS

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]


def test_a_sweep_applies_due_bot_moves_that_no_request_touched(app, client, monkeypatch):
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    table = Table.create(client, players=0, seats=3, deal=False, think_seconds=2, seed=9)
    client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "random"}, headers=bearer(table.host)
    )
    database = app.extensions["db_engine"]
    assert worker.sweep(database) == 0, "nothing is due yet"

    def stored():  # read behind the API: a request would apply what is due itself
        with Session(database) as session:
            return session.get(Game, uuid.UUID(table.id))

    now[0] += timedelta(minutes=30)  # long overdue: applied now, and the next bot's
    while stored().status == "playing":  # thinking starts from now
        assert worker.sweep(database) == 1
        assert worker.sweep(database) == 0, "the next bot thinks from when its turn began"
        now[0] += timedelta(seconds=2)
    assert stored().next_action_at is None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def http(method, url, body=None, token=None):
    request = urllib.request.Request(
        url, method=method, data=json.dumps(body).encode() if body is not None else None
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@pytest.mark.postgres
def test_two_workers_and_two_app_instances_apply_every_due_action_once(database_url, tmp_path):
    env = {**os.environ, "DATABASE_URL": database_url}
    ports = [free_port(), free_port()]
    stack = ExitStack()
    logs = [stack.enter_context(open(tmp_path / f"p{n}.log", "w")) for n in range(4)]  # noqa: SIM115 (closed by the stack)
    processes = [
        subprocess.Popen(
            [BIN / "gunicorn", "-c", ROOT / "gunicorn.conf.py"],
            env={**env, "BIND": f"127.0.0.1:{port}", "WORKERS": "2"},
            stdout=logs[n],
            stderr=subprocess.STDOUT,
        )
        for n, port in enumerate(ports)
    ] + [
        subprocess.Popen(
            [sys.executable, "-m", "service.worker"],
            env=env,
            stdout=logs[n + 2],
            stderr=subprocess.STDOUT,
        )
        for n in range(2)
    ]
    try:
        urls = [f"http://127.0.0.1:{port}/v1" for port in ports]
        deadline = time.monotonic() + DEADLINE_SECONDS
        while True:
            try:
                [http("GET", f"{url}/health") for url in urls]
                break
            except OSError:
                exited = [p.args[0] for p in processes if p.poll() is not None]
                assert not exited, f"{exited} exited"
                assert time.monotonic() < deadline, "the app instances did not start"
                time.sleep(0.2)
        games = []
        for n in range(6):
            created = http(
                "POST",
                f"{urls[n % 2]}/games",
                {
                    "type": "old-maid",
                    "seats": 4,
                    "think_seconds": 0.02,
                    "visibility": "private",
                    "seed": n,
                },
            )
            http(
                "POST",
                f"{urls[n % 2]}/games/{created['id']}/deal",
                {"fill_with_bots": "random"},
                created["host_token"],
            )
            games.append(created["id"])
        deadline = time.monotonic() + DEADLINE_SECONDS
        pending = set(games)
        while pending:  # both instances read, and so apply due actions, while the workers sweep
            for n, game_id in enumerate(sorted(pending)):
                if http("GET", f"{urls[n % 2]}/games/{game_id}")["status"] == "round_over":
                    pending.discard(game_id)
            assert time.monotonic() < deadline, f"{len(pending)} games never finished"
        for game_id in games:
            log = http("GET", f"{urls[0]}/games/{game_id}/events?after=0&limit=500")["events"]
            summary = http("GET", f"{urls[1]}/games/{game_id}")
            assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
            takes = [e for e in log if e["type"] == "take"]
            offers = [e for e in log if e["type"] == "offer"]
            assert len(offers) == len(takes), "one take for every offer, never two"
            # create, the bots' seats, deal, then exactly one new version per applied move
            assert summary["version"] == 3 + len(takes)
    finally:
        for process in processes:
            process.terminate()
        stuck = []
        for process in processes:
            try:
                process.wait(timeout=DEADLINE_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                stuck.append(process.args)
        stack.close()
    assert not stuck, f"{stuck} did not stop on SIGTERM"
    output = "".join((tmp_path / f"p{n}.log").read_text() for n in range(4))
    assert "Traceback" not in output and " 500 " not in output


def test_a_game_that_fails_does_not_hold_up_the_others(app, client, monkeypatch):
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    tables = []
    for seed in (1, 2):
        table = Table.create(client, players=0, seats=3, deal=False, think_seconds=2, seed=seed)
        client.post(
            f"/v1/games/{table.id}/deal",
            json={"fill_with_bots": "random"},
            headers=bearer(table.host),
        )
        tables.append(table)
    database = app.extensions["db_engine"]
    with Session(database) as session:  # poison the first: its state no longer loads
        poisoned = session.get(Game, uuid.UUID(tables[0].id))
        poisoned.state = {"broken": True}
        session.commit()
    now[0] += timedelta(seconds=3)
    assert worker.sweep(database) == 1, "the healthy game advanced"
    with Session(database) as session:
        quarantined = clock.aware(session.get(Game, uuid.UUID(tables[0].id)).next_action_at)
    assert quarantined > now[0], "the broken one waits before it is tried again"
    assert worker.sweep(database) == 0


def _bot_table(client, seed: int) -> Table:
    table = Table.create(client, players=0, seats=3, deal=False, think_seconds=2, seed=seed)
    client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "random"}, headers=bearer(table.host)
    )
    return table


@pytest.fixture
def sqlite_app(tmp_path):
    """The service on SQLite (``make run``'s default), where nothing is locked or skipped."""
    url = f"sqlite:///{tmp_path / 'races.sqlite'}"
    migrate(url)
    return create_app({"TESTING": True, "DATABASE_URL": url})


def _losing(error):
    """A save that fails as a lost race does (the game's row or an event's seq taken)."""

    def lose(*_args):
        raise error

    return lose


SEQ_TAKEN = IntegrityError("INSERT INTO events", {}, Exception("the seq is taken"))


def _due(database, table) -> object:
    with Session(database) as session:
        return clock.aware(session.get(Game, uuid.UUID(table.id)).next_action_at)


def test_a_race_lost_to_a_request_is_no_failure_on_sqlite(sqlite_app, monkeypatch):
    """On SQLite a request may apply a due move while the worker does, and the loser's
    insert of the same event fails. The worker leaves the game as the winner saved it
    (due when it is due), not quarantined."""
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    table = _bot_table(sqlite_app.test_client(), seed=3)
    now[0] += timedelta(seconds=3)
    monkeypatch.setattr(games, "save", _losing(SEQ_TAKEN))
    database = sqlite_app.extensions["db_engine"]
    due = _due(database, table)
    assert worker.sweep(database) == 0
    assert _due(database, table) == due


@pytest.mark.postgres
def test_on_postgresql_the_same_error_is_a_bug_and_the_game_waits(app, client, monkeypatch):
    """There the row lock rules the race out: the error is logged and the game put off."""
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    table = _bot_table(client, seed=3)
    now[0] += timedelta(seconds=3)
    monkeypatch.setattr(games, "save", _losing(SEQ_TAKEN))
    database = app.extensions["db_engine"]
    assert worker.sweep(database) == 0
    assert _due(database, table) > now[0], "quarantined"


def test_a_read_that_loses_the_race_to_apply_what_is_due_answers_all_the_same(
    sqlite_app, monkeypatch
):
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    client = sqlite_app.test_client()
    table = _bot_table(client, seed=4)
    now[0] += timedelta(seconds=3)
    monkeypatch.setattr(games, "save", _losing(LostRace("the version moved on")))
    for path in ("", "/view", "/events?after=0"):
        assert client.get(f"/v1/games/{table.id}{path}").status_code == 200, path


@pytest.fixture(scope="module")
def turns_app(pytestconfig):
    """The service on a PostgreSQL database of these tests' own: no other test's games
    fall due in it."""
    if pytestconfig.test_server_url is None:
        pytest.skip("needs PostgreSQL")
    with fresh_database(pytestconfig.test_server_url) as url:
        app = create_app({"TESTING": True, "DATABASE_URL": url})
        yield app
        app.extensions["changes"].stop()
        app.extensions["db_engine"].dispose()


def _worker_engine(app):
    """An engine of a worker of its own, as another process would have."""
    url = app.extensions["db_engine"].url.render_as_string(hide_password=False)
    return worker.make_worker_engine(url)


class _Turns(threading.Event):
    """A worker's stop event whose idle pause runs ``during`` instead of sleeping."""

    def __init__(self, during):
        super().__init__()
        self.during = during

    def wait(self, timeout=None):
        self.during()
        return self.is_set()


def _picks(engine) -> list[str]:
    """The picks of due games the engine sends, as they are sent."""
    sent: list[str] = []

    @event.listens_for(engine, "before_cursor_execute")
    def count(_connection, _cursor, statement, *_args):
        if "across games: due games" in statement:
            sent.append(statement)

    return sent


@pytest.mark.postgres
def test_while_one_worker_idles_in_its_turn_the_others_pick_nothing(turns_app):
    """Three workers, one database: the one whose turn it is picks, finds nothing due and
    waits its idle pause still holding the turn; the other two, sweeping meanwhile, send
    no pick at all. So the picks (every shard's business on Citus) come IDLE_SECONDS
    apart however many workers run."""
    engines = [_worker_engine(turns_app) for _ in range(3)]
    sent = [_picks(engine) for engine in engines]
    others: list[object] = []
    far_past = clock.now() - timedelta(days=3650)  # nothing is due then
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(clock, "now", lambda: far_past)

            def the_others_sweep():
                for engine in engines[1:]:
                    others.append(worker.pick(engine, _Turns(lambda: None)))

            assert worker.pick(engines[0], _Turns(the_others_sweep)) == []
            assert others == [None, None], "another worker's turn: they do not pick"
            assert [len(s) for s in sent] == [1, 0, 0]
            # the turn ended with the pause: the next one to ask has it
            assert worker.pick(engines[2], _Turns(lambda: None)) == []
            assert [len(s) for s in sent] == [1, 0, 1]
    finally:
        for engine in engines:
            engine.dispose()


@pytest.mark.postgres
def test_the_turn_is_taken_where_the_hints_are_not_where_the_games_are(turns_app):
    """Advisory locks are each database's own, as they are each Citus node's: while one
    worker idles in its turn taken on the hints' database, another that asks there does
    not pick, and one that asks on the games' database would."""
    far_past = clock.now() - timedelta(days=3650)
    with fresh_database(server_url()) as hints:
        engines = [_worker_engine(turns_app) for _ in range(2)]
        turns = worker.make_worker_engine(hints)
        others: list[object] = []
        try:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(clock, "now", lambda: far_past)

                def the_other_sweeps():
                    others.append(worker.pick(engines[1], _Turns(lambda: None), turns))
                    others.append(worker.pick(engines[1], _Turns(lambda: None)))

                assert worker.pick(engines[0], _Turns(the_other_sweeps), turns) == []
                assert others == [None, []], "held on the hints' database, not the games'"
        finally:
            for engine in (*engines, turns):
                engine.dispose()


@pytest.mark.postgres
def test_a_turn_that_finds_games_due_ends_with_its_pick(turns_app, monkeypatch):
    """A backlog is applied by every worker at once: the one that picked games due
    hands the turn on before applying them, and the next worker picks too (each game
    then changed by one of them, under its row lock)."""
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    tables = [_bot_table(turns_app.test_client(), seed=seed) for seed in (5, 6)]
    now[0] += timedelta(seconds=3)
    engines = [_worker_engine(turns_app) for _ in range(2)]
    try:
        first = worker.pick(engines[0], _Turns(pytest.fail))
        second = worker.pick(engines[1], _Turns(pytest.fail))
        for table in tables:
            assert uuid.UUID(table.id) in {game_id for game_id, _ in first}
            assert uuid.UUID(table.id) in {game_id for game_id, _ in second}
        handled = worker.sweep(engines[0], picked=first) + worker.sweep(engines[1], picked=second)
        assert handled == len(tables), "each applied once"
        assert all(_due(engines[0], table) > now[0] for table in tables), "each moved on"
    finally:
        for engine in engines:
            engine.dispose()


def test_on_sqlite_the_one_worker_always_has_the_turn(sqlite_app, monkeypatch):
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    table = _bot_table(sqlite_app.test_client(), seed=7)
    database = sqlite_app.extensions["db_engine"]
    assert worker.pick(database, _Turns(lambda: None)) == []
    now[0] += timedelta(seconds=3)
    picked = worker.pick(database, _Turns(pytest.fail))
    assert picked == [(uuid.UUID(table.id), "old-maid")]
    assert worker.sweep(database, picked=picked) == 1


@pytest.mark.postgres
def test_a_worker_sweeps_only_in_its_turn(turns_app):
    """The worker's loop picks due games only when it has the turn: while another holds
    it, a round of the loop sends no pick."""
    engine = _worker_engine(turns_app)
    sent = _picks(engine)
    try:
        with turns_app.extensions["db_engine"].connect() as holder:
            assert games.sweep_turn(holder, worker.TURN_IDLE_SECONDS)
            once = _Turns(lambda: once.set())
            worker.run(engine, once)
        assert sent == [], "another worker's turn"
        once = _Turns(lambda: once.set())
        worker.run(engine, once)
        assert len(sent) == 1, "its own turn"
    finally:
        engine.dispose()
