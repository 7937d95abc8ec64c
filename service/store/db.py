"""The database engine and session factory; one session per request, opened by the API.

Every wait on PostgreSQL is bounded, so a database that is down, restarting or frozen
costs a client a quick ``503``, never a hung request: connecting (``CONNECT_SECONDS``),
a free pooled connection (``pool_timeout``), a statement and a row lock (server-side
``statement_timeout`` and ``lock_timeout``), and, under gevent, the whole database work
of a request (``deadline``): a frozen server never answers, and TCP cannot tell."""

import logging
import time
from collections.abc import Callable
from contextlib import contextmanager

from sqlalchemy import create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, InterfaceError, InvalidatePoolError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.pool import QueuePool

from .. import metrics
from ..errors import DatabaseUnavailable

log = logging.getLogger(__name__)
CONNECT_SECONDS = 2  # libpq's minimum
LOCK_SECONDS = 5
IDLE_IN_TRANSACTION_SECONDS = 30
PING_IDLE_SECONDS = 1.0
_IDLE_SINCE = "idle_since"

# The database is away (down, restarting, unreachable, frozen) or every connection is busy.
DATABASE_AWAY = (OperationalError, InterfaceError, PoolTimeout, DatabaseUnavailable)
# Another transaction changed the game first: the version moved under us (SQLite, where
# FOR UPDATE does nothing, relies on this compare-and-set) or a row it inserted is taken.
LOST_RACE = (StaleDataError, IntegrityError)


def lost_race(session: Session, error: Exception) -> bool:
    """Whether ``error`` is a race lost to another request or worker applying what was
    due: only on SQLite, where nothing is locked or skipped. On PostgreSQL the row lock
    rules races out, so there the same error is a bug, to be logged."""
    return isinstance(error, LOST_RACE) and session.get_bind().dialect.name == "sqlite"


def make_engine(
    url: str,
    pool_size=10,
    max_overflow=10,
    pool_timeout=5.0,
    statement_seconds=10.0,
    lock_seconds=LOCK_SECONDS,
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
        connect_args={"connect_timeout": CONNECT_SECONDS, "options": options},
    )
    _ping_when_idle(engine)
    _watch_pool(engine)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Check a pooled connection before use only if it sat idle for ``PING_IDLE_SECONDS``:
    one that was just in use is alive, and a ping on every checkout (``pool_pre_ping``)
    would cost each request a round trip. A dead one is replaced before the request sees
    it; one that dies while in use fails its request (a 503), and SQLAlchemy then
    discards every older connection of the pool."""

    @event.listens_for(engine, "checkin")
    def idle_from_now(_dbapi_connection, record) -> None:
        record.info[_IDLE_SINCE] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def ping_if_idle(dbapi_connection, record, _proxy) -> None:
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


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def make_read_session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions for reading: autocommit mode, so each statement is a round trip of its
    own, with no BEGIN before it and no ROLLBACK after. A read that must change something
    (apply what is due) does it in a transaction of its own, ``writing``."""
    return sessionmaker(
        engine.execution_options(isolation_level="AUTOCOMMIT"), expire_on_commit=False
    )


@contextmanager
def writing(session: Session):
    """A transaction for the block, committed at its end, in any session (a reading one
    too): what the session read before is let go first."""
    session.close()
    level = session.get_bind().dialect.default_isolation_level
    session.connection(execution_options={"isolation_level": level})
    yield
    session.commit()


_AFTER_COMMIT = "after_commit"


def after_commit(session: Session, action: Callable[[], None]) -> None:
    """Run ``action`` once the session's transaction has committed; never if it rolls
    back (a lost race, the database away)."""
    session.info.setdefault(_AFTER_COMMIT, []).append(action)


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    if session.in_nested_transaction():  # a savepoint released: not committed yet
        return
    for action in session.info.pop(_AFTER_COMMIT, ()):
        try:
            action()
        except Exception:  # what is committed stays so: the request still succeeds
            log.exception("an action after a commit failed")


@event.listens_for(Session, "after_transaction_end")
def _ended(session: Session, transaction) -> None:
    if transaction.parent is None:  # rolled back (or committed, and run already)
        session.info.pop(_AFTER_COMMIT, None)


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


def insert(session: Session, model):
    """An INSERT with ``on_conflict_do_update`` for the session's database."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(model)


def upsert(session: Session, model, values: dict, keys: list[str]) -> None:
    """Insert a row, or update the one with the same ``keys``."""
    statement = insert(session, model).values(**values)
    changes = {name: statement.excluded[name] for name in values if name not in keys}
    session.execute(statement.on_conflict_do_update(index_elements=keys, set_=changes))


@contextmanager
def deadline(seconds: float):
    stop = start_deadline(seconds)
    try:
        yield
    except DeadlineExceeded as error:
        raise DatabaseUnavailable(str(error)) from None
    finally:
        stop()


def under_gevent() -> bool:
    """Whether gevent has patched this process (gunicorn's gevent workers do); in tests
    and in the worker process, plain threads run instead."""
    try:
        from gevent.monkey import is_module_patched
    except ImportError:
        return False
    return is_module_patched("socket")
