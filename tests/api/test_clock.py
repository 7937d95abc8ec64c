"""The turn clock with a hand-moved clock (no sleeping): seed 003's policy."""

import uuid
from datetime import timedelta

import pytest

from service.store import games
from service.table import rules

from .table import Table


@pytest.fixture
def moment(still_clock):
    """The service's time, moved by the test."""
    return still_clock


def wait(moment, seconds):
    moment[0] += timedelta(seconds=seconds)


@pytest.fixture
def table(client, moment):
    # three players, so one of them can always answer promptly while another times out
    return Table.create(client, players=3, seed=46, turn_seconds=20, think_seconds=0)


def timeouts(table):
    return [e for e in table.events().json["events"] if e["type"] == "timeout"]


def play_others_until_turn_of(table, seat):
    """The other players move at once until it is ``seat``'s turn."""
    while table.turn() != seat:
        assert table.summary().json["status"] == "playing", "the seed gives a long enough round"
        table.play_one()


def test_the_view_and_summary_show_the_deadline(table, moment):
    seat = table.turn()
    expected = (moment[0] + timedelta(seconds=20)).isoformat()
    assert table.summary().json["deadline"] == expected
    assert table.view(seat).json["deadline"] == expected


def test_a_timeout_picks_a_legal_move_for_the_player(table, moment):
    seat = table.turn()
    legal = table.view(seat).json["legal_moves"]
    wait(moment, 19)
    assert table.turn() == seat, "not yet"
    wait(moment, 1)
    assert table.turn() != seat
    [timeout] = timeouts(table)
    assert timeout["seat"] == seat and timeout["data"]["timeouts"] == 1
    log = table.events().json["events"]
    take = log[log.index(timeout) + 1]
    assert take["type"] == "take" and take["seat"] == seat
    assert {"type": "take", **{k: take["data"][k] for k in ("from_seat", "position")}} in legal


def test_two_timeouts_in_a_row_halve_the_clock_and_three_hand_the_seat_to_autopilot(table, moment):
    seat = table.turn()
    wait(moment, 20)
    play_others_until_turn_of(table, seat)
    wait(moment, 20)
    second = timeouts(table)[-1]["data"]
    assert (second["timeouts"], second["seconds"], second["autopilot"]) == (2, 10, False)
    play_others_until_turn_of(table, seat)
    start = moment[0]
    assert table.summary().json["deadline"] == (start + timedelta(seconds=10)).isoformat()
    wait(moment, 10)
    third = timeouts(table)[-1]["data"]
    assert (third["timeouts"], third["autopilot"]) == (3, True)
    assert {"type": "resume"} in table.view(seat).json["legal_moves"]
    own_takes = len(takes_by(table, seat))
    while table.summary().json["status"] == "playing" and len(takes_by(table, seat)) == own_takes:
        assert table.turn() != seat, "autopilot moves for her at once (think_seconds 0)"
        table.play_one()
    assert len(takes_by(table, seat)) > own_takes, "autopilot took for her"
    assert len(timeouts(table)) == 3, "autopilot moves are no timeouts"


def takes_by(table, seat):
    return [e for e in table.events().json["events"] if e["type"] == "take" and e["seat"] == seat]


def test_an_own_move_resets_the_count(table, moment):
    seat = table.turn()
    wait(moment, 20)
    play_others_until_turn_of(table, seat)
    table.play_one()  # her own move
    play_others_until_turn_of(table, seat)
    wait(moment, 20)
    assert timeouts(table)[-1]["data"]["timeouts"] == 1, "counting starts again"


def test_resume_takes_back_control(table, moment):
    seat = table.turn()
    for _ in range(3):
        wait(moment, 20 if len(timeouts(table)) < 2 else 10)
        if len(timeouts(table)) < 3:
            play_others_until_turn_of(table, seat)
    assert timeouts(table)[-1]["data"]["autopilot"]
    answer = table.move(seat, {"type": "resume"})
    assert answer.status_code == 201
    assert answer.json["events"][0]["type"] == "resume"
    assert {"type": "resume"} not in answer.json["view"]["legal_moves"]
    refused = table.move(seat, {"type": "resume"})
    assert refused.status_code == 422


def time_out(table, moment, seat, seconds):
    """Let ``seat``'s clock of ``seconds`` run out, then play on until her turn again."""
    wait(moment, seconds)
    play_others_until_turn_of(table, seat)


