"""Several seats acting at once: each has its own due time, and what falls due is
applied in due order. Played on a test-only game where every seat taps once, in any
order (the core is what is tested, not a real game's rules)."""

import uuid
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import ClassVar

import pytest
from sqlalchemy.orm import Session

from service import engine
from service.engine.base import Event, Move, NoData, RoundResult, Rules
from service.store import games, tables
from service.store.models import Game as GameRow
from service.store.unit import Unit
from service.table import clock
from service.table.records import Clock
from service.table.render import view

from .table import Table, bearer


@dataclass
class TapState:
    tapped: list[bool]


@dataclass(frozen=True)
class Tap(Move):
    kind: ClassVar[str] = "tap"


@dataclass(frozen=True)
class TapPlayer:
    seat: int
    tapped: bool


@dataclass(frozen=True)
class TapView:
    players: list[TapPlayer]


class TapGame(Rules):
    slug = "test-tap"
    title = "Everybody taps"
    min_players, max_players = 2, 4
    options = ()
    deck: ClassVar[dict] = {}
    rules_summary = "Every seat taps once, all at the same time."
    state_type = TapState
    moves = (Tap,)
    view_type = TapView
    events: ClassVar[dict[str, type]] = {"tap": NoData}

    def deal(self, options, players, dealer, rng, past=()):
        return TapState([False] * players), []

    def legal_moves(self, state, seat):
        return [] if state.tapped[seat] else [Tap()]

    def apply(self, state, seat, move, rng):
        state.tapped[seat] = True
        return [Event("tap", seat)]

    def view(self, state, seat):
        return TapView([TapPlayer(seat, tapped) for seat, tapped in enumerate(state.tapped)])

    def to_act(self, state):
        return [seat for seat, tapped in enumerate(state.tapped) if not tapped]

    def result(self, state):
        return RoundResult((), ()) if all(state.tapped) else None


@pytest.fixture
def moment(still_clock, monkeypatch):
    now = still_clock
    monkeypatch.setitem(engine.GAMES, TapGame.slug, TapGame())
    return now


@pytest.fixture
def database(app, client):  # client: the tables are emptied after the test
    return app.extensions["db_engine"]


def tap_table(database, bot_think: float, human_clock: int):
    """Seat 0 a bot thinking ``bot_think`` seconds, seat 1 a human on a clock."""
    request = {
        "type": TapGame.slug,
        "visibility": "public",
        "seats": 2,
        "turn_seconds": human_clock,
        "think_seconds": bot_think,
    }
    with Unit(database) as unit:
        created = tables.create(unit, request, "test")
        game_id, host = created.table.id, created.host_token
        tables.join(unit, game_id, {"bot": "random"}, host, "test")
        token = tables.join(unit, game_id, {"name": "Ada"}, None, "test")["token"]
        tables.deal(unit, game_id, host)
    return game_id, token


def log_of(database, game_id):
    from service.table.render import render_event

    with Unit(database) as unit:
        tables.load(unit, game_id)  # applies what is due
        game, rows = games.load_page(unit.connection(), game_id, 0, 100)
        events = [render_event(row, None, game) for row in rows]
    return [(event["type"], event["seat"], event["by"]) for event in events]


def test_two_seats_due_at_once_are_applied_in_due_order(database, moment):
    game_id, _ = tap_table(database, bot_think=5, human_clock=2)
    start = moment[0]
    with Unit(database) as unit:
        game = games.load(unit.connection(), game_id)
        assert view(game, 1)["to_act"] == [0, 1], "both act at once"
        assert view(game, 1)["deadline"] == (start + timedelta(seconds=2)).isoformat()
        assert clock.due(game, 0) == start + timedelta(seconds=5), "the bot's own due time"
    moment[0] = start + timedelta(seconds=10)  # both are due now
    assert log_of(database, game_id) == [
        ("joined", 0, None),  # the bot
        ("joined", 1, None),  # Ada
        ("timeout", 1, None),
        ("tap", 1, "clock"),  # due at 2 s: first
        ("tap", 0, "bot"),  # due at 5 s
    ]


def test_one_seats_move_leaves_the_others_due_time_alone(database, moment):
    game_id, token = tap_table(database, bot_think=5, human_clock=20)
    start = moment[0]
    moment[0] = start + timedelta(seconds=3)
    with Unit(database) as unit:
        tables.move(unit, game_id, token, Tap())
        game = games.load(unit.connection(), game_id)
        assert clock.due(game, 0) == start + timedelta(seconds=5), "still the bot's, from 0 s"
        assert clock.aware(game.next_action_at) == start + timedelta(seconds=5)
    moment[0] = start + timedelta(seconds=5)
    assert log_of(database, game_id)[-1] == ("tap", 0, "bot")


def test_a_table_scheduled_before_per_seat_due_times_still_moves(client, database, moment):
    """A row written by the previous version: its clock has no due times, only the
    game's next_action_at; the seat to act is the one scheduled."""
    table = Table.create(client, players=0, seats=3, deal=False, seed=5, think_seconds=2)
    dealt = client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "random"}, headers=bearer(table.host)
    )
    assert dealt.status_code == 200
    with Session(database) as session:
        game = session.get(GameRow, uuid.UUID(table.id))
        assert game.next_action_at is not None
        game.clock = Clock(tuple(replace(entry, due=None) for entry in game.clock.seats))
        session.commit()
    before = table.summary().json["version"]
    moment[0] += timedelta(seconds=60)
    assert table.summary().json["version"] > before, "the scheduled bot moved"
