"""Play now's rules, pure: which waiting tickets of one queue (a game and a number of
seats) form tables now (``tables``), and a table's opening (``opening``): its people
seated in arrival order, computer players at the seats left, the first round dealt.
The store keeps the queue and saves what these decide (``store.quickplay``)."""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from . import rules
from .records import Table
from .rules import Progress

BOT = "basic"  # the level of the computer players that fill a table


@dataclass(frozen=True)
class Waiting:
    """A ticket in the queue, as the matcher sees it."""

    id: uuid.UUID
    bots: bool  # computer players may fill its table
    fill_at: datetime | None  # when they do (None: never)


def tables(
    waiting: Sequence[Waiting], seats: int, now: datetime, whole: bool
) -> list[list[Waiting]]:
    """The tables ``waiting`` (the queue's oldest tickets, in arrival order) form now:
    first come, first seated. Every ``seats`` of them in turn are a table of people.
    Then, once the oldest left that takes computer players is due (``fill_at``), it and
    the others left that take them (fewer than ``seats``) are a table, with computer
    players at the other seats; the rest wait. Only if ``waiting`` is the ``whole``
    queue: one of the queue's next tickets might have made a table of people instead."""
    full = len(waiting) - len(waiting) % seats
    formed = [list(waiting[start : start + seats]) for start in range(0, full, seats)]
    with_bots = [ticket for ticket in waiting[full:] if ticket.bots]
    oldest = with_bots[0].fill_at if with_bots else None
    if whole and oldest is not None and oldest <= now:
        formed.append(with_bots)
    return formed


def opening(
    table: Table, people: Sequence[tuple[str, str]], host_token: str, now: datetime
) -> Progress:
    """A new table's opening as one change: ``people`` (each a name and the token hash
    of the seat) take the first seats in order, computer players the others, and the
    host (``host_token``) deals the first round."""
    steps: list[Progress] = []
    for name, token_hash in people:
        steps.append(rules.join(steps[-1].table if steps else table, name, None, token_hash, now))
    seated = steps[-1].table if steps else table
    steps.append(rules.deal(seated, host_token, now, fill_with_bots=BOT))
    return _as_one(steps)


def _as_one(steps: list[Progress]) -> Progress:
    """Changes made one after another, as one change from the first's origin."""
    return replace(
        steps[-1],
        origin=steps[0].origin,
        events=tuple(event for step in steps for event in step.events),
        moves=tuple(move for step in steps for move in step.moves),
        actions=tuple(action for step in steps for action in step.actions),
        # a seat timed again counts from its latest start, as within one change
        timed_from=tuple(dict(begun for step in steps for begun in step.timed_from).items()),
    )
