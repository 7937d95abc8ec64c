"""Part ``engine``: random playouts per second, ours against OpenSpiel's, and every game
of ours with the bytes a move stores."""

import json
import random
import subprocess
import time

from service.engine import GAMES, Rng, play

from ..push.server import ROOT
from .report import num, progress, ratio

SECONDS = 1.5  # per game and side
PLAYERS = 4
OPTIONS = {"crazy-eights": {"target_score": None}, "go-fish": {"end": "all_books"}}
SPIEL_PYTHON = ROOT / ".venv-openspiel" / "bin" / "python"
BYTES_GAMES = 20


def players_for(game, options) -> int:
    low, high = game.player_range(options)
    return min(max(PLAYERS, low), high)


def playouts(slug: str, seconds: float = SECONDS) -> dict:
    """The same loop as OpenSpiel's half: a uniform choice among the legal moves of the
    (first) seat to act until the round is over."""
    game = GAMES[slug]
    options = game.resolve_options(OPTIONS.get(slug, {}))
    players = players_for(game, options)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng, chooser = Rng(games), random.Random(games)
        state, _ = game.deal(options, players, 0, rng)
        while acting := game.to_act(state):
            seat = acting[0]
            play(game, state, seat, chooser.choice(game.legal_moves(state, seat)), rng)
            moves += 1
        games += 1
    return {
        "games": games,
        "moves": moves,
        "seconds": time.perf_counter() - start,
        "players": players,
    }


def stored_bytes(slug: str) -> dict:
    """From the engine's serialisation: the state as stored (``dump_state`` as JSON,
    rewritten whole by every move) and the move's events (``data``, ``secret`` and
    ``audience`` as JSON), per move over BYTES_GAMES random rounds."""
    game = GAMES[slug]
    options = game.resolve_options(OPTIONS.get(slug, {}))
    players = players_for(game, options)
    state_bytes = event_bytes = moves = 0
    for seed in range(BYTES_GAMES):
        rng, chooser = Rng(seed), random.Random(seed)
        state, _ = game.deal(options, players, 0, rng)
        while acting := game.to_act(state):
            seat = acting[0]
            events = play(game, state, seat, chooser.choice(game.legal_moves(state, seat)), rng)
            state_bytes += len(json.dumps(game.dump_state(state)))
            for event in events:
                event_bytes += sum(
                    len(json.dumps(part))
                    for part in (event.data, event.secret, list(event.audience))
                )
            moves += 1
    return {"state": state_bytes / moves, "events": event_bytes / moves}


def spiel(seconds: float = SECONDS) -> dict | str:
    if not SPIEL_PYTHON.exists():
        return "no .venv-openspiel (make compare-openspiel builds it)"
    done = subprocess.run(
        [str(SPIEL_PYTHON), "-m", "tests.bench.spiel", str(seconds)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        return "failed: " + done.stderr.strip().splitlines()[-1][:200]
    return json.loads(done.stdout.strip().splitlines()[-1])


def run(report, found: dict) -> None:
    progress("engine: OpenSpiel's playouts (subprocess in .venv-openspiel)")
    theirs = spiel()
    ours = {}
    for slug in GAMES:
        progress(f"engine: {slug}")
        ours[slug] = playouts(slug)
    for slug in ("crazy-eights", "go-fish"):
        mine = ours[slug]
        part = f"engine vs OpenSpiel, {slug} {mine['players']}p"
        games = mine["games"] / mine["seconds"]
        moves = mine["moves"] / mine["seconds"]
        if isinstance(theirs, str):
            report.add(part, "OpenSpiel", "skipped", "", theirs)
            continue
        other = theirs[slug]
        o_games, o_moves = other["games"] / other["seconds"], other["moves"] / other["seconds"]
        report.add(
            part,
            "random playouts",
            num(games),
            "games/s",
            f"OpenSpiel {num(o_games)}",
            ratio(games, o_games),
        )
        report.add(
            part,
            "moves (decisions) per second",
            num(moves),
            "moves/s",
            f"OpenSpiel {num(o_moves)}",
            ratio(moves, o_moves),
        )
        report.add(
            part,
            "moves per game",
            num(mine["moves"] / mine["games"], 1),
            "moves",
            f"OpenSpiel {num(other['moves'] / other['games'], 1)}",
            ratio(mine["moves"] / mine["games"], other["moves"] / other["games"]),
        )
    disk = found.get("old-maid on disk")
    for slug, mine in ours.items():
        part = "engine, every game (4p)"
        stored = stored_bytes(slug)
        games = mine["games"] / mine["seconds"]
        moves = mine["moves"] / mine["seconds"]
        report.add(
            part,
            f"{slug}: random playouts",
            num(games),
            "games/s",
            f"{num(moves)} moves/s, {num(mine['moves'] / mine['games'], 1)} moves/game",
        )
        reference = ""
        if slug == "old-maid" and disk and disk["moves"]:
            per_move = disk["sizes"]["events"] / disk["moves"]
            reference = f"events table on disk after http: {num(per_move)} B/move (with indexes)"
        report.add(
            part,
            f"{slug}: stored JSON per move (state + events)",
            f"{num(stored['state'] + stored['events'])}",
            "bytes",
            f"state {num(stored['state'])} + events {num(stored['events'])}"
            + (f"; {reference}" if reference else ""),
        )
