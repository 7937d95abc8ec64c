"""Following a game live: the event stream (``GET /v1/games/{id}/stream``) read with the
client's token in its header, resumed after any drop from the last event received
(``Last-Event-ID``: nothing lost, nothing twice), and reconnected with jittered
exponential back-off, so that thousands of clients dropped at once (a restart) do not
all come back in the same instant.

    for event in follow(client, game_id):        # Client or AuthenticatedClient
        print(event.seq, event.type_)

With ``views=True`` the stream also brings the seat's view after each burst of events
(and first, on connecting), as a ``SeatView``: no need to ask ``get_view`` per event.

    for item in follow(client, game_id, views=True):
        if isinstance(item, SeatView):
            print(item.view.legal_moves)

``afollow`` is the same for asyncio. Both end once the match is finished and its last
event received; they raise ``Refused`` when the service refuses the stream for good
(an unknown game, a retired token). Resumed past the log's end (``409 after_past_end``:
an ``after`` from another game, a log restored from a backup), they go on after the
log's end at once: the events that come next may have seqs already yielded. ``Backoff`` is the delay policy, for any call a
client retries. ``ok`` turns any call's ``Model | Problem | None`` into the model, or
``Refused``:

    game = ok(create_game.sync(client=client, body=body))

Hand-written, the one module here that is: ``make sdk`` keeps it as it is.
"""

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, overload
from uuid import UUID

import httpx

from .client import AuthenticatedClient, Client
from .models.events_page import EventsPage
from .models.problem import Problem

# A retry of these may succeed: the service busy, restarting or its database away (a
# 500 is a bug: asking again would not help).
TRANSIENT = frozenset({408, 429, 502, 503, 504})
# Heartbeats come every 15 s by default: much longer silence is a dead connection.
TIMEOUT = httpx.Timeout(10.0, read=45.0)
T = TypeVar("T")
Event = Any  # one of the events page's event models (TakeEvent, RoundOverEvent, ...)
View = Any  # one of the view models (OldMaidView, SpoonsView, ...)


@dataclass(frozen=True)
class SeatView:
    """The seat's view as of the event before it (``follow(..., views=True)``)."""

    view: View


class Refused(Exception):
    """The service refused: a stream with a status no retry changes (401, 403, 404), or
    a call given to ``ok`` (then ``problem`` is its problem document)."""

    def __init__(self, status: int, body: str, problem: Problem | None = None) -> None:
        super().__init__(f"{status}: {body[:500]}")
        self.status = status
        self.problem = problem


def ok(answer: T | Problem | None) -> T:
    """The model of an answer that must be a success; ``Refused`` for a problem document,
    or for a status the OpenAPI document does not name (the call returned ``None``)."""
    if isinstance(answer, Problem):
        raise Refused(answer.status, f"{answer.code}: {answer.detail}", answer)
    if answer is None:
        raise Refused(0, "an answer with a status the OpenAPI document does not name")
    return answer


@dataclass
class Backoff:
    """Full jitter: before the n-th retry in a row, a pause drawn evenly from zero to
    ``first`` x 2^n seconds, at most ``longest``; ``reset`` after a success."""

    first: float = 0.5
    longest: float = 15.0
    failures: int = 0
    rng: random.Random = field(default_factory=random.Random)

    def pause(self, at_least: float = 0.0) -> float:
        ceiling = min(self.longest, self.first * 2 ** min(self.failures, 32))
        self.failures += 1
        return max(at_least, self.rng.uniform(0, ceiling))

    def reset(self) -> None:
        self.failures = 0


