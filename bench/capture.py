"""What the database sees of a request, counted in process on the app's engine
(``app.extensions["db_engine"]``): the round trips as they cross the wire, read from
libpq's trace of the protocol (``PQtrace``, one file per connection, on from its first
checkout), and the statements as SQLAlchemy executed them (``before_cursor_execute``).

A round trip is a run of messages the client sends before it reads an answer, so what
psycopg sends together (a BEGIN queued with the statement after it, an executemany's
pipeline) counts once, and what it sends alone (its BEGIN outside a pipeline, the Parse
that prepares a statement on its fifth use, a pool ping) counts apart. Each is named by
what it carried: ``BEGIN+LOCK`` is the BEGIN and the row lock's SELECT in one.

What other threads send meanwhile is counted apart, in ``Tally.side``: a connection's
traffic belongs to the thread that checked it out. The process's publisher of change
hints sends them after the commit, off the request's path, on a connection of its own
past the engine (``changes.Publisher``): its batches are traced and logged as the side's
too, logged as the statement that pgbench sends for them on a move's connection (with
``synchronous_commit`` off for that statement's transaction, as the publisher's whole
session has it)."""

import re
import tempfile
import threading
import time
import weakref
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field

from psycopg import pq
from sqlalchemy import event

from service.store import changes

COMMANDS = ("BEGIN", "COMMIT", "ROLLBACK")
HINTS = (
    "SELECT set_config('synchronous_commit', 'off', true), pg_notify(%(channel)s, payload)"
    " FROM unnest(%(payloads)s::text[]) AS payload"
)


def kind_of(statement: str) -> str:
    text = " ".join(statement.split()).upper()
    if text.startswith(COMMANDS):  # BEGIN ISOLATION LEVEL ... too
        return text.split()[0]
    if text == "SELECT 1":
        return "ping"
    if "PG_NOTIFY" in text:
        return "NOTIFY"
    if text.startswith("SELECT") and "FOR UPDATE" in text:
        return "LOCK"
    for kind in ("SELECT", "INSERT", "UPDATE", "DELETE", "WITH"):
        if text.startswith(kind):
            return kind
    return "OTHER"


@dataclass
class Tally:
    trips: list[str] = field(default_factory=list)  # each round trip, by what it carried
    # (statement, parameters, executemany), and BEGIN, COMMIT, ROLLBACK where sent
    log: list = field(default_factory=list)
    side: "Tally | None" = None  # what other threads sent meanwhile

    @property
    def round_trips(self) -> int:
        return len(self.trips)

    def __add__(self, other: "Tally") -> "Tally":
        sides = [t.side for t in (self, other) if t.side is not None]
        return Tally(
            self.trips + other.trips,
            self.log + other.log,
            sum(sides[1:], sides[0]) if sides else None,
        )


_PARSE = re.compile(r' "([^"]*)" "(.*)" \d+( \d+)*', re.S)
_BIND = re.compile(r' "[^"]*" "([^"]*)"')


class Trace:
    """One connection's protocol trace, read in order a stretch at a time (``trips``), so
    that every statement it prepared is known by name when it runs again."""

    def __init__(self, pgconn):
        self.file = tempfile.TemporaryFile()  # noqa: SIM115 (as long as the connection)
        self.prepared: dict[str, str] = {}  # statement name -> its text, as parsed
        self.unnamed = self.bound = ""  # the last unnamed statement, the last bound
        self.read_to = 0
        pgconn.trace(self.file.fileno())
        pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)

    def offset(self) -> int:
        return self.file.seek(0, 2)

    def trips(self, start: int, end: int) -> list[str]:
        """The round trips sent between two offsets of the trace (what comes before
        ``start`` is read too, for the statements it prepared)."""
        self._read(start)
        return self._read(end)

    def _read(self, end: int) -> list[str]:
        self.file.seek(self.read_to)
        text = self.file.read(max(end - self.read_to, 0)).decode()
        self.read_to = max(end, self.read_to)
        trips: list[list[str]] = []
        sending = False
        for direction, kind, rest in self._messages(text):
            if direction != "F":
                sending = False
                continue
            if not sending:
                trips.append([])
                sending = True
            if kind == "Query":
                trips[-1].append(kind_of(rest.strip().strip('"')))
            elif kind == "Parse" and (parsed := _PARSE.fullmatch(rest)):
                name, statement = parsed[1], parsed[2]
                if name:
                    self.prepared[name] = statement
                else:
                    self.unnamed = statement
            elif kind == "Bind" and (named := _BIND.match(rest)):
                self.bound = self.prepared.get(named[1], "?") if named[1] else self.unnamed
            elif kind == "Execute":
                trips[-1].append(kind_of(self.bound))
        # a run that only parsed is psycopg preparing a statement on its own
        return ["+".join(dict.fromkeys(trip)) or "PREPARE" for trip in trips]

    @staticmethod
    def _messages(text: str):
        """(direction, message type, the rest) of each message; a statement's text may
        hold line breaks, which the trace writes as they are."""
        lines: list[str] = []
        for line in text.split("\n"):
            if line[:2] in ("F\t", "B\t") or not lines:
                lines.append(line)
            else:
                lines[-1] += "\n" + line
        for line in lines:
            parts = line.split("\t", 3)
            if len(parts) == 4:
                yield parts[0], parts[2], parts[3]


