"""bench.players' choice of sides and its table by players, on figures made up here (no
server, no Node)."""

import pytest

from bench import players, players_peer_server
from bench.players import Side, by_players


def step(players_count: int, p99: float, cpu_ms: float = 5.0) -> dict:
    table = {"n": 100, "p50": p99 / 4, "p99": p99}
    return {
        "players": players_count,
        "latency_ms": {"table": table},
        "lost": 0,
        "errors": {},
        "server_ms_per_move": cpu_ms,
    }


def test_by_players_marks_the_steps_not_held_and_the_players_held():
    service = Side("change", None, "stream-views", label="this tree")
    service.steps = [step(40, 20), step(80, 150, cpu_ms=6.25)]
    peer = Side("bgio-postgres", None, "boardgame.io", label="boardgame.io")
    peer.steps = [step(40, 10), step(80, 30), step(160, 60)]
    rows = by_players([service, peer], limit_ms=100)
    assert rows[0] == ("players", "change: this tree", "bgio-postgres: boardgame.io")
    assert rows[2] == (80, "38 / 150 ms, 6.2 ms (not held)", "8 / 30 ms, 5.0 ms")
    assert rows[3] == (160, "-", "15 / 60 ms, 5.0 ms")
    assert rows[-1] == ("held at p99 <= 100 ms", "40", ">= 160")


def test_a_step_that_did_not_run_is_a_row_of_its_own():
    side = Side("bgio-memory", None, "boardgame.io", label="in memory")
    side.steps = [step(40, 5)]
    side.failures = {80: "TimeoutError"}
    rows = by_players([side], limit_ms=100)
    assert rows[2] == (80, "did not run")
    assert rows[-1] == ("held at p99 <= 100 ms", "40")


def test_the_peer_is_left_out_where_it_cannot_run(monkeypatch, capsys):
    monkeypatch.setattr(players_peer_server, "missing", lambda: "no Node on the PATH")
    args = players.arguments([])
    assert [side.name for side in players.sides(args)] == ["change"]
    assert "boardgame.io left out: no Node on the PATH" in capsys.readouterr().err


def test_the_peer_plays_crazy_eights_only(monkeypatch):
    monkeypatch.setattr(players_peer_server, "missing", lambda: None)
    args = players.arguments(["--sides", "change,bgio-postgres", "--game", "old-maid"])
    assert [side.name for side in players.sides(args)] == ["change"]
    args = players.arguments(["--sides", "bgio-postgres,baseline"])
    assert [side.mode for side in players.sides(args)] == ["boardgame.io", "legacy"]


def test_an_unknown_side_is_refused():
    with pytest.raises(SystemExit, match="no side nodejs"):
        players.sides(players.arguments(["--sides", "change,nodejs"]))
