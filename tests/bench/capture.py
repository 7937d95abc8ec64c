"""What the database sees of a request, counted in process with SQLAlchemy's events on the
app's engine (``app.extensions["db_engine"]``): statements (``before_cursor_execute``; an
executemany is one statement, sent by psycopg 3 as one pipeline), transactions
(``begin``, ``commit``, ``rollback``) and the pool's pre-pings (``dialect.do_ping``, which
bypasses the cursor events). psycopg 3 sends BEGIN as a round trip of its own, so round
trips = statements + BEGIN + COMMIT + ROLLBACK + pings, counting the transaction's
statements only where psycopg sends them (not in autocommit mode, which reads use).

What other threads send meanwhile (the process's publisher of change hints, which sends
them after the commit, off the request's path) is counted apart, in ``Tally.side``."""

import threading
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field

from psycopg.pq import TransactionStatus
from sqlalchemy import event

KINDS = ("SELECT", "LOCK", "NOTIFY", "INSERT", "UPDATE", "DELETE", "OTHER")


def kind_of(statement: str) -> str:
    text = " ".join(statement.split()).upper()
    if "PG_NOTIFY" in text:
        return "NOTIFY"
    if text.startswith("SELECT") and "FOR UPDATE" in text:
        return "LOCK"
    for kind in ("SELECT", "INSERT", "UPDATE", "DELETE"):
        if text.startswith(kind):
            return kind
    return "OTHER"


@dataclass
class Tally:
    kinds: Counter = field(default_factory=Counter)
    rows: int = 0  # parameter sets: an executemany of 3 rows counts 3
    begin: int = 0
    commit: int = 0
    rollback: int = 0
    ping: int = 0
    log: list = field(default_factory=list)  # (statement, parameters, executemany)
    side: "Tally | None" = None  # what other threads sent meanwhile

    @property
    def statements(self) -> int:
        return sum(self.kinds.values())

    @property
    def round_trips(self) -> int:
        return self.statements + self.begin + self.commit + self.rollback + self.ping

    def __add__(self, other: "Tally") -> "Tally":
        sides = [t.side for t in (self, other) if t.side is not None]
        return Tally(
            self.kinds + other.kinds,
            self.rows + other.rows,
            self.begin + other.begin,
            self.commit + other.commit,
            self.rollback + other.rollback,
            self.ping + other.ping,
            self.log + other.log,
            sum(sides[1:], sides[0]) if sides else None,
        )


class Recorder:
    """Attach once to an engine; ``with recorder.tally() as t:`` counts what runs inside."""

    def __init__(self, engine):
        self.current: Tally | None = None
        self.thread: int | None = None
        event.listen(engine, "before_cursor_execute", self._execute)
        for name in ("begin", "commit", "rollback"):
            event.listen(engine, name, lambda conn, name=name: self._bump_if_sent(name, conn))
        dialect = engine.dialect
        ping = dialect.do_ping

        def counted_ping(dbapi_connection):
            tally = self._target()
            if tally is not None:
                tally.ping += 1
                tally.log.append(("SELECT 1  -- pool pre-ping", None, False))
            return ping(dbapi_connection)

        dialect.do_ping = counted_ping  # the pool calls its dialect's do_ping

    def _target(self) -> Tally | None:
        if self.current is None:
            return None
        return self.current if threading.get_ident() == self.thread else self.current.side

    def _bump_if_sent(self, name: str, conn) -> None:
        """SQLAlchemy's transaction events, counted when psycopg sends something: never
        in autocommit mode (a reading session), and no ROLLBACK or COMMIT of a
        transaction that never began (psycopg knows, and sends nothing)."""
        driver = conn.connection.driver_connection
        if driver.autocommit:
            return
        if name != "begin" and driver.info.transaction_status == TransactionStatus.IDLE:
            return
        self._bump(name)

    def _bump(self, name: str) -> None:
        tally = self._target()
        if tally is not None:
            setattr(tally, name, getattr(tally, name) + 1)
            tally.log.append((name.upper(), None, False))

    def _execute(self, _conn, _cursor, statement, parameters, _context, executemany):
        tally = self._target()
        if tally is not None:
            tally.kinds[kind_of(statement)] += 1
            tally.rows += len(parameters) if executemany else 1
            tally.log.append((statement, parameters, executemany))

    @contextmanager
    def tally(self, settle: float = 0.1):
        """Count what runs inside; before and after, wait ``settle`` seconds for the
        other threads' work (hints sent after a commit) to be done and counted."""
        assert self.current is None, "tallies do not nest"
        time.sleep(settle)
        self.thread = threading.get_ident()
        self.current = Tally(side=Tally())
        try:
            yield self.current
            time.sleep(settle)
        finally:
            self.current = None


def describe(t: Tally, per: float = 1.0) -> str:
    """``6 (BEGIN LOCK SELECT INSERT UPDATE COMMIT)``, counts shown where not 1, then what
    other threads sent: ``+4 after (BEGIN OTHER NOTIFY COMMIT)``."""

    def n(value):
        value = value / per
        return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"

    def word(count, name):
        shown = n(count)
        return name if shown == "1" else f"{shown}x{name}"

    names = [word(t.ping, "ping")] if t.ping else []
    names += [word(t.begin, "BEGIN")] if t.begin else []
    names += [word(t.kinds[k], k) for k in KINDS if t.kinds[k]]
    names += [word(getattr(t, e), e.upper()) for e in ("commit", "rollback") if getattr(t, e)]
    return f"{n(t.round_trips)} ({' '.join(names)})"
