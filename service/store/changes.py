"""Telling waiting requests that a game changed.

Every commit that adds events publishes a hint, ``<game_id>:<last_seq>``, with
``pg_notify``, right after the commit (``publish``, ``Publisher``). Each process keeps one
``LISTEN`` connection of its own (``Hub``), apart from the pool, and fans the hints out
to its local waiters of that game
whose ``after`` the hint has passed. A hint is only a hint: a woken waiter reads the log
again, but for one case: the process that made the change hands it to its own hubs as
well (``Fresh``), so that its waiters wake at once and take the change as saved instead
of reading it back, and its next move of the game starts from it (``saved_here``). When
the listener's connection drops, hints may be lost: once it is back, it looks at every
waited-on game in one statement and wakes only the waiters whose game moved
(``Hub._catch_up``); meanwhile they wait, and nobody looks. Waiters hold no connection
and no transaction while they wait.

Publisher and listener meet on one database, ``HINTS_DATABASE_URL`` (by default
``DATABASE_URL``): a ``NOTIFY`` reaches only the listeners of the node it was sent on,
so on Citus every instance names the same node there, wherever its requests go.

Under gunicorn's gevent workers the listener thread and the waiters are greenlets (the
config monkey-patches ``threading``); in tests they are real threads. SQLite has no
NOTIFY: there waiters poll.
"""

import _socket
import logging
import socket
import threading
import time
import uuid
import weakref
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

import psycopg
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.pool import Pool

from .. import metrics
from ..errors import DatabaseUnavailable
from .db import deadline, under_gevent

log = logging.getLogger(__name__)

CHANNEL = "game_events"
POLL_SECONDS = 0.25  # SQLite, and PostgreSQL while the listener is away
LISTEN_TIMEOUT = 5.0  # how often the listener looks up from its socket (to stop, to ping)
PING_SECONDS = 3.0  # a listener's ping unanswered this long: the connection is dead
# TCP keepalives find a connection dropped silently (by a NAT or a load balancer), and
# the user timeout one that stopped taking what it is sent
CONNECTION: dict[str, Any] = {
    "autocommit": True,
    "connect_timeout": 5,
    "keepalives": 1,
    "keepalives_idle": 30,
    "keepalives_interval": 10,
    "keepalives_count": 3,
    "tcp_user_timeout": 10_000,  # ms: what it sent unacknowledged this long, it is dead
}
RECONNECT_SECONDS = (0.1, 1.0)  # first and longest pause between reconnections
PUBLISH_SECONDS = 2.0  # the most a batch of hints may wait on the database
PUBLISHER_NAME = "cardtable hints"  # the sender's application_name in pg_stat_activity
LISTENER_NAME = "cardtable listener"  # and the listener's
RETRY_SECONDS = (0.1, 5.0)  # first and longest pause before a batch is tried again
FRESH_KEPT = 4  # changes made here kept per waited-on game, for waiters behind


def send_hints(engine: Engine, hints_url: str) -> None:
    """Send the hints of ``engine``'s changes to the database at ``hints_url`` (where the
    listeners are: on Citus, one node for every instance), not to the engine's own."""
    Publisher.of(engine, hints_url)


@dataclass(frozen=True)
class Fresh:
    """A change as it was saved, in the shape of a read of the log after ``after`` (the
    end of the log before it): what ``games.load_page`` would find; and the seats' views
    of it that its request rendered already (a move's answer holds the mover's), by
    seat, which those seats' waiters send rather than render again."""

    after: int
    page: Any
    views: Mapping[int, Any] = field(default_factory=dict)
    saved: Any = None  # the game as saved, finished rounds and all (``saved_here``)


def publish(engine: Engine, game_id: uuid.UUID, seq: int, fresh: Fresh | None = None) -> None:
    """Hint that ``game_id`` has events up to ``seq`` (called once they are committed):
    the process's ``Publisher`` sends it, off the request's path, and its hubs on the
    same database take it at once, with the change if ``fresh``."""
    if engine.dialect.name == "postgresql":
        publisher = Publisher.of(engine)
        publisher.send(str(game_id), seq)
        for hub in Hub.on(publisher.conninfo):
            hub.take(str(game_id), seq, fresh)


