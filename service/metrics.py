"""Prometheus metrics, served at ``GET /metrics`` (text exposition format; OpenMetrics
when the scraper asks for it).

What is measured (every name starts with ``cardtable_``):

- ``http_requests_total{route,method,status}``: answered requests; ``route`` is the URL
  rule (``/v1/games/<uuid:game_id>/view``) or ``unmatched``.
- ``http_request_duration_seconds{route}``: how long requests took, 1 ms to 10 s. A
  request that waited for events (a long poll with ``wait``, a stream) is left out: its
  time says how quiet the game was, not how fast the service is. Those go to
  ``http_wait_duration_seconds{route}`` (0.1 s to 10 min) instead.
- ``moves_total{game_type,by}``: moves committed, ``by`` as the log says it: ``player``,
  ``bot``, ``autopilot`` or ``clock``.
- ``scheduled_actions_total{by,applied_in}`` and ``scheduled_action_lateness_seconds
  {applied_in}``: bot moves and clock timeouts applied when due (``applied_in``:
  ``request`` or ``worker``), and how long after their due time.
- ``waiters``: long polls and streams waiting now.
- ``waiter_reads_total{shared}``: looks at a game's log by woken waiters; ``shared="yes"``
  when a waiter took what another waiter of the same game in the process was reading.
- ``db_connections_checked_out{process}``, ``db_pool_size{process}``,
  ``db_pool_max_overflow{process}``: the SQLAlchemy pool (``process``: ``web`` or
  ``worker``).

Moves and scheduled actions are counted when their transaction commits, so a move rolled
back (a lost race, the database away) is not counted, and is counted once when applied
again.

Several processes (gunicorn's workers, the worker): prometheus_client's multiprocess mode.
``PROMETHEUS_MULTIPROC_DIR`` names a directory that every process writes its values to
and that ``/metrics`` sums up (gauges marked ``livesum`` over living processes only).
prometheus_client reads that variable when it is first imported, so ``prepare_directory``
must run first in the process that starts the others (``gunicorn.conf.py``,
``service.run``): nothing here imports prometheus_client until a metric is first used.
Without the variable (tests, ``flask run``) the process's own registry is served.
"""

from __future__ import annotations

import atexit
import glob
import os
import shutil
import sys
import tempfile
import threading
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, has_request_context, request
from sqlalchemy import event
from sqlalchemy.engine import Engine

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry
    from sqlalchemy.engine.interfaces import DBAPIConnection
    from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection

DIRECTORY = "PROMETHEUS_MULTIPROC_DIR"
# Set beside it once the directory is ready, so that the processes started from here
# (gunicorn's master under service.run, gunicorn re-reading its config) keep its files.
_PREPARED = "CARDTABLE_METRICS_DIR_PREPARED"

PREFIX = "cardtable_"
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
WAIT_BUCKETS = (0.1, 0.5, 1.0, 5.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0)
LATENESS_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

_role = "web"  # the "process" label of the pool's gauges; the worker sets "worker"


# -- the directory ---------------------------------------------------------------------


def prepare_directory() -> str:
    """Make ``PROMETHEUS_MULTIPROC_DIR`` ready for this process and those it starts: a
    fresh temporary directory when unset (removed when this process exits), else the
    named one (created if need be) emptied of a previous run's files. A directory a
    parent process prepared is left as it is. Returns its path."""
    path = os.environ.get(DIRECTORY)
    if path and os.environ.get(_PREPARED) == path:
        return path
    if path:
        Path(path).mkdir(parents=True, exist_ok=True)
        for stale in Path(path).glob("*.db"):
            stale.unlink(missing_ok=True)
    else:
        path = tempfile.mkdtemp(prefix="cardtable-metrics-")
        owner = os.getpid()  # not the forked children, which run atexit too

        @atexit.register
        def _remove() -> None:
            if os.getpid() == owner:
                shutil.rmtree(path, ignore_errors=True)

    os.environ[DIRECTORY] = path
    os.environ[_PREPARED] = path
    if "prometheus_client.values" in sys.modules:  # imported too early: choose again
        from prometheus_client import values

        values.ValueClass = values.get_value_class()
    return path


