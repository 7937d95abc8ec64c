"""Between the two ceilings: the bare Flask app (``bare.py``) making the round trips the
service makes, with the service's own statements on real tables: a view reads a dealt
game (``store.games.load``), a move reads one and saves a change of it with an event
(``store.games.save``: the compare-and-set with its INSERTs), through the service's own
engine, pool and unit of work, on one of ``TABLES`` games each process deals as it starts
(before it answers, so never in the measured load).
What the service spends beyond this is its own work (the rules, the checks, the answer):
``gunicorn -c gunicorn.conf.py bench.bare_sql:app``."""

import os
import random
import uuid
from contextlib import suppress
from dataclasses import replace

from flask import request

from service.store import games, tables
from service.store.db import LostRace, make_engine
from service.store.unit import Unit
from service.table import clock
from service.table.rules import Progress

from .bare import app

ENGINE = make_engine(os.environ["DATABASE_URL"])
TABLES = 64


def _deal() -> list[uuid.UUID]:
    """The games this process plays on (Old Maid, four players each)."""
    dealt = []
    with Unit(ENGINE) as unit:
        for _ in range(TABLES):
            created = tables.create(unit, {"type": "old-maid", "visibility": "public"}, "")
            for n in range(4):
                tables.join(unit, created.table.id, {"name": f"p{n}"}, None, "")
            tables.deal(unit, created.table.id, created.host_token)
            dealt.append(created.table.id)
    return dealt


DEALT = _deal()


def _view(unit: Unit, game_id: uuid.UUID) -> None:
    games.load(unit.connection(), game_id)


def _move(unit: Unit, game_id: uuid.UUID) -> None:
    """The move's two round trips: the read, then the save of a new version with one
    event (the game's state written back as it was)."""
    table = games.load(unit.connection(), game_id)
    assert table is not None
    now = clock.now()
    seq = table.last_seq + 1
    event = {"seq": seq, "round": table.round, "type": "resume", "seat": 0, "by": None}
    event |= {"data": {}, "secret": None, "audience": [], "at": now}
    moved = replace(table, version=table.version + 1, last_seq=seq, updated_at=now)
    with suppress(LostRace):  # the other process's request on the same game came first
        games.save(unit.connection(), Progress(table, moved, (event,)), [])


ROUND_TRIPS = {"view": _view, "move": _move}


@app.before_request
def round_trips() -> None:
    statements = ROUND_TRIPS.get(request.endpoint or "")
    if statements is not None:
        with Unit(ENGINE) as unit:
            statements(unit, random.choice(DEALT))
