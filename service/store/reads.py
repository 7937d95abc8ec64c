"""Reading a table's event log a page at a time, waited for (long poll) or streamed,
and the lobby. Nothing here changes a table except through ``tables.apply_due``, which
every look applies first."""

import logging
import random
import socket
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import Any

from sqlalchemy import Engine

from ..errors import AfterPastEnd, NotFound, ServiceError
from ..table import clock, render, rules
from ..table.access import hash_secret, identify_digest
from ..table.records import LoggedEvent, Status, Table
from . import changes, games, tables
from .db import DATABASE_AWAY, deadline
from .presence import Presence
from .unit import Unit

# the database work of one look of a waiting request: its read, and what falls due (a
# look that takes a change made here touches no database, and needs no deadline)
LOOK_SECONDS = 5.0
LOOK_AGAIN_SECONDS = (1.0, 3.0)  # after a failed look, the listener up: drawn in between
log = logging.getLogger(__name__)


def wait_for_events(
    unit: Unit,
    hub: changes.Hub,
    game_id: uuid.UUID,
    token: str | None,
    after: int,
    limit: int,
    wait: float,
    client: socket.socket | None = None,
    with_view: bool = False,
    arrived: float | None = None,
) -> dict[str, Any]:
    """The events after ``after``; if there are none yet, wait for some (a long poll) until
    ``wait`` seconds after the request ``arrived`` (``time.monotonic``; None: now), holding
    no connection and no transaction meanwhile. With ``with_view``, a page that reaches
    the game's last event carries the seat's view."""
    reader = Reader(game_id, token, limit, with_view)
    if wait <= 0:
        return reader.look(unit, after).page
    # from the arrival: a request admitted late has waited that long already
    give_up = (time.monotonic() if arrived is None else arrived) + wait
    with hub.waiter(game_id, after, client) as waiter:
        look = reader.look(unit, after)  # refusals come first
        while not (look.page["events"] or waiter.client_gone):
            left = give_up - time.monotonic()
            if left <= 0:
                break
            if _news_possible(hub, waiter, left, look.due):
                look = reader.look_again(unit, hub, after, look, quiet_view=True)
    return look.page


class EventStream:
    """The events of a game as they commit, for one seat (or a spectator), as an iterable
    of bursts: lists of messages that go out together (what one look found), each
    ``("event", event)``, ``("heartbeat", None)`` or, once there is nothing more to
    wait for (``closed``) and its last event sent, ``("end", {"last_seq"})``. It ends
    there, when the client hangs up, or after ``seconds`` (the client reconnects). The
    first look happens when it is opened, so a bad token, an unknown game or an ``after``
    past the log's end (``AfterPastEnd``) is refused before the stream begins. With
    ``with_view``, ``("view", view)`` follows each burst of events once the stream has
    caught up with the log (and comes first, as the seat sees the game on opening): a
    client then never asks for its view."""

    PAGE = 100

    def __init__(
        self,
        engine: Engine,
        hub: changes.Hub,
        game_id: uuid.UUID,
        token: str | None,
        after: int,
        client: socket.socket | None,
        seconds: float,
        heartbeat: float,
        with_view: bool = False,
        until_rematch: bool = False,
        at_table: Presence | None = None,
    ) -> None:
        self._unit = Unit(engine)
        self._stack = ExitStack()
        self._stack.callback(self._unit.close)
        self._reader = Reader(game_id, token, self.PAGE, with_view, until_rematch)
        self._hub = hub
        self._ends = time.monotonic() + seconds
        self._heartbeat = heartbeat
        try:
            self._waiter = self._stack.enter_context(hub.waiter(game_id, after, client))
            self._first = self._reader.look(self._unit, after)
            if after > self._first.page["last_seq"]:  # it would skip the next ones, silent
                raise AfterPastEnd(after, self._first.page["last_seq"])
            if at_table is not None:  # a live stream: its seat is here
                at_table.opened(game_id, self._first.seat)
                self._stack.callback(at_table.closed, game_id, self._first.seat)
        except BaseException:
            self._stack.close()
            raise

    def __iter__(self) -> Iterator[list[tuple[str, Any]]]:
        waiter, look = self._waiter, self._first
        quiet_since = time.monotonic()
        while True:
            burst = [("event", event) for event in look.page["events"]]
            if burst:
                waiter.after = burst[-1][1]["seq"]
            if "view" in look.page:
                burst.append(("view", look.page["view"]))
            now = time.monotonic()
            if look.page["events"]:
                quiet_since = now
            if look.closed and waiter.after >= look.page["last_seq"]:
                yield [*burst, ("end", {"last_seq": look.page["last_seq"]})]
                return
            if burst:
                yield burst
            if now >= self._ends or waiter.client_gone:
                return
            if now - quiet_since >= self._heartbeat:
                yield [("heartbeat", None)]
                quiet_since = now
            quiet_left = min(self._ends, quiet_since + self._heartbeat) - now
            full = len(look.page["events"]) == self.PAGE  # then read on at once
            look = look.seen()
            if full or _news_possible(self._hub, waiter, quiet_left, look.due):
                try:
                    look = self._reader.look_again(
                        self._unit, self._hub, waiter.after, look, quiet_view=False
                    )
                except ServiceError:  # the token was retired (its player left): nothing more
                    return

    def close(self) -> None:
        self._stack.close()


