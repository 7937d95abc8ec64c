"""Play now: a queue of tickets in the database (``quickplay_tickets``), one per player
waiting for a seat at the next table of a game (a type and a number of seats), and the
matcher that seats them. Any instance serves any ticket: the queue's state is all in
the database.

A ticket is live while its holder polls it: each poll pushes ``alive_until`` on, and
the matcher passes over the tickets nobody polls. The matcher runs after each ticket
taken (so the last arrival of a full table seats everybody at once), on each look of a
poll at a waiting ticket, and in the worker's sweep (``sweep``); whom it seats is
``table.matching``'s to say (first come, first seated).

A table is made in two steps, never one transaction over two games (SCALING.md's rules
2 and 4): (1) in the queue's transaction, the chosen tickets get the new game's id and
their seats (``_match_once``); (2) the game is made from them in a transaction of its
own (``open_table``). Step 2 is derived from the tickets and idempotent, so if a
process dies between the two, the next look at any of those tickets makes the game.
Then a hint (the ticket's id, through ``changes.publish``) wakes the ticket's waiters on
every instance; a lost hint costs a waiter its next timed look."""

import functools
import hmac
import logging
import random
import socket
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import (
    Connection,
    CursorResult,
    Engine,
    Row,
    Select,
    bindparam,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy import Table as SqlTable

from .. import engine
from ..config import Config
from ..errors import NotFound, Unauthorized, WrongPhase
from ..table import access, clock, matching, rules
from ..table.records import Visibility
from . import changes, games, limits, tables
from .db import DATABASE_AWAY, deadline
from .models import QuickplayTicket
from .reads import LOOK_SECONDS
from .unit import Unit

TICKETS = cast(SqlTable, QuickplayTicket.__table__)
log = logging.getLogger(__name__)
TURN_SECONDS = 30  # the table's clock: a stranger who vanishes holds the others up no longer
USUAL_SEATS = 4  # a table's seats when the ticket names none, within the game's range
FIRST_LIFE = timedelta(seconds=15)  # a new ticket is live this long before its first poll
GRACE = timedelta(seconds=10)  # after a poll's wait, the time its holder has to poll again
RECHECK_SECONDS = (0.5, 1.0)  # a waiting poll looks again after a pause drawn in between
TABLES_PER_RUN = 16  # the most tables one run of the matcher forms
RUNS = 5  # runs of the matcher that find part of the queue held by another, at most
RUN_PAUSE_SECONDS = 0.02  # times the run: a pause drawn up to it before the next
HINT_SEQ = 1  # a ticket's waiters wait "after 0": any hint of it wakes them


@dataclass(frozen=True)
class Ticket:
    """A row of ``quickplay_tickets``."""

    id: uuid.UUID
    type: str
    seats: int
    bots: bool
    name: str
    token_hash: str
    created_at: datetime
    fill_at: datetime | None
    alive_until: datetime
    game_id: uuid.UUID | None = None
    seat: int | None = None

    @property
    def seated(self) -> bool:
        return self.game_id is not None


COLUMNS = [TICKETS.c[field.name] for field in fields(Ticket)]
# Step 1: a ticket's game and seat, bound as ``ticket``, ``game`` and ``place``
_SEAT = (
    update(TICKETS)
    .where(TICKETS.c.id == bindparam("ticket"))
    .values(game_id=bindparam("game"), seat=bindparam("place"))
)


def usual_seats(game_rules: engine.Rules[Any]) -> int:
    """A table's seats when the ticket names none: four, within the game's range."""
    low, high = game_rules.player_range(game_rules.resolve_options({}))
    return min(max(USUAL_SEATS, low), high)


def enqueue(unit: Unit, request: dict[str, Any], client: str) -> tuple[Ticket, str]:
    """Take a ticket (``request``: ``type``, ``seats`` or None, ``name``, ``bots``) and
    run the matcher; the ticket as it is then (seated, if it made a table), and its
    token."""
    game_rules = engine.GAMES[request["type"]]
    seats = request.get("seats") or usual_seats(game_rules)
    game_rules.check_players(seats, game_rules.resolve_options({}))
    now = clock.now()
    limits.take(unit.connection(), client, "quickplay", now)
    token, token_hash = access.new_token()
    fill_at = now + timedelta(seconds=Config.QUICKPLAY_FILL_SECONDS)
    ticket = Ticket(
        id=uuid.uuid4(),
        type=game_rules.slug,
        seats=seats,
        bots=request["bots"],
        name=request["name"],
        token_hash=token_hash,
        created_at=now,
        fill_at=fill_at if request["bots"] else None,
        alive_until=now + FIRST_LIFE,
    )
    unit.connection().execute(insert(TICKETS).values(asdict(ticket)))
    match(unit, ticket.type, ticket.seats)
    return _read(unit.connection(), ticket.id), token


def poll(
    unit: Unit,
    hub: changes.Hub,
    ticket_id: uuid.UUID,
    token: str | None,
    wait: float,
    client: socket.socket | None = None,
    arrived: float | None = None,
) -> Ticket:
    """The ticket of ``token``, once it is seated or ``wait`` seconds after the request
    ``arrived`` (``time.monotonic``; None: now), whichever comes first; the poll keeps it
    live meanwhile. Each look at a waiting ticket runs the
    matcher, and a seated ticket's game is made if it is not there yet. Between looks
    it holds no connection: a hint wakes it, or the next timed look (never later than
    the ticket's fill time, when it runs the matcher itself)."""
    first_look = functools.partial(_polled, ticket_id=ticket_id, token=token, wait=wait)
    if wait <= 0:
        return _look(unit, first_look)
    give_up = (time.monotonic() if arrived is None else arrived) + wait
    with hub.waiter(ticket_id, 0, client) as waiter:  # before the look: no hint is missed
        ticket = _look(unit, first_look)
        while not (ticket.seated or waiter.client_gone):
            left = give_up - time.monotonic()
            if left <= 0:
                break
            waiter.wait(_pause(hub, ticket, left))
            ticket = _look(unit, functools.partial(_read, ticket_id=ticket_id), runs=1)
    return ticket


def cancel(unit: Unit, ticket_id: uuid.UUID, token: str | None) -> None:
    """Give up a waiting ticket (it is deleted); a seated one is the seat's now."""
    connection = unit.connection()
    _own(connection, ticket_id, token)
    waiting = TICKETS.c.id == ticket_id, TICKETS.c.game_id.is_(None)
    deleted = cast(CursorResult[Any], connection.execute(delete(TICKETS).where(*waiting)))
    if deleted.rowcount == 0:
        _read(connection, ticket_id)  # cancelled meanwhile by another request: 404
        raise WrongPhase("this ticket is seated: its token plays the seat; leave the game instead")


def sweep(engine_: Engine) -> None:
    """The worker's run of the matcher over every queue with live waiting tickets, so
    that tables fill with computer players in time while their holders are between
    polls."""
    with Unit(engine_) as unit:
        live = _waiting(clock.now()).with_only_columns(TICKETS.c.type, TICKETS.c.seats)
        for type_, seats in unit.connection().execute(live.distinct()).all():
            try:
                match(unit, type_, seats)
            except DATABASE_AWAY:
                raise
            except Exception:  # one broken queue must hold up neither the others nor the worker
                log.exception("Play now's queue of %s for %s failed", type_, seats)
                unit.close()


# -- the matcher -----------------------------------------------------------------------


def match(unit: Unit, type_: str, seats: int, runs: int = RUNS) -> None:
    """Seat whom the queue of ``type_`` and ``seats`` seats now (step 1), make their
    games (step 2) and wake their waiters. Waiting tickets another run holds locked are
    skipped, so no run waits for another: a run that finds some of the queue held forms
    only the tables of the tickets ahead of them, and runs again after a pause, up to
    ``runs`` times, by when the other run has seated them or let them go."""
    for run in range(1, runs + 1):
        formed, whole = _match_once(unit, type_, seats)
        for game_id, seated in formed:
            open_table(unit, game_id)
            for ticket_id in seated:
                changes.publish(unit.engine, ticket_id, HINT_SEQ)
        if whole:
            return
        time.sleep(random.uniform(0, RUN_PAUSE_SECONDS * run))


def _match_once(
    unit: Unit, type_: str, seats: int
) -> tuple[list[tuple[uuid.UUID, list[uuid.UUID]]], bool]:
    """One run of the matcher, in the queue's transaction: the tables it formed (a new
    game's id, and its tickets in seat order), and whether it held the whole queue."""
    now = clock.now()
    queue = _waiting(now).where(TICKETS.c.type == type_, TICKETS.c.seats == seats)
    queue = queue.order_by(TICKETS.c.created_at, TICKETS.c.id).limit(seats * TABLES_PER_RUN)
    with unit.transaction():
        connection = unit.connection()
        locked = connection.execute(queue.with_for_update(skip_locked=True)).all()
        ahead = connection.scalars(queue.with_only_columns(TICKETS.c.id)).all()
        held = _held(locked, ahead)
        waiting = [matching.Waiting(row.id, row.bots, clock.aware(row.fill_at)) for row in held]
        whole = len(held) == len(ahead)
        formed = [(uuid.uuid4(), table) for table in matching.tables(waiting, seats, now, whole)]
        if formed:
            places = [
                {"ticket": ticket.id, "game": game_id, "place": place}
                for game_id, table in formed
                for place, ticket in enumerate(table)
            ]
            connection.execute(_SEAT, places)
        unit.commit()
    return [(game_id, [ticket.id for ticket in table]) for game_id, table in formed], whole


def _waiting(now: datetime) -> Select[Any]:
    """The live tickets that wait (each queue's ``ix_quickplay_tickets_waiting``)."""
    return select(TICKETS.c.id, TICKETS.c.bots, TICKETS.c.fill_at).where(
        TICKETS.c.game_id.is_(None), TICKETS.c.alive_until > now
    )


def _held(locked: Sequence[Row[Any]], ahead: Sequence[uuid.UUID]) -> list[Row[Any]]:
    """The tickets locked by this run that no ticket held by another is ahead of: the
    locked ones up to the first of the queue that is not."""
    held = []
    for row, ticket_id in zip(locked, ahead, strict=False):
        if row.id != ticket_id:
            break
        held.append(row)
    return held


# -- the table -------------------------------------------------------------------------


def open_table(unit: Unit, game_id: uuid.UUID) -> None:
    """Make the game that the tickets given ``game_id`` sit at, unless it is there
    (step 2): a public table of their game and seats with a turn clock, their people
    seated in seat order with their tickets' names and token hashes, computer players
    at the seats left, the first round dealt. The game's row and the whole opening
    commit together, so nobody sees it half made; of two looks making it at once, one
    inserts the row and the other finds it taken and leaves it."""
    connection = unit.connection()
    if games.load(connection, game_id) is not None:
        return
    people = connection.execute(
        select(TICKETS.c.type, TICKETS.c.seats, TICKETS.c.name, TICKETS.c.token_hash)
        .where(TICKETS.c.game_id == game_id)
        .order_by(TICKETS.c.seat)
    ).all()
    if not people:
        return  # its tickets are pruned: nobody waits for it
    now = clock.now()
    request = {
        "type": people[0].type,
        "seats": people[0].seats,
        "visibility": Visibility.PUBLIC,
        "turn_seconds": TURN_SECONDS,
    }
    created = tables.new_table(request, now, game_id)  # its host token leaves no process
    seated = [(person.name, person.token_hash) for person in people]
    opened = matching.opening(created.table, seated, created.host_token, now)
    with unit.transaction():
        if not games.create(unit.connection(), created.table):
            return  # another look made it meanwhile
        unit.add(rules.settle(opened, clock.now()))
        unit.commit()


# -- a ticket --------------------------------------------------------------------------


def _look(unit: Unit, read: Callable[[Connection], Ticket], runs: int = RUNS) -> Ticket:
    """One look of a poll at its ticket (``read``): the matcher runs (up to ``runs``
    times: a timed look while waiting runs it once, as the other waiters of its queue
    do too) if it waits, and its game is made if it is seated and the game is not there
    yet. Bounded in time, and the connection goes back to the pool after it."""
    try:
        with deadline(LOOK_SECONDS):
            ticket = read(unit.connection())
            if not ticket.seated:
                match(unit, ticket.type, ticket.seats, runs)
                ticket = _read(unit.connection(), ticket.id)
            if ticket.game_id is not None:
                open_table(unit, ticket.game_id)
            return ticket
    finally:
        unit.close()


def _polled(connection: Connection, ticket_id: uuid.UUID, token: str | None, wait: float) -> Ticket:
    """The token's ticket, live (if it waits) until ``wait`` and the grace after it."""
    ticket = _own(connection, ticket_id, token)
    if not ticket.seated:
        alive_until = clock.now() + timedelta(seconds=wait) + GRACE
        waiting = TICKETS.c.id == ticket_id, TICKETS.c.game_id.is_(None)
        connection.execute(update(TICKETS).where(*waiting).values(alive_until=alive_until))
    return ticket


def _pause(hub: changes.Hub, ticket: Ticket, left: float) -> float:
    """How long a poll waits for a hint before it looks again: a hint may be lost (and
    SQLite sends none), and at its fill time a ticket runs the matcher itself."""
    pause = min(hub.poll_seconds(left), random.uniform(*RECHECK_SECONDS))
    fill_at = clock.aware(ticket.fill_at)
    if fill_at is not None and fill_at > clock.now():
        pause = min(pause, (fill_at - clock.now()).total_seconds())
    return pause


def _own(connection: Connection, ticket_id: uuid.UUID, token: str | None) -> Ticket:
    ticket = _read(connection, ticket_id)
    if token is None:
        raise Unauthorized("send the ticket's token as 'Authorization: Bearer <token>'")
    if not hmac.compare_digest(access.hash_secret(token), ticket.token_hash):
        raise Unauthorized("this token is not the ticket's")
    return ticket


def _read(connection: Connection, ticket_id: uuid.UUID) -> Ticket:
    row = connection.execute(select(*COLUMNS).where(TICKETS.c.id == ticket_id)).first()
    if row is None:
        raise NotFound(f"no ticket {ticket_id}")
    return Ticket(**row._asdict())