def _multiprocess() -> bool:
    return bool(os.environ.get(DIRECTORY))


def set_role(role: str) -> None:
    """``worker`` in the worker process (before it makes its engine)."""
    global _role
    _role = role


# -- the metrics, made on first use ----------------------------------------------------


class _Metrics:
    def __init__(self) -> None:
        if _multiprocess():  # a process started on its own (a worker in a container)
            Path(os.environ[DIRECTORY]).mkdir(parents=True, exist_ok=True)
        from prometheus_client import Counter, Gauge, Histogram

        self.requests = Counter(
            PREFIX + "http_requests",
            "Answered HTTP requests",
            ["route", "method", "status"],
        )
        self.latency = Histogram(
            PREFIX + "http_request_duration_seconds",
            "Time to answer a request that did not wait for events",
            ["route"],
            buckets=LATENCY_BUCKETS,
        )
        self.waits = Histogram(
            PREFIX + "http_wait_duration_seconds",
            "Time to answer a request that waited for events (long poll, stream)",
            ["route"],
            buckets=WAIT_BUCKETS,
        )
        self.moves = Counter(
            PREFIX + "moves", "Moves committed, by game type and who made them", ["game_type", "by"]
        )
        self.replayed = Counter(
            PREFIX + "moves_replayed_under_lock",
            "Moves and due actions read without a lock that another change overtook, "
            "applied again under it",
            ["game_type"],
        )
        self.retried = Counter(
            PREFIX + "transactions_retried",
            "Changes of a game retried after a serialization failure or a deadlock, "
            "by SQLSTATE (40001, 40P01)",
            ["sqlstate"],
        )
        self.actions = Counter(
            PREFIX + "scheduled_actions",
            "Scheduled actions (bot moves, clock timeouts) committed",
            ["by", "applied_in"],
        )
        self.lateness = Histogram(
            PREFIX + "scheduled_action_lateness_seconds",
            "How long after its due time a scheduled action was applied",
            ["applied_in"],
            buckets=LATENESS_BUCKETS,
        )
        self.waiters = Gauge(
            PREFIX + "waiters",
            "Long polls and streams waiting for events",
            multiprocess_mode="livesum",
        )
        self.waiter_reads = Counter(
            PREFIX + "waiter_reads",
            "Looks at a game's log by woken waiters, shared or read for themselves",
            ["shared"],
        )
        self.checked_out = Gauge(
            PREFIX + "db_connections_checked_out",
            "Database connections checked out of the pool",
            ["process"],
            multiprocess_mode="livesum",
        )
        self.pool_size = Gauge(
            PREFIX + "db_pool_size",
            "Connections the pool keeps",
            ["process"],
            multiprocess_mode="livesum",
        )
        self.pool_overflow = Gauge(
            PREFIX + "db_pool_max_overflow",
            "Connections the pool may open beyond its size",
            ["process"],
            multiprocess_mode="livesum",
        )


_made: _Metrics | None = None
_making = threading.Lock()


def _metrics() -> _Metrics:
    global _made
    if _made is None:
        with _making:
            if _made is None:
                _made = _Metrics()
    return _made


# -- /metrics --------------------------------------------------------------------------


def init_app(app: Flask) -> None:
    """Serve ``GET /metrics`` (a plain route: not part of the API's document)."""
    _metrics()  # every family shows from the first scrape on
    registry = _registry()

    def metrics() -> Response:
        from prometheus_client.exposition import choose_encoder

        encode, content_type = choose_encoder(request.headers.get("Accept", ""))
        return Response(encode(registry), content_type=content_type)

    app.add_url_rule("/metrics", "metrics", metrics, methods=["GET"])


def _registry() -> CollectorRegistry:
    """The process's own registry, or one that sums every process's files when read."""
    from prometheus_client import REGISTRY, CollectorRegistry

    if not _multiprocess():
        return REGISTRY
    registry = CollectorRegistry()
    registry.register(FilesCollector(os.environ[DIRECTORY]))
    return registry


