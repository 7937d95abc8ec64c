"""Spoons on the clock: after the first signal every other player has `turn_seconds` to
react, then signals late automatically; an idle player's clock passes a card for her,
the card the `basic` bot would pass (docs/rules.md, Spoons, "On the clock")."""

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from service import bots
from service.engine import GAMES, Rng
from service.table import access, clock, records, rules

from .table import Table

SPOONS = GAMES["spoons"]


@pytest.fixture
def moment(monkeypatch):
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    return now


def a_seed_dealing_four_of_a_kind(players: int) -> tuple[int, int]:
    """A seed whose first deal gives some seat four of a kind, and that seat (the
    service draws the first dealer, then deals, from the seed's generator)."""
    options = SPOONS.resolve_options({})
    for seed in range(10_000):
        rng = Rng(seed)
        state, _ = SPOONS.deal(options, players, SPOONS.first_dealer(players, rng), rng)
        for seat, hand in enumerate(state.hands):
            if len({card[:-1] for card in hand}) == 1:
                return seed, seat
    raise AssertionError("no such seed")


def test_the_others_signal_late_turn_seconds_after_the_first_signal(client, moment):
    seed, holder = a_seed_dealing_four_of_a_kind(3)
    table = Table.create(client, type="spoons", players=3, seed=seed, turn_seconds=10)
    moment[0] += timedelta(seconds=4)
    assert {"type": "signal"} in table.view(holder).json["legal_moves"]
    assert table.move(holder, {"type": "signal"}).status_code == 201
    others = [seat for seat in range(3) if seat != holder]
    react_by = (moment[0] + timedelta(seconds=10)).isoformat()
    assert [table.view(seat).json["deadline"] for seat in others] == [react_by] * 2
    moment[0] += timedelta(seconds=10)
    log = table.events().json["events"]
    late = [(e["seat"], e["by"]) for e in log if e["type"] == "signal" and e["seat"] != holder]
    # both due at once: the first by seat signals; the one left then has lost
    assert late == [(others[0], "clock")]
    over = next(e for e in log if e["type"] == "round_over")
    assert over["data"]["loser"] == others[1] and over["data"]["signals"][0] == holder


def test_an_idle_player_passes_when_her_clock_runs_out(client, moment):
    table = Table.create(client, type="spoons", players=3, seed=3, turn_seconds=10)
    moment[0] += timedelta(seconds=10)
    log = table.events().json["events"]
    moved = [e for e in log if e.get("by") == "clock"]
    assert {e["seat"] for e in moved} == {0, 1, 2}, "each seat's own clock ran out"
    assert all(e["type"] in ("pass", "signal") for e in moved)
    assert [e["type"] for e in log].count("timeout") == len(moved)


def a_dealt_table_of_idle_players(players: int, seed: int, now: datetime) -> records.Table:
    """A Spoons table of human players on a 10-second clock, dealt at ``now``, through
    the table's own rules alone (no database)."""
    host, host_hash = access.new_token()
    table = records.Table(
        id=uuid.UUID(int=seed),
        type="spoons",
        options=SPOONS.resolve_options({}),
        visibility="private",
        code_hash=None,
        max_seats=players,
        turn_seconds=10,
        think_seconds=1.0,
        host_token_hash=host_hash,
        seed=str(seed),
        nonce=None,
        seeded=True,
        created_at=now,
        updated_at=now,
    )
    for n in range(players):
        table = rules.join(table, f"player {n}", None, access.new_token()[1], now).table
    return rules.deal(table, host, now).table


def basic_move(table: records.Table, seat: int) -> dict:
    """The move the `basic` bot would make in ``seat`` now: from the seat's view and
    legal moves, with the game's generator where the table's stream stands."""
    state = table.dealt_state(read_only=True)
    view, legal = SPOONS.view(state, seat), SPOONS.legal_moves(state, seat)
    rng = Rng(int(table.seed), table.rng_counter)
    return bots.choose("spoons", "basic", view, legal, table.match.memory, rng).to_wire()


def made(progress: rules.Progress) -> tuple[str, dict]:
    """Who made the one automatic move of ``progress``, and the move as sent."""
    [event] = [row for row in progress.events if row["by"] is not None]
    card = (event["secret"] or {}).get("card") if event["type"] == "pass" else None
    return event["by"], {"type": event["type"], **({"card": card} if card else {})}


def test_a_seat_whose_clock_runs_out_passes_the_card_the_basic_bot_would(monkeypatch):
    """Not "a random card" (RULES.md): every move the clock makes, and autopilot's after
    three timeouts, is the `basic` bot's, a pass above all."""
    monkeypatch.setattr(rules, "AUTOMATIC_MOVES", 1)  # one due move at a time
    table = a_dealt_table_of_idle_players(4, seed=3, now=datetime(2030, 1, 1, tzinfo=UTC))
    by_clock: list[dict] = []
    while table.status == records.Status.PLAYING:
        due, seat = min((entry.due, s) for s, entry in enumerate(table.clock.seats) if entry.due)
        expected = basic_move(table, seat)
        progress = rules.apply_due(table, due)
        who, move = made(progress)
        assert move == expected, f"seat {seat}, {who}"
        by_clock += [move] if who == "clock" else []
        table = rules.settle(progress, due).table
    passes = [move for move in by_clock if move["type"] == "pass"]
    assert len(passes) >= 4, "each idle seat's clock passed for her"