def saved_here(engine: Engine, game_id: uuid.UUID) -> Any | None:
    """The game as this process saved it last, if no change made elsewhere was hinted
    since (else None: read it): a move made here may start from it rather than read
    it back. Only a guess that the save's version check confirms (``games.save``); kept
    as long as the game has waiters here (the mover's own stream, say)."""
    if engine.dialect.name != "postgresql":
        return None
    for hub in Hub.on(Publisher.of(engine).conninfo):
        if (saved := hub.saved(str(game_id))) is not None:
            return saved
    return None


class Publisher:
    """Sends the hints of committed changes, one process-wide sender per database.

    After the commit, not in it: PostgreSQL serialises the commits of transactions that
    notify, each waiting for the one before to reach the disk, so a ``pg_notify`` in the
    move's own transaction would queue every move behind every other (``make bench``
    compares the two with pgbench). Here the hints wait in a dict by game
    (the newest ``seq`` wins, so it stays as small as the games that changed) and leave
    in one statement per batch, on a connection of the sender's own, as the listener has
    one: in autocommit mode and with ``synchronous_commit`` off, since it sends nothing
    else (a hint lost in a crash costs a waiter one look at its deadline, as a listener's
    reconnection does). Not a pooled connection: a busy pool never holds hints back, and
    a hint costs far less CPU than SQLAlchemy's checkout and execution add. While
    the database is away, a batch waits and is tried again, with a warning."""

    _by_pool: "weakref.WeakKeyDictionary[Pool, Publisher]" = weakref.WeakKeyDictionary()
    _making = threading.Lock()

    def __init__(self, conninfo: str | None):
        self.conninfo = conninfo
        self._connection: psycopg.Connection | None = None
        self._pending: dict[str, int] = {}
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._closing = False

    @classmethod
    def of(cls, engine: Engine, hints_url: str | None = None) -> "Publisher":
        """The sender of this engine's changes (one per pool: an engine with other
        execution options is another face of the same one), to ``hints_url`` when it is
        first asked for, else to the engine's own database."""
        with cls._making:
            publisher = cls._by_pool.get(engine.pool)
            if publisher is None:
                url = make_url(hints_url) if hints_url else engine.url
                publisher = cls._by_pool[engine.pool] = cls(_conninfo(url))
                weakref.finalize(engine.pool, publisher.close)  # disposed: stop with it
            return publisher

    def close(self) -> None:
        """Stop sending, and close the connection (hints still pending are tried once)."""
        self._closing = True
        self._ready.set()

    def send(self, game_id: str, seq: int) -> None:
        with self._lock:
            self._add({game_id: seq})
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="publisher", daemon=True)
                self._thread.start()
        self._ready.set()

    def _merge(self, hints: dict[str, int]) -> None:
        with self._lock:
            self._add(hints)

    def _add(self, hints: dict[str, int]) -> None:
        """Under the lock: the newest seq of a game wins."""
        for game_id, seq in hints.items():
            self._pending[game_id] = max(seq, self._pending.get(game_id, 0))

    def _run(self) -> None:
        pause = RETRY_SECONDS[0]
        while True:
            self._ready.wait()
            self._ready.clear()
            with self._lock:
                batch, self._pending = self._pending, {}
            if self._closing:
                if batch:
                    self._notify(batch)  # one last try
                self._disconnect()
                return
            if not batch or self._notify(batch):
                pause = RETRY_SECONDS[0]
                continue
            # Kept for the next try (the newest seq of a game wins), so a waiter is woken
            # late rather than never; as many as the games that changed meanwhile.
            self._merge(batch)
            time.sleep(pause)
            pause = min(pause * 2, RETRY_SECONDS[1])
            self._ready.set()

    def _notify(self, batch: dict[str, int]) -> bool:
        """Send one batch; False if it could not be sent (the connection is then closed,
        and the next batch opens another)."""
        payloads = [f"{game_id}:{seq}" for game_id, seq in batch.items()]
        try:
            with deadline(PUBLISH_SECONDS):
                self._connected().execute(NOTIFY, (CHANNEL, payloads))
            return True
        except (psycopg.Error, DatabaseUnavailable) as error:
            log.warning("%s hints not sent yet: %s", len(payloads), error)
        except Exception:  # the sender outlives any one batch
            log.exception("%s hints not sent yet", len(payloads))
        self._disconnect()
        return False

    def _connected(self) -> psycopg.Connection:
        if self._connection is None or self._connection.closed:
            timeout = int(PUBLISH_SECONDS * 1000)
            options = f"-c synchronous_commit=off -c statement_timeout={timeout}"
            conninfo = cast(str, self.conninfo)  # made only for PostgreSQL (publish)
            self._connection = psycopg.connect(
                conninfo, **CONNECTION, options=options, application_name=PUBLISHER_NAME
            )
        return self._connection

    def _disconnect(self) -> None:
        if self._connection is not None:
            self._connection.close()  # interrupted mid-statement, it is of no more use
            self._connection = None


