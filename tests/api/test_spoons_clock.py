"""Spoons on the clock: after the first signal every other player has `turn_seconds` to
react, then signals late automatically; an idle player's clock passes a card for her."""

from datetime import timedelta

import pytest

from service.engine import GAMES, Rng
from service.table import clock

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