# How long a stream that waits for a finished match's rematch (``until_rematch``) stays
# open for it: its seats' pages follow its ``rematch`` event to the new table.
REMATCH_WAIT = timedelta(minutes=10)


def closed(game: Table, until_rematch: bool) -> bool:
    """Whether the stream has nothing more to wait for: the match finished (and, for a
    stream that waits for it, played again, or not in ``REMATCH_WAIT``)."""
    if game.status != Status.FINISHED:
        return False
    if not until_rematch or game.next_game_id is not None:
        return True
    return game.updated_at < clock.now() - REMATCH_WAIT


@dataclass(frozen=True)
class Look:
    """What one look at the log found: the page of events (and the seat's view, when
    asked for and the page reaches the last event), whether the match is over, and when
    the game's next automatic action is due."""

    page: dict[str, Any]
    closed: bool  # nothing more to wait for (``closed``)
    due: datetime | None
    seat: int | None = None  # the reader's

    def seen(self) -> "Look":
        """The same look once its events (and view) are sent: nothing new in it."""
        quiet = {"events": [], "last_seq": self.page["last_seq"]}
        return Look(quiet, closed=self.closed, due=self.due, seat=self.seat)  # replace() costs 3x


@dataclass(frozen=True)
class Reader:
    """How one waiting client looks at a game's log: as its token's seat, a page of at
    most ``limit`` events, with the seat's view or not."""

    game_id: uuid.UUID
    token: str | None = field(repr=False)  # a secret: never in a log line
    limit: int
    with_view: bool
    until_rematch: bool = False

    @cached_property
    def token_digest(self) -> str | None:
        """Hashed once: a stream looks at every change."""
        return None if self.token is None else hash_secret(self.token)

    def look(
        self, unit: Unit, after: int, quiet_view: bool = True, hub: changes.Hub | None = None
    ) -> Look:
        """One look at the log (applying what is due first), then the connection goes
        back to the pool. The view comes from the same read as the page, so it is the
        game as of the page's last event; with no event in the page, only if
        ``quiet_view`` (a stream has sent that view already). With the ``hub``, the read
        is shared with the process's other waiters that a hint woke."""
        try:
            game, rows, views = self._read(unit, after, hub)
            if rules.is_due(game, clock.now()):
                with deadline(LOOK_SECONDS):
                    tables.apply_due(unit, self.game_id)
                    (game, rows), views = _load_page(unit, self.game_id, after, self.limit), {}
            seat = identify_digest(game, self.token_digest).seat
            events = [render.render_event(row, seat, game) for row in rows]
            page: dict[str, Any] = {"events": events, "last_seq": game.last_seq}
            reached = events[-1]["seq"] if events else after
            if self.with_view and reached >= game.last_seq and (events or quiet_view):
                shown = views.get(seat) if seat is not None else None
                page["view"] = render.view(game, seat) if shown is None else shown
            closes = closed(game, self.until_rematch)
            return Look(page, closes, clock.aware(game.next_action_at), seat)
        finally:
            unit.close()

    def _read(
        self, unit: Unit, after: int, hub: changes.Hub | None
    ) -> tuple[Table, list[LoggedEvent], Mapping[int, Any]]:
        """The game and the page of its log after ``after``, and the seats' views of it
        rendered already (a change made in this process), by seat."""

        def read() -> tuple[Table, list[LoggedEvent]]:
            with deadline(LOOK_SECONDS):
                return _load_page(unit, self.game_id, after, self.limit)

        if hub is None:
            return *read(), {}
        fresh = hub.fresh(str(self.game_id), after)
        if fresh is not None and len(fresh.page[1]) <= self.limit:
            return *fresh.page, fresh.views
        return *hub.shared_read(str(self.game_id), (after, self.limit), read), {}

    def look_again(
        self, unit: Unit, hub: changes.Hub, after: int, previous: Look, quiet_view: bool
    ) -> Look:
        """A look while waiting: if the database is away, keep what we had and wait on
        (the waiter is answered at its deadline, the stream goes on with heartbeats).
        What the failed look may have missed is looked for again, never at once nor all
        together: with the listener away, by the listener when it is back (one look for
        all waiters); with it up (the pool was busy, say), no hint may come, so after a
        jittered pause."""
        try:
            return self.look(unit, after, quiet_view, hub)
        except DATABASE_AWAY as error:
            log.warning("a waiter could not look at game %s: %s", self.game_id, error)
            again = None
            if hub.listening.is_set():
                again = clock.now() + timedelta(seconds=random.uniform(*LOOK_AGAIN_SECONDS))
            return replace(previous, due=again)