@dataclass
class _Stream:
    """What one ``follow`` knows between connections: where to resume, how long to wait
    before the next one, and whether the match is over."""

    game_id: UUID | str
    after: int = 0
    views: bool = False
    backoff: Backoff = field(default_factory=Backoff)
    retry_seconds: float = 1.0  # the server's ``retry:`` for a stream it closed itself
    ended: bool = False
    rewound: bool = False  # ``after`` was past the log's end: now at its end
    _fields: dict[str, str] = field(default_factory=dict)  # of the message being read

    def request(self) -> dict[str, Any]:
        self._fields = {}  # a message cut short by a drop is read again in full
        headers = {"Accept": "text/event-stream", "Last-Event-ID": str(self.after)}
        return {
            "method": "GET",
            "url": f"/v1/games/{self.game_id}/stream",
            "params": {"view": "true"} if self.views else {},
            "headers": headers,
            "timeout": TIMEOUT,
        }

    def opened(self, response: httpx.Response, body: str = "") -> bool:
        """Whether the stream is open; raises ``Refused`` when retrying is no use."""
        if response.status_code == 200:
            self.backoff.reset()
            return True
        if response.status_code == 409 and self._rewind(body):
            return False
        if response.status_code not in TRANSIENT:
            raise Refused(response.status_code, body)
        return False

    def _rewind(self, body: str) -> bool:
        """After ``409 after_past_end``, resume after the log's end (its ``last_seq``);
        whether that was the refusal."""
        try:
            problem = json.loads(body)
        except ValueError:
            return False
        if not isinstance(problem, dict) or problem.get("code") != "after_past_end":
            return False
        last_seq = problem.get("last_seq")
        if not isinstance(last_seq, int):
            return False
        if not 0 <= last_seq < self.after:  # each rewind goes back: never a loop
            return False
        self.after, self.rewound = last_seq, True
        return True

    def pause_after(self, response: httpx.Response | None) -> float:
        """How long to wait before connecting again: none after a rewind; the server's
        ``retry`` (jittered) after a stream it closed, else the back-off (no sooner than
        ``Retry-After``)."""
        if self.rewound:
            self.rewound = False
            return 0.0
        if response is not None and response.status_code == 200 and self.backoff.failures == 0:
            return self.backoff.rng.uniform(0, self.retry_seconds)
        return self.backoff.pause(_retry_after(response))

    def feed(self, line: str) -> Iterator[Event | SeatView]:
        """One line of the stream; at a blank line, the message's event if it is past
        ``after`` (as the events page's model)."""
        if line:
            name, _, value = line.partition(":")
            if name:  # a line starting with ':' is a comment (a heartbeat)
                self._fields[name] = self._fields.get(name, "") + value.removeprefix(" ")
            return iter(())
        fields, self._fields = self._fields, {}
        return self._dispatch(fields)

    def _dispatch(self, fields: dict[str, str]) -> Iterator[Event | SeatView]:
        if "retry" in fields and fields["retry"].isdigit():
            self.retry_seconds = int(fields["retry"]) / 1000
        if fields.get("event") == "end":
            self.ended = True
        elif fields.get("event") == "view" and self.views and "data" in fields:
            wire = {"events": [], "last_seq": self.after, "view": json.loads(fields["data"])}
            yield SeatView(EventsPage.from_dict(wire).view)
        elif "data" in fields and "id" in fields:
            seq = int(fields["id"])
            if seq > self.after:
                self.after = seq
                page = EventsPage.from_dict({"events": [json.loads(fields["data"])], "last_seq": seq})
                yield page.events[0]


def _retry_after(response: httpx.Response | None) -> float:
    value = "" if response is None else response.headers.get("Retry-After", "")
    return float(value) if value.isdigit() else 0.0


@overload
def follow(
    client: Client | AuthenticatedClient,
    game_id: UUID | str,
    after: int = 0,
    *,
    views: Literal[False] = False,
) -> Iterator[Event]: ...


@overload
def follow(
    client: Client | AuthenticatedClient, game_id: UUID | str, after: int = 0, *, views: bool
) -> Iterator[Event | SeatView]: ...


def follow(
    client: Client | AuthenticatedClient, game_id: UUID | str, after: int = 0, *, views: bool = False
) -> Iterator[Event | SeatView]:
    """The game's events after ``after``, as they commit, until the match is finished;
    with ``views``, each burst followed by the seat's view (a ``SeatView``)."""
    stream = _Stream(game_id, after, views)
    http = client.get_httpx_client()
    while not stream.ended:
        response = None
        try:
            with http.stream(**stream.request()) as response:
                body = "" if response.status_code == 200 else response.read().decode()
                if stream.opened(response, body):
                    for line in response.iter_lines():
                        yield from stream.feed(line)
        except httpx.TransportError:
            pass  # refused, reset, timed out: connect again
        if not stream.ended:
            time.sleep(stream.pause_after(response))


@overload
def afollow(
    client: Client | AuthenticatedClient,
    game_id: UUID | str,
    after: int = 0,
    *,
    views: Literal[False] = False,
) -> AsyncIterator[Event]: ...


@overload
def afollow(
    client: Client | AuthenticatedClient, game_id: UUID | str, after: int = 0, *, views: bool
) -> AsyncIterator[Event | SeatView]: ...


async def afollow(
    client: Client | AuthenticatedClient, game_id: UUID | str, after: int = 0, *, views: bool = False
) -> AsyncIterator[Event | SeatView]:
    """``follow`` for asyncio."""
    stream = _Stream(game_id, after, views)
    http = client.get_async_httpx_client()
    while not stream.ended:
        response = None
        try:
            async with http.stream(**stream.request()) as response:
                body = "" if response.status_code == 200 else (await response.aread()).decode()
                if stream.opened(response, body):
                    async for line in response.aiter_lines():
                        for event in stream.feed(line):
                            yield event
        except httpx.TransportError:
            pass
        if not stream.ended:
            await asyncio.sleep(stream.pause_after(response))