class FilesCollector:
    """prometheus_client's sum of every process's files (``MultiProcessCollector``), but
    a file still empty (a process starting makes it, then sizes it; killed between, it
    stays so) counts as nothing recorded, where prometheus_client fails the whole scrape
    (client_python#1199)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def collect(self) -> Any:
        from prometheus_client.multiprocess import MultiProcessCollector

        files = glob.glob(os.path.join(self.path, "*.db"))
        return MultiProcessCollector.merge([f for f in files if _not_empty(f)], accumulate=True)


def _not_empty(path: str) -> bool:
    try:
        return os.path.getsize(path) > 0
    except FileNotFoundError:  # its process's end was just marked
        return False


def worker_exited(pid: int) -> None:
    """gunicorn's ``child_exit``: a dead worker's live gauges leave the sum (its counters
    stay counted)."""
    if _multiprocess():
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)


# -- requests --------------------------------------------------------------------------


_WAITED = "cardtable.metrics.waited"  # in the WSGI environ of a request that waited


def request_done(route: str, method: str, status: int, seconds: float) -> None:
    """One answered request: ``route`` is the URL rule (``/v1/games/<uuid:game_id>/view``),
    or ``"unmatched"``."""
    metrics = _metrics()
    metrics.requests.labels(route, method, str(status)).inc()
    waited = has_request_context() and request.environ.get(_WAITED, False)
    (metrics.waits if waited else metrics.latency).labels(route).observe(seconds)


def waiter_started() -> None:
    """A request (long poll, stream) began waiting for events in this process."""
    _metrics().waiters.inc()
    if has_request_context():
        request.environ[_WAITED] = True


def waiter_ended() -> None:
    _metrics().waiters.dec()


def waiter_read(shared: bool) -> None:
    """A woken waiter looked at its game's log: by a read of its own, or by sharing one
    that another waiter had begun (``store.changes.Hub.shared_read``)."""
    _metrics().waiter_reads.labels("yes" if shared else "no").inc()


# -- moves and scheduled actions, counted at commit ------------------------------------


def move_committed(game_type: str, by: str) -> None:
    """A move was committed (``store.unit``)."""
    _metrics().moves.labels(game_type, by).inc()


def move_replayed(game_type: str) -> None:
    """A move (or a due action) read without a lock lost its compare-and-set: it is
    applied again under the lock."""
    _metrics().replayed.labels(game_type).inc()


def transaction_retried(sqlstate: str) -> None:
    """A change of a game failed with a serialization failure or a deadlock (Citus
    reports a distributed deadlock as one) and is tried again."""
    _metrics().retried.labels(sqlstate).inc()


def scheduled_action(by: str, applied_in: str, due: datetime | None, at: datetime) -> None:
    """A scheduled action due at ``due``, applied at ``at``, was committed."""
    metrics = _metrics()
    metrics.actions.labels(by, applied_in).inc()
    if due is not None:
        metrics.lateness.labels(applied_in).observe(max((at - due).total_seconds(), 0.0))


# -- the database pool -----------------------------------------------------------------


_OUT = "metrics_checked_out"


def watch_pool(engine: Engine, size: int, max_overflow: int) -> None:
    """Count the connections ``engine``'s pool has checked out, and show its size."""
    process = _role
    metrics = _metrics()
    metrics.pool_size.labels(process).inc(size)
    metrics.pool_overflow.labels(process).inc(max_overflow)
    checked_out = metrics.checked_out.labels(process)

    # By connection record, so that a check-in without a check-out (a connection that
    # failed while being handed out) cannot make the count drift.
    def checkout(
        _dbapi_connection: DBAPIConnection,
        record: ConnectionPoolEntry,
        _proxy: PoolProxiedConnection,
    ) -> None:
        info = _record_info(record)
        if not info.get(_OUT):
            info[_OUT] = True
            checked_out.inc()

    def checkin(_dbapi_connection: DBAPIConnection | None, record: ConnectionPoolEntry) -> None:
        if _record_info(record).pop(_OUT, False):
            checked_out.dec()

    event.listen(engine, "checkout", checkout)
    event.listen(engine, "checkin", checkin)


def _record_info(record: ConnectionPoolEntry) -> dict[Any, Any]:
    """The entry's own info, which outlives its connections: typed optional because a
    detached proxied connection has none, but a pool's entry always has one."""
    info = record.record_info
    assert info is not None, "a pool's entry always has its record_info"
    return info
