"""The database engine; one unit of work per request (``unit``), opened by the API.

Every wait on PostgreSQL is bounded, so a database that is down, restarting or frozen
costs a client a quick ``503``, never a hung request: connecting (``CONNECT_SECONDS``),
a free pooled connection (``pool_timeout``), a statement and a row lock (server-side
``statement_timeout`` and ``lock_timeout``), and, under gevent, the whole database work
of a request (``deadline``): a frozen server never answers, and TCP cannot tell."""

import functools
import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from sqlalchemy import create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import (
    IntegrityError,
    InterfaceError,
    InternalError,
    InvalidatePoolError,
    OperationalError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection, QueuePool

from .. import encoding, metrics
from ..errors import DatabaseUnavailable

log = logging.getLogger(__name__)
CONNECT_SECONDS = 2  # libpq's minimum
LOCK_SECONDS = 5
IDLE_IN_TRANSACTION_SECONDS = 30
PING_IDLE_SECONDS = 1.0
_IDLE_SINCE = "idle_since"

# The database is away (down, restarting, unreachable, frozen) or every connection is busy;
# on Citus, a worker node that went away mid-commit is an internal error (XX000).
DATABASE_AWAY = (OperationalError, InterfaceError, InternalError, PoolTimeout, DatabaseUnavailable)


def across_games(name: str) -> str:
    """The comment that names a statement reading or writing many games on purpose, as
    docs/operations.md's Citus section lists them (``tools/shard_check.py`` lets only these fan
    out on Citus)."""
    return f"/* across games: {name} */"


class LostRace(Exception):
    """The game changed since it was read: its version moved on (compare-and-set), or
    its next events' numbers were taken by the change that came first."""


# Another transaction changed the game first: the version moved under us (SQLite, where
# FOR UPDATE does nothing, relies on this compare-and-set) or a row it inserted is taken.
LOST_RACE = (LostRace, IntegrityError)


def make_engine(
    url: str,
    pool_size: int = 10,
    max_overflow: int = 10,
    pool_timeout: float = 5.0,
    statement_seconds: float = 10.0,
    lock_seconds: float = LOCK_SECONDS,
) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        _watch_pool(engine)
        return engine
    limits = {
        "statement_timeout": statement_seconds,
        "lock_timeout": lock_seconds,
        "idle_in_transaction_session_timeout": IDLE_IN_TRANSACTION_SECONDS,
    }
    options = " ".join(f"-c {name}={int(seconds * 1000)}" for name, seconds in limits.items())
    engine = create_engine(
        url,
        pool_size=pool_size,
        max_overflow=max_overflow,
        pool_timeout=pool_timeout,
        # the connection given back last goes out first: the busy few stay warm and need
        # no ping (``_ping_when_idle``), the rest idle at the bottom
        pool_use_lifo=True,
        connect_args={"connect_timeout": CONNECT_SECONDS, "options": options},
        json_serializer=encoding.compact,
        json_deserializer=encoding.loads,
    )
    _ping_when_idle(engine)
    _watch_pool(engine)
    return engine


def wait_on_gevent() -> None:
    """Make psycopg wait for its sockets on gevent's loop, in a process gevent patched
    (``gunicorn.conf.py``). Its own choice there, ``select.poll``, goes through gevent's
    emulation of it: a poll object, a watcher started and stopped and a timeout set up
    per wait (``make bench-instructions``: 2% of a move's work). psycopg's generators
    and its handling of an interrupted wait stay its own."""
    psycopg.waiting.wait = wait_on_loop


def wait_on_loop(
    gen: Any, fileno: int, interval: float | None = None, timeout: float | None = None
) -> Any:
    """``psycopg.waiting.wait`` on gevent's loop: drive the generator, sending it what the
    socket is ready for; ``_WaitTimeout`` once ``timeout`` seconds have passed in all.
    ``interval`` (how often psycopg's own waits look up) is of no use here: a signal or
    a ``deadline`` reaches a waiting greenlet anyway."""
    try:
        waiting_for = next(gen)
    except StopIteration as done:  # nothing to wait for: a setting of an idle connection
        return done.value
    ends = None if timeout is None else time.monotonic() + timeout
    try:
        while True:
            waiting_for = gen.send(_ready(fileno, waiting_for, ends))
    except StopIteration as done:
        return done.value


def _ready(fileno: int, events: int, ends: float | None) -> int:
    """Wait until the socket is ready for some of ``events`` (psycopg's Wait.R/W/RW are
    libev's READ/WRITE bits, its Ready the same): those it is ready for. An error wakes
    the watcher as both; libpq then finds it at its read or write."""
    Timeout, Waiter, get_hub, wait = _gevent()
    hub = get_hub()
    left = None if ends is None else max(ends - time.monotonic(), 0.0)
    expired = None if ends is None else psycopg.errors._WaitTimeout("wait timeout expired")
    with hub.loop.io(fileno, events) as watcher:
        if events != READ_OR_WRITE:  # one event: it is what happened (gevent's own wait)
            wait(watcher, left, expired)
            return events
        waiter = Waiter(hub)  # either: the watcher says which
        watcher.start(waiter.switch, pass_events=True)
        with Timeout(left, expired):
            return (waiter.get() & events) or events


READ_OR_WRITE = psycopg.waiting.Wait.RW  # a send that did not all go: either may come


@functools.cache  # imported here: the processes gevent never patched do without it
def _gevent() -> tuple[Any, Any, Any, Any]:
    from gevent import Timeout
    from gevent.hub import Waiter, get_hub
    from gevent.socket import wait

    return Timeout, Waiter, get_hub, wait


def _ping_when_idle(engine: Engine) -> None:
    """Check a pooled connection before use only if it sat idle for ``PING_IDLE_SECONDS``:
    one that was just in use is alive, and a ping on every checkout (``pool_pre_ping``)
    would cost each request a round trip. A dead one is replaced before the request sees
    it; one that dies while in use fails its request (a 503), and SQLAlchemy then
    discards every older connection of the pool."""

    @event.listens_for(engine, "checkin")
    def idle_from_now(
        _dbapi_connection: DBAPIConnection | None, record: ConnectionPoolEntry
    ) -> None:
        record.info[_IDLE_SINCE] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def ping_if_idle(
        dbapi_connection: DBAPIConnection,
        record: ConnectionPoolEntry,
        _proxy: PoolProxiedConnection,
    ) -> None:
        idle_since = record.info.get(_IDLE_SINCE)
        if idle_since is None or time.monotonic() - idle_since < PING_IDLE_SECONDS:
            return
        autocommit = dbapi_connection.autocommit
        try:
            dbapi_connection.autocommit = True  # one round trip, no transaction left open
            dbapi_connection.execute("SELECT 1")
            dbapi_connection.autocommit = autocommit
        except Exception as error:  # any failure: a fresh connection instead
            # a dead one after a restart: the pool's older connections are too
            raise InvalidatePoolError(str(error)) from error


def _watch_pool(engine: Engine) -> None:
    """The pool's checked-out connections and its size, in the metrics."""
    pool = engine.pool
    size = pool.size() if isinstance(pool, QueuePool) else 0
    overflow = max(pool._max_overflow, 0) if isinstance(pool, QueuePool) else 0
    metrics.watch_pool(engine, size, overflow)


def _sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


class DeadlineExceeded(BaseException):
    """Raised in a greenlet whose database work overran its deadline. Not an Exception,
    so that SQLAlchemy discards the connection it interrupts (an Exception would leave it
    mid-query in the pool, failing whoever got it next); ``deadline`` and the app turn it
    into ``DatabaseUnavailable``, a 503."""


def start_deadline(seconds: float) -> Callable[[], None]:
    """Under gevent, raise ``DeadlineExceeded`` in this greenlet after ``seconds``;
    elsewhere a no-op, and the server-side timeouts alone bound the wait. Returns the
    function that stops it."""
    if not under_gevent():
        return lambda: None
    from gevent import Timeout

    timeout = Timeout(seconds, DeadlineExceeded(f"the database did not answer in {seconds} s"))
    timeout.start()
    return timeout.close


def insert(dialect: str, model: Any) -> postgresql.Insert | sqlite.Insert:
    """An INSERT of the database's own, with ``on_conflict_do_update`` (an upsert)."""
    return (postgresql if dialect == "postgresql" else sqlite).insert(model)


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    stop = start_deadline(seconds)
    try:
        yield
    except DeadlineExceeded as error:
        raise DatabaseUnavailable(str(error)) from None
    finally:
        stop()


@functools.cache  # a process is patched before anything here runs, or never
def under_gevent() -> bool:
    """Whether gevent has patched this process (gunicorn's gevent workers do); in tests
    and in the worker process, plain threads run instead."""
    try:
        from gevent.monkey import is_module_patched
    except ImportError:
        return False
    return is_module_patched("socket")
