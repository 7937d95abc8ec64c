"""Which waiting requests (long polls and streams) a worker process takes on, decided by
``serving.Worker`` before the app runs and answered by the app (``api.context``), so a
refusal is a problem document like any other.

- **A share per client address**: at most ``WAITERS_PER_CLIENT`` waiting requests of one
  address (the proxy-aware one of the quotas, ``api.context.Proxies``) at once in this
  process, then ``429``. What is counted is this process's own open sockets, not game
  state: with several workers or replicas, an address may hold that many in each. A
  client on the loopback that names no one behind it (a proxy in front without
  ``PROXY_HOPS``, a test, a bench) stands for everyone, and is never limited.
- **First looks at the pace of the pool**: a waiting request's first look at the database
  costs the process CPU and a pooled connection; after a restart every client comes back
  at once, and thousands of looks begun together each waited out the pool's timeout and
  were answered ``503`` after doing the work. Here ``looks`` of them look at once; the
  others wait their turn holding only their greenlet, at most ``QUEUE_SECONDS`` (a long
  poll, only until its wait since its arrival is over: it is answered within it), and
  when the queue is longer than the process clears in that time, a newcomer is refused
  at once. Their ``503``'s ``Retry-After`` is drawn between 1 s and twice the time the
  queue takes to clear, so that the refused come back spread out, not together again.
  A slot is given back when the request returns its first pooled connection (its first
  look is done: then it waits for a hint, costing nothing) or ends.
"""

import ipaddress
import math
import random
import threading
import time
from collections import Counter, deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import parse_qs

from sqlalchemy import event
from sqlalchemy.pool import Pool

QUEUE_SECONDS = 20.0  # the longest a waiting request waits for its first look
MIN_QUEUE = 1000  # queued at least: a burst of hundreds (a test, a small restart) waits
FIRST_PACE = 50.0  # first looks a second, assumed until measured
MAX_RETRY_AFTER = 60  # seconds
SHARE_RETRY_AFTER = (10, 30)  # a 429's Retry-After, drawn: a long poll ends within 30 s
PACE_WINDOW = 200  # the last first looks the pace is measured on


@dataclass(frozen=True)
class Refusal:
    status: int  # 429: the address's share is held; 503: too many first looks at once
    detail: str
    retry_after: int


class _Request(threading.local):
    """The request the current greenlet serves (a thread's, outside gunicorn)."""

    refusal: Refusal | None = None
    slot: "Admission | None" = None  # the admission whose look slot it holds


_current = _Request()


def refusal() -> Refusal | None:
    """What the worker decided for the request being served: None, or its refusal."""
    return _current.refusal


def is_waiting(method: str, path: str, query: str) -> bool:
    """Whether a request is a stream or a long poll (``wait`` > 0: a game's events, or a
    Play now ticket); one whose ``wait`` does not parse is the app's to refuse."""
    if method not in ("GET", "HEAD"):  # HEAD waits too
        return False
    if path.startswith("/v1/quickplay/"):
        return path.count("/") == 3 and _waits(query)
    if not path.startswith("/v1/games/"):
        return False
    if path.endswith("/stream"):
        return path.count("/") == 4
    return path.endswith("/events") and path.count("/") == 4 and _waits(query)


def _waits(query: str) -> bool:
    return _wait(query) > 0


def _wait(query: str) -> float:
    """The ``wait`` a request asks for; 0 when it does not parse (the app refuses it)."""
    try:
        return float(parse_qs(query).get("wait", ["0"])[-1])
    except ValueError:
        return 0.0


def answered_by(path: str, query: str, arrived: float) -> float | None:
    """When a waiting request that ``arrived`` then (``time.monotonic``) is due an answer:
    a long poll at the end of its wait; None for a stream, which has no end."""
    return None if path.endswith("/stream") else arrived + _wait(query)