def _load_page(
    unit: Unit, game_id: uuid.UUID, after: int, limit: int
) -> tuple[Table, list[LoggedEvent]]:
    found = games.load_page(unit.connection(), game_id, after, limit)
    if found is None:
        raise NotFound(f"no game {game_id}")
    return found


def _news_possible(
    hub: changes.Hub, waiter: changes.Waiter, left: float, due: datetime | None
) -> bool:
    """Wait at most ``left`` seconds for a hint. True when the log may have grown: a hint
    came, a bot's or a clock's action fell due (someone must apply it: the look does), or
    waiters poll (SQLite); False when the wait ran out with no news (no look is needed,
    which keeps thousands of quiet waiters off the database)."""
    pause = hub.poll_seconds(left)
    if due is not None:
        pause = min(pause, max(0.05, (due - clock.now()).total_seconds()))
    if waiter.wait(pause):
        return not waiter.client_gone  # a client that hung up needs no look
    return hub.polling or (due is not None and due <= clock.now())


def lobby(
    unit: Unit, type_: str | None, status: str | None, cursor: str | None, limit: int
) -> tuple[list[Table], str | None]:
    """Public tables, newest first, a page at a time; the cursor names the last one seen."""
    after = _decode_cursor(cursor) if cursor else None
    found = games.lobby(unit.connection(), type_, status, after, limit + 1)
    page = found[:limit]
    return page, _encode_cursor(page[-1]) if len(found) > limit else None


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


def _encode_cursor(game: Table) -> str:
    """``<microseconds since 1970>-<id>``: every text of that shape is a place in the
    lobby's order (the schema's pattern), so none the pattern admits is refused."""
    created_at = game.created_at.replace(tzinfo=game.created_at.tzinfo or UTC)  # SQLite: naive
    return f"{(created_at - EPOCH) // MICROSECOND}-{game.id.hex}"


def _decode_cursor(cursor: str) -> tuple[datetime, uuid.UUID]:
    micros, game_id = cursor.split("-")
    return EPOCH + int(micros) * MICROSECOND, uuid.UUID(game_id)