def test_the_clock_is_halved_once_not_again_and_again(table, moment):
    """Seed 003: "you get 10 seconds a turn for the rest of the game"."""
    seat = table.turn()
    time_out(table, moment, seat, 20)
    time_out(table, moment, seat, 20)
    assert timeouts(table)[-1]["data"]["seconds"] == 10
    table.play_one()  # her own move: the count starts again, the clock stays halved
    play_others_until_turn_of(table, seat)
    time_out(table, moment, seat, 10)
    time_out(table, moment, seat, 10)
    assert [t["data"]["seconds"] for t in timeouts(table)] == [20, 10, 10, 10]


def test_the_next_deal_restores_the_clock_and_keeps_autopilot(table, moment):
    seat = table.turn()
    time_out(table, moment, seat, 20)
    time_out(table, moment, seat, 20)
    wait(moment, 10)
    assert timeouts(table)[-1]["data"]["autopilot"]
    table.play_round()
    table.deal(table.tokens[seat])
    assert {"type": "resume"} in table.view(seat).json["legal_moves"], "autopilot stays"
    assert table.move(seat, {"type": "resume"}).status_code == 201
    play_others_until_turn_of(table, seat)
    deadline = (moment[0] + timedelta(seconds=20)).isoformat()
    assert table.summary().json["deadline"] == deadline, "a full clock again at a new deal"


def test_a_late_automatic_move_gives_the_next_player_her_full_time(table, moment):
    """The timeout fell due at 20 s but nobody looked until 26 s (a busy worker): the
    next player's clock starts at 26 s, when her turn began, not at 20 s."""
    seat = table.turn()
    start = moment[0]
    wait(moment, 26)
    summary = table.summary().json  # applies the timeout now
    assert [t["seat"] for t in timeouts(table)] == [seat]
    assert summary["deadline"] == (start + timedelta(seconds=26 + 20)).isoformat()


def test_the_log_says_who_made_each_move(client, moment):
    table = Table.create(
        client, players=2, seats=3, deal=False, turn_seconds=20, think_seconds=0, seed=47
    )
    added = client.post(
        f"/v1/games/{table.id}/players",
        json={"bot": "random"},
        headers={"Authorization": f"Bearer {table.host}"},
    )
    assert added.json["seat"] == 2
    table.deal()
    play_others_until_turn_of(table, 0)
    table.play_one()  # her own move
    play_others_until_turn_of(table, 0)
    time_out(table, moment, 0, 20)
    time_out(table, moment, 0, 20)
    wait(moment, 10)  # the third: autopilot plays her next turns at once
    while len(takes_by(table, 0)) < 5:
        table.play_one()
    assert [e["by"] for e in takes_by(table, 0)][:5] == [
        "player",
        "clock",
        "clock",
        "clock",
        "autopilot",
    ]
    assert {e["by"] for e in takes_by(table, 2)} == {"bot"}
    assert {e["by"] for e in takes_by(table, 1)} == {"player"}
    others = [e for e in table.events().json["events"] if e["type"] != "take"]
    assert {e["by"] for e in others} == {None}


def test_a_move_after_a_timeout_reads_the_game_once_and_saves_once(
    app, client, table, moment, monkeypatch
):
    """One trip per move: the timeout that fell due and the next seat's move are applied
    from one read of the game and saved together, not as a change of their own first.
    (On PostgreSQL, a look without the lock first says that so near a deadline the move
    is played under the lock.)"""
    late = table.turn()
    wait(moment, 20)
    with app.extensions["db_engine"].connect() as connection:
        due = rules.apply_due(games.load(connection, uuid.UUID(table.id)), moment[0]).table
    state = due.dealt_state(read_only=True)
    seat = due.rules.to_act(state)[0]
    move = due.rules.legal_moves(state, seat)[0].to_wire()
    trips = _count_reads_and_saves(monkeypatch)
    answer = table.move(seat, move)
    assert answer.status_code == 201
    looked = ["look"] if app.extensions["db_engine"].dialect.name == "postgresql" else []
    assert trips == [*looked, "read under lock", "save"]
    made_by = [(e["type"], e["seat"], e["by"]) for e in answer.json["events"] if e["by"]]
    assert answer.json["events"][0]["type"] == "timeout"
    assert made_by == [("take", late, "clock"), ("take", seat, "player")]


def _count_reads_and_saves(monkeypatch) -> list[str]:
    trips: list[str] = []

    def read(connection, game_id, lock=None, real=games.load):
        trips.append("look" if lock is None else "read under lock")
        return real(connection, game_id, lock)

    def save(connection, progress, answers, real=games.save):
        trips.append("save")
        return real(connection, progress, answers)

    monkeypatch.setattr(games, "load", read)
    monkeypatch.setattr(games, "save", save)
    return trips
