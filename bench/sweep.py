"""Part ``sweep``: what the workers' pick of due games costs PostgreSQL with 1 and 3
workers on one database (``python -m bench sweep``), idle and with bots' moves falling
due, beside the same workers with every one of them picking (the reference: the sweep
before one worker at a time took the turn, with a heartbeat per sweep).

Each run has a fresh database of its own: 200 dealt tables waiting for people, and, for
``due``, 6 tables of four bots thinking 0.5 s. The workers run ``service.worker.run`` in
threads of this process, each with an engine of its own as a process would have; the
statements are counted as SQLAlchemy sends them (the picks of due games, the tries at
the turn, the heartbeats, the rest), the transactions and the rows read from ``games``
(``pg_stat_database``, ``pg_stat_user_tables``: sequential rows read plus index rows
fetched; retention's prune, once at a worker's start, left out) are the database's own
counters before and after, read once every worker's connection has closed (a backend
flushes its counters as it exits), after ``ANALYZE games`` (the same plan in every run).
On Citus each pick of due games asks every shard: its rate is what grows the cluster's
cost."""

import statistics
import threading
import time
from collections import Counter
from contextlib import contextmanager

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import make_url

from tests.api.table import Table, bearer
from tests.databases import fresh_database

from .report import num, progress, ratio

IDLE_TABLES = 200
BOT_TABLES = 6
THINK_SECONDS = 0.5


def run(server: str, seconds: float, report) -> None:
    seconds = min(seconds, 6.0)
    for mode in ("idle", "due"):
        for workers in (1, 3):
            bounded = _measure(server, mode, workers, seconds, every_worker_picks=False)
            before = _measure(server, mode, workers, seconds, every_worker_picks=True)
            label = f"{mode}, {workers} worker{'s' if workers > 1 else ''}"
            for key, name, unit, digits in ROWS:
                if key not in bounded:
                    continue
                report.add(
                    "sweep",
                    f"{label}: {name}",
                    num(bounded[key], digits),
                    unit,
                    f"{num(before[key], digits)} every worker picking",
                    ratio(bounded[key], before[key]),
                )
            progress(f"sweep {label}: {bounded} / before {before}")


ROWS = (
    ("picks", "picks of due games", "/s", 1),
    ("statements", "statements", "/s", 1),
    ("transactions", "transactions", "/s", 1),
    ("rows", "rows read from games", "/s", 1),
    ("applied", "bot moves applied by the workers", "/s", 1),
    ("late50", "a bot move's lateness, p50", "ms", 0),
    ("late99", "a bot move's lateness, p99", "ms", 0),
)


def _measure(
    server: str, mode: str, workers: int, seconds: float, every_worker_picks: bool
) -> dict[str, float]:
    from service import worker

    with fresh_database(server) as url:
        _seed(url, mode)
        before = _counters(url)
        counts: Counter[str] = Counter()
        lateness: list[float] = []
        stop = threading.Event()
        engines = [worker.make_worker_engine(url) for _ in range(workers)]
        for engine in engines:
            _count(engine, counts)
        threads = [
            threading.Thread(target=worker.run, args=(engine, stop), daemon=True)
            for engine in engines
        ]
        with _late(lateness), _no_prune(), _every_worker_picks(every_worker_picks):
            started = time.monotonic()
            for thread in threads:
                thread.start()
            time.sleep(seconds)
            stop.set()
            for thread in threads:
                thread.join(10)
            elapsed = time.monotonic() - started
        for engine in engines:
            engine.dispose()
        after = _counters(url)
    figures = {
        "picks": counts["pick"] / elapsed,
        "statements": sum(counts.values()) / elapsed,
        "transactions": (after["xacts"] - before["xacts"]) / elapsed,
        "rows": (after["rows"] - before["rows"]) / elapsed,
    }
    if mode == "due":
        figures["applied"] = len(lateness) / elapsed
        figures["late50"] = statistics.median(lateness) * 1000 if lateness else float("nan")
        ordered = sorted(lateness)
        figures["late99"] = (
            ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
            if ordered
            else float("nan")
        )
    return figures


def _seed(url: str, mode: str) -> None:
    from service import create_app

    app = create_app({"DATABASE_URL": url})
    client = app.test_client()
    for _ in range(IDLE_TABLES):
        Table.create(client, players=2, seats=2)
    if mode == "due":
        for _ in range(BOT_TABLES):
            table = Table.create(
                client, players=0, seats=4, deal=False, think_seconds=THINK_SECONDS
            )
            answer = client.post(
                f"/v1/games/{table.id}/deal",
                json={"fill_with_bots": "random"},
                headers=bearer(table.host),
            )
            assert answer.status_code == 200, answer.json
    app.extensions["db_engine"].dispose()
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:  # the same plan for the pick in every run
        connection.execute(text("ANALYZE games"))
    engine.dispose()


def _counters(url: str) -> dict[str, int]:
    """The database's transactions and rows read from ``games``, once no other
    connection is open on it (each flushes its counters as it closes)."""
    name = make_url(url).database
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and connection.scalar(
                text(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = :name AND pid <> pg_backend_pid()"
                ),
                {"name": name},
            ):
                time.sleep(0.05)
            time.sleep(0.2)
            connection.execute(text("SELECT pg_stat_clear_snapshot()"))
            xacts = connection.scalar(
                text(
                    "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = :name"
                ),
                {"name": name},
            )
            rows = connection.scalar(
                text(
                    "SELECT coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)"
                    " FROM pg_stat_user_tables WHERE relname = 'games'"
                )
            )
    finally:
        engine.dispose()
    return {"xacts": int(xacts or 0), "rows": int(rows or 0)}


def _count(engine, counts: Counter) -> None:
    @event.listens_for(engine, "before_cursor_execute")
    def count(_connection, _cursor, statement, _parameters, _context, _many):
        if "across games: due games" in statement:
            counts["pick"] += 1
        elif "advisory" in statement:
            counts["turn"] += 1
        elif "worker_heartbeats" in statement:
            counts["beat"] += 1
        else:
            counts["other"] += 1


@contextmanager
def _late(lateness: list[float]):
    """Each bot move the workers apply: how long after it fell due."""
    from service import metrics

    original = metrics.scheduled_action

    def scheduled_action(by, applied_in, due, at):
        if applied_in == "worker" and due is not None:
            lateness.append(max((at - due).total_seconds(), 0.0))
        original(by, applied_in, due, at)

    metrics.scheduled_action = scheduled_action
    try:
        yield
    finally:
        metrics.scheduled_action = original


@contextmanager
def _no_prune():
    """Retention's deletes, once at a worker's start and then every 10 minutes, read
    every game: left out, as they are no part of the sweep."""
    from service import worker

    prune = worker.retention.prune
    worker.retention.prune = lambda _engine, _now: {}
    try:
        yield
    finally:
        worker.retention.prune = prune


@contextmanager
def _every_worker_picks(on: bool):
    """The reference: every worker picks at every sweep and beats after it, as before
    the turn."""
    from service import worker
    from service.store import games

    if not on:
        yield
        return
    turn, beat_seconds = games.sweep_turn, worker.BEAT_SECONDS
    games.sweep_turn = lambda _connection, _idle_seconds: True
    worker.BEAT_SECONDS = 0.0
    try:
        yield
    finally:
        games.sweep_turn, worker.BEAT_SECONDS = turn, beat_seconds