def stands_for_many(client: str, peer: str) -> bool:
    """A local peer (the loopback, a UNIX socket) whose request names no client behind
    it: a proxy without ``PROXY_HOPS``, a test, a bench."""
    if client != (peer or "unknown"):
        return False  # a client behind the peer is named: it is counted
    if not peer:
        return True  # a UNIX socket: a local proxy
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return address.is_loopback


class Admission:
    """One worker process's waiting requests, by address, and its first looks."""

    def __init__(self, per_client: int, looks: int):
        self.per_client = per_client
        self.looks = looks
        self._by_client: Counter[str] = Counter()
        self._slots = threading.Semaphore(looks)  # gevent's, in a patched worker
        self._queued = 0
        self._looked: deque[float] = deque(maxlen=PACE_WINDOW)  # when first looks ended

    @contextmanager
    def admitted(
        self, client: str, limited: bool = True, answer_by: float | None = None
    ) -> Iterator[Refusal | None]:
        """For the request's whole life: its share of its address and a look slot, or
        the refusal the app is to answer (``refusal()``, meanwhile). A request due an
        answer ``answer_by`` (``time.monotonic``) waits for a slot no longer."""
        if limited and self._by_client[client] >= self.per_client:
            yield from self._refused(self._share_refusal(client))
            return
        self._by_client[client] += 1
        try:
            if (busy := self._take_slot(answer_by)) is not None:
                yield from self._refused(busy)
                return
            _current.slot = self
            try:
                yield None
            finally:
                self.give_back()
        finally:
            self._by_client[client] -= 1
            if not self._by_client[client]:
                del self._by_client[client]

    def give_back(self) -> None:
        """The current request's first look is done (or it ended): its slot is free."""
        if _current.slot is self:
            _current.slot = None
            self._looked.append(time.monotonic())
            self._slots.release()

    @staticmethod
    def _refused(refusal: Refusal) -> Iterator[Refusal]:
        _current.refusal = refusal
        try:
            yield refusal
        finally:
            _current.refusal = None

    def _share_refusal(self, client: str) -> Refusal:
        detail = (
            f"{client} holds {self.per_client} streams and long polls here already "
            "(WAITERS_PER_CLIENT); close one, or retry after Retry-After"
        )
        return Refusal(429, detail, random.randint(*SHARE_RETRY_AFTER))

    def _take_slot(self, answer_by: float | None) -> Refusal | None:
        """Wait for a look slot; a refusal when the queue is too long or the wait was."""
        if self._slots.acquire(blocking=False):
            return None
        seconds = QUEUE_SECONDS
        if answer_by is not None:
            seconds = min(seconds, answer_by - time.monotonic())
        if seconds > 0 and self._queued < self._queue_limit():
            self._queued += 1
            try:
                if self._slots.acquire(timeout=seconds):
                    return None
            finally:
                self._queued -= 1
        return self._busy_refusal()

    def _pace(self) -> float | None:
        """First looks done per second, lately; None before enough are."""
        if len(self._looked) < 10:
            return None
        span = time.monotonic() - self._looked[0]
        return len(self._looked) / span if span > 0 else None

    def _queue_limit(self) -> float:
        pace = self._pace()
        return MIN_QUEUE if pace is None else max(MIN_QUEUE, pace * QUEUE_SECONDS)

    def _busy_refusal(self) -> Refusal:
        clears_in = self._queued / (self._pace() or FIRST_PACE)
        retry_after = random.uniform(1, max(2.0, 2 * clears_in))
        detail = f"{self._queued} clients wait to be let in here already; retry after Retry-After"
        return Refusal(503, detail, min(MAX_RETRY_AFTER, math.ceil(retry_after)))


@event.listens_for(Pool, "checkin")
def _first_look_done(*_args: object) -> None:
    """A request gave back a pooled connection: if it holds a look slot, its first look
    is done."""
    slot = _current.slot
    if slot is not None:
        slot.give_back()