NOTIFY = "SELECT pg_notify(%s, payload) FROM unnest(%s::text[]) AS payload"
LAST_SEQS = "SELECT id::text, last_seq, next_action_at FROM games WHERE id = ANY(%s::uuid[])"


def _conninfo(url: URL) -> str | None:
    """libpq's connection string for a PostgreSQL URL (SQLAlchemy's form names its
    driver), or None for another database."""
    if url.get_backend_name() != "postgresql":
        return None
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class Waiter:
    """One waiting request: woken by a hint past its ``after``, or by its client leaving."""

    def __init__(self, game_id: str, after: int):
        self.game_id = game_id
        self.after = after
        self.client_gone = False
        self._event = threading.Event()

    def hint(self, seq: int | None) -> None:
        """``None`` means: something may have been missed, look again."""
        if seq is None or seq > self.after:
            self._event.set()

    def wait(self, seconds: float) -> bool:
        """Return when woken (True), or after ``seconds`` (False)."""
        woken = self._event.wait(max(seconds, 0.0))
        self._event.clear()
        return woken

    def leave(self) -> None:
        self.client_gone = True
        self._event.set()


T = TypeVar("T")


@dataclass
class _Read:
    """One read of a game that the waiters one hint woke share: begun after ``hints``
    hints of that game had come."""

    hints: int
    done: threading.Event = field(default_factory=threading.Event)
    result: Any = None
    failed: bool = False