class Recorder:
    """Attach once to an engine; ``with recorder.tally() as t:`` counts what runs
    inside."""

    def __init__(self, engine):
        self.current: Tally | None = None
        self.thread: int | None = None
        self._out: dict[int, tuple[Trace, int, int]] = {}  # checked out: trace, from, thread
        # first, so a ping at checkout is counted with the request
        event.listen(engine, "checkout", self._checked_out, insert=True)
        event.listen(engine, "checkin", self._checked_in)
        event.listen(engine, "before_cursor_execute", self._execute)
        for name in COMMANDS:
            event.listen(engine, name.lower(), lambda conn, name=name: self._command(name, conn))
        _watch_hints(self)

    def hints_sent(self, trips: list[str], payloads: list[str]) -> None:
        tally = None if self.current is None else self.current.side  # another thread's
        if tally is not None:
            tally.trips += trips
            tally.log.append((HINTS, {"channel": changes.CHANNEL, "payloads": payloads}, False))

    def _checked_out(self, dbapi_connection, record, _proxy) -> None:
        trace = record.info.get("trace")
        if trace is None:  # traced from its first checkout on
            trace = record.info["trace"] = Trace(dbapi_connection.pgconn)
        self._out[id(record)] = (trace, trace.offset(), threading.get_ident())

    def _checked_in(self, _dbapi_connection, record) -> None:
        if (out := self._out.pop(id(record), None)) is not None:
            self._count(*out)

    def _count(self, trace: Trace, start: int, thread: int) -> None:
        tally = self._target(thread)
        if tally is not None:
            tally.trips += trace.trips(start, trace.offset())

    def _target(self, thread: int) -> Tally | None:
        if self.current is None:
            return None
        return self.current if thread == self.thread else self.current.side

    def _execute(self, _conn, _cursor, statement, parameters, _context, executemany):
        tally = self._target(threading.get_ident())
        if tally is not None:
            tally.log.append((statement, parameters, executemany))

    def _command(self, name: str, conn) -> None:
        """A transaction's BEGIN, COMMIT or ROLLBACK, logged where psycopg sends it: never
        in autocommit mode, and no COMMIT or ROLLBACK of a transaction never begun."""
        driver = conn.connection.driver_connection
        if driver.autocommit:
            return
        if name != "BEGIN" and driver.info.transaction_status == pq.TransactionStatus.IDLE:
            return
        tally = self._target(threading.get_ident())
        if tally is not None:
            tally.log.append((name, None, False))

    @contextmanager
    def tally(self, settle: float = 0.1):
        """Count what runs inside; before and after, wait ``settle`` seconds for the
        other threads' work (hints sent after a commit) to be done and counted."""
        assert self.current is None, "tallies do not nest"
        time.sleep(settle)
        self.thread = threading.get_ident()
        self.current = Tally(side=Tally())
        for key, (trace, _start, thread) in list(self._out.items()):  # from now on
            self._out[key] = (trace, trace.offset(), thread)
        try:
            yield self.current
            time.sleep(settle)
            for key, (trace, start, thread) in list(self._out.items()):  # still out
                self._count(trace, start, thread)
                self._out[key] = (trace, trace.offset(), thread)
        finally:
            self.current = None


_RECORDERS: list[Recorder] = []


def _watch_hints(recorder: Recorder) -> None:
    """Trace the publisher's own connection and tell every recorder what each batch sent
    (the publisher is wrapped once per process)."""
    if not _RECORDERS:
        notify = changes.Publisher._notify

        def traced(publisher, batch: dict[str, int]) -> bool:
            connection = publisher._connected()
            trace = _PUBLISHER_TRACES.get(connection)
            if trace is None:
                trace = _PUBLISHER_TRACES[connection] = Trace(connection.pgconn)
            start = trace.offset()
            sent = notify(publisher, batch)
            trips = trace.trips(start, trace.offset())
            for each in _RECORDERS:
                each.hints_sent(trips, [f"{game}:{seq}" for game, seq in batch.items()])
            return sent

        changes.Publisher._notify = traced  # type: ignore[method-assign]
    _RECORDERS.append(recorder)


_PUBLISHER_TRACES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def describe(t: Tally, per: float = 1.0) -> str:
    """``3 (BEGIN+LOCK WITH COMMIT)``: the round trips, each named by what it carried,
    counts shown where not 1."""

    def n(value):
        value = value / per
        return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"

    names = [
        name if n(count) == "1" else f"{n(count)}x{name}"
        for name, count in Counter(t.trips).items()
    ]
    return f"{n(t.round_trips)} ({' '.join(names)})"