class Hub:
    """The process's one listener and its waiters, by game."""

    _started: "weakref.WeakSet[Hub]" = weakref.WeakSet()  # the process's, for ``on``

    def __init__(self, database_url: str):
        self._conninfo = _conninfo(make_url(database_url))
        self._waiters: dict[str, set[Waiter]] = defaultdict(set)
        self._hints: dict[str, int] = {}  # hints come of each waited-on game
        self._newest: dict[str, int] = {}  # the newest seq hinted of each
        # the newest changes made here, each beginning where the one before ended
        self._fresh: dict[str, list[tuple[int, Fresh]]] = {}
        self._reads: dict[tuple[str, Hashable], _Read] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self.listening = threading.Event()
        self._away_since: float | None = None  # since when a started listener is away

    @property
    def waiting(self) -> int:
        with self._lock:
            return sum(len(waiters) for waiters in self._waiters.values())

    def away_seconds(self) -> float:
        """How long the listener, once started, has not been listening (0 while it is,
        and in a process nobody waited in yet)."""
        since = self._away_since
        return 0.0 if since is None else time.monotonic() - since

    @property
    def polling(self) -> bool:
        """Whether waiters look for themselves (SQLite has no NOTIFY). On PostgreSQL they
        never do: while the listener is away they wait for it, and once it is back it
        looks once for all of them (``_catch_up``)."""
        return self._conninfo is None

    def poll_seconds(self, seconds: float) -> float:
        """How long a waiter may trust hints before it looks by itself."""
        return min(seconds, POLL_SECONDS) if self.polling else seconds

    def start(self) -> None:
        """Start listening (once per process; a no-op without PostgreSQL)."""
        with self._lock:
            if self._conninfo is None or self._thread is not None:
                return
            self._away_since = time.monotonic()
            self._thread = threading.Thread(target=self._listen, name="listener", daemon=True)
            self._thread.start()
            Hub._started.add(self)

    @classmethod
    def on(cls, conninfo: str | None) -> list["Hub"]:
        """The process's started hubs that listen on the database at ``conninfo``."""
        return [hub for hub in list(cls._started) if hub._conninfo == conninfo]

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(LISTEN_TIMEOUT + 1)

    @contextmanager
    def waiter(
        self, game_id: uuid.UUID | str, after: int, client: socket.socket | None = None
    ) -> Iterator[Waiter]:
        """Register a waiter of ``game_id`` for the block's duration; with the client's
        socket, its hanging up wakes the waiter too."""
        self.start()
        waiter = Waiter(str(game_id), after)
        with self._lock:
            self._waiters[waiter.game_id].add(waiter)
        stop_watching = _watch_hang_up(client, waiter) if client is not None else None
        metrics.waiter_started()
        try:
            yield waiter
        finally:
            metrics.waiter_ended()
            if stop_watching is not None:
                stop_watching()
            with self._lock:
                waiters = self._waiters[waiter.game_id]
                waiters.discard(waiter)
                if not waiters:
                    del self._waiters[waiter.game_id]
                    self._hints.pop(waiter.game_id, None)
                    self._newest.pop(waiter.game_id, None)
                    self._fresh.pop(waiter.game_id, None)

    def dispatch(self, payload: str) -> None:
        game_id, _, seq = payload.partition(":")
        self._hint(game_id, int(seq) if seq.isascii() and seq.isdigit() else None)

    def take(self, game_id: str, seq: int, fresh: Fresh | None) -> None:
        """A change committed in this process: a hint, and the change itself for the
        waiters that saw the log up to where it begins (``fresh``)."""
        self._hint(game_id, seq, fresh)

    def _hint(self, game_id: str, seq: int | None, fresh: Fresh | None = None) -> None:
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
            if waiters:  # counted before anyone wakes: a read begun earlier is not shared
                self._hints[game_id] = self._hints.get(game_id, 0) + 1
                self._note(game_id, seq, fresh)
        for waiter in waiters:
            waiter.hint(seq)

    def _note(self, game_id: str, seq: int | None, fresh: Fresh | None) -> None:
        """Under the lock: the newest seq hinted, and the change made here if it is the
        newest, after those before it that it follows (a hint that something may have
        been missed, ``None``, drops them; so does a change made elsewhere)."""
        newest = self._newest.get(game_id, 0)
        chain = self._fresh.pop(game_id, [])
        if seq is not None:
            self._newest[game_id] = max(seq, newest)
        if fresh is not None and seq is not None and seq >= newest:
            follows = chain and chain[-1][0] == fresh.after
            self._fresh[game_id] = (
                [*chain[1 - FRESH_KEPT :], (seq, fresh)] if follows else [(seq, fresh)]
            )
        elif chain and seq is not None and seq <= newest:
            self._fresh[game_id] = chain  # a hint of what it holds already

    def fresh(self, game_id: str, after: int) -> Fresh | None:
        """The changes made here since ``after``, as one whose page is the log after it,
        if they reach the newest hinted and one begins there (else None: read it). A
        waiter one or two changes behind (a busy process) takes them too."""
        with self._lock:
            chain = self._current(game_id)
            start = next((at for at, (_, fresh) in enumerate(chain) if fresh.after == after), None)
            if start is None:
                return None
        metrics.waiter_read(shared=True)
        taken = [fresh for _, fresh in chain[start:]]
        if len(taken) == 1:
            return taken[0]
        newest = taken[-1]
        rows = [row for fresh in taken for row in fresh.page[1]]
        return Fresh(after, (newest.page[0], rows), newest.views)

    def saved(self, game_id: str) -> Any | None:
        """The game as the newest change made here saved it, if that change is the
        newest hinted (``saved_here``)."""
        with self._lock:
            chain = self._current(game_id)
            return chain[-1][1].saved if chain else None

    def _current(self, game_id: str) -> list[tuple[int, Fresh]]:
        """Under the lock: the changes made here, if the newest of them is the newest
        hinted (else none)."""
        chain = self._fresh.get(game_id, [])
        return chain if chain and chain[-1][0] == self._newest.get(game_id) else []

    def shared_read(self, game_id: str, key: Hashable, read: Callable[[], T]) -> T:
        """What ``read`` returns, read once for the waiters of ``game_id`` that ask with
        the same ``key`` while it runs: the waiters of a game that one hint woke cost the
        database one look, not one each. Only a read begun after the game's last hint came
        is shared, so it sees what that hint announced; a waiter whose shared read failed
        reads for itself."""
        with self._lock:
            hints = self._hints.get(game_id)  # None: no hint came since anyone waits here
            shared = self._reads.get((game_id, key))
            joined = shared is not None and shared.hints == hints
            if hints is not None and not joined:
                shared = self._reads[(game_id, key)] = _Read(hints)
        metrics.waiter_read(shared=joined)
        if shared is None or hints is None:
            return read()
        if joined:
            shared.done.wait()
            return read() if shared.failed else shared.result
        try:
            shared.result = read()
            return shared.result
        except BaseException:
            shared.failed = True
            raise
        finally:
            with self._lock:
                if self._reads.get((game_id, key)) is shared:
                    del self._reads[(game_id, key)]
            shared.done.set()

    def _catch_up(self, conn: psycopg.Connection) -> None:
        """Hints sent while the listener was away are lost: once it listens again, one
        statement reads every waited-on game's last seq and due time, and only the waiters
        whose game moved on, has an action due (a look applies it) or is gone are woken.
        Thousands of waiters cost the database one look, not one each."""
        with self._lock:
            game_ids = list(self._waiters)
        if not game_ids:
            return
        with deadline(PING_SECONDS):
            rows = conn.execute(LAST_SEQS, (game_ids,)).fetchall()
        now = datetime.now(UTC)
        seqs = {game_id: None if due and due <= now else seq for game_id, seq, due in rows}
        for game_id in game_ids:
            self._hint(game_id, seqs.get(game_id))

    def _listen(self) -> None:
        pause = RECONNECT_SECONDS[0]
        while not self._stopping.is_set():
            try:
                # started only with a PostgreSQL URL (see start)
                conninfo = cast(str, self._conninfo)
                with psycopg.connect(
                    conninfo, **CONNECTION, application_name=LISTENER_NAME
                ) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._catch_up(conn)
                    self.listening.set()
                    self._away_since = None
                    pause = RECONNECT_SECONDS[0]
                    while not self._stopping.is_set():
                        for note in conn.notifies(timeout=LISTEN_TIMEOUT):
                            self.dispatch(note.payload)
                        with deadline(PING_SECONDS):  # a silent connection may be dead
                            conn.execute("SELECT 1")
            except (psycopg.Error, DatabaseUnavailable) as error:
                log.warning("listener disconnected (%s); reconnecting in %.1fs", error, pause)
            except Exception:  # whatever it was, waiters must not lose their listener
                log.exception("listener failed; restarting in %.1fs", pause)
            finally:
                self.listening.clear()
                self._away_since = self._away_since or time.monotonic()
            self._stopping.wait(pause)
            pause = min(pause * 2, RECONNECT_SECONDS[1])


def _watch_hang_up(client: socket.socket, waiter: Waiter) -> Callable[[], None] | None:
    """Wake ``waiter`` when the client closes its socket; returns the stop function.
    Only under gevent (the served case), where it costs an event-loop watcher, not a
    thread."""
    if not under_gevent():
        return None
    from gevent import get_hub

    fd = client.fileno()
    watcher = get_hub().loop.io(fd, 1)  # 1: readable

    def readable() -> None:
        hung_up = _hung_up(fd)
        if hung_up is None:
            return
        watcher.stop()  # False: a pipelined request, not a hang-up; stop looking
        if hung_up:
            waiter.leave()

    watcher.start(readable)
    return watcher.close


def _hung_up(fd: int) -> bool | None:
    """Peek without blocking (we run in gevent's loop): ``True`` at end of stream,
    ``False`` when the client sent more, ``None`` when nothing is there yet."""
    probe = _socket.socket(fileno=fd)
    try:
        return probe.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return None
    except OSError:
        return True
    finally:
        probe.detach()
