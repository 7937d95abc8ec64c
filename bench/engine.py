"""Part ``engine``: random playouts per second, ours against OpenSpiel's, and every game
of ours with the bytes a move stores."""

import json
import random
import statistics
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from service.engine import GAMES, Rng, play
from tests.push.server import ROOT

from .report import num, progress, ratio

SECONDS = 1.5  # per game, for every game's playouts
PLAYERS = 4
OPTIONS = {"crazy-eights": {"target_score": None}, "go-fish": {"end": "all_books"}}
SPIEL_PYTHON = ROOT / ".venv-openspiel" / "bin" / "python"
COMPARED = ("crazy-eights", "go-fish")
PAIRS = 15  # slices of ours and of OpenSpiel's playouts, alternated
SLICE = 0.2  # seconds
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


@contextmanager
def openspiel() -> Iterator[Callable[[str, float], dict] | str]:
    """``theirs(slug, seconds)``: OpenSpiel's playouts, from one process of
    ``.venv-openspiel`` kept for the comparison; or why there are none."""
    if not SPIEL_PYTHON.exists():
        yield "no .venv-openspiel (make compare-openspiel builds it)"
        return
    process = subprocess.Popen(
        [str(SPIEL_PYTHON), "-m", "bench.spiel"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdin and process.stdout and process.stderr

    def theirs(slug: str, seconds: float) -> dict:
        process.stdin.write(f"{slug} {seconds}\n")
        process.stdin.flush()
        line = process.stdout.readline()
        if not line:
            raise RuntimeError(process.stderr.read().strip().splitlines()[-1][:200])
        return json.loads(line)

    try:
        yield theirs
    finally:
        process.stdin.close()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def compare(theirs: Callable[[str, float], dict]) -> dict[str, list[tuple[dict, dict]]]:
    """PAIRS slices of each compared game, ours then OpenSpiel's in turn: either figure
    drifts with the shared machine's speed, the ratio of a pair much less."""
    pairs: dict[str, list[tuple[dict, dict]]] = {slug: [] for slug in COMPARED}
    for _ in range(PAIRS):
        for slug in COMPARED:
            pairs[slug].append((playouts(slug, SLICE), theirs(slug, SLICE)))
    return pairs


def rate(side: dict, key: str) -> float:
    return side[key] / side["seconds"]


def report_pairs(report, pairs: dict[str, list[tuple[dict, dict]]]) -> None:
    for slug, runs in pairs.items():
        part = f"engine vs OpenSpiel, {slug} {runs[0][0]['players']}p"
        for key, label, unit in (
            ("games", "random playouts", "games/s"),
            ("moves", "moves (decisions) per second", "moves/s"),
        ):
            ratios = sorted(rate(mine, key) / rate(other, key) for mine, other in runs)
            report.add(
                part,
                label,
                num(statistics.median(rate(mine, key) for mine, _ in runs)),
                unit,
                f"OpenSpiel {num(statistics.median(rate(other, key) for _, other in runs))};"
                f" pairs {ratios[0]:.2f}-{ratios[-1]:.2f}x",
                f"{statistics.median(ratios):.2f}x",
            )
        mine_per_game = sum(m["moves"] for m, _ in runs) / sum(m["games"] for m, _ in runs)
        other_per_game = sum(o["moves"] for _, o in runs) / sum(o["games"] for _, o in runs)
        report.add(
            part,
            "moves per game",
            num(mine_per_game, 1),
            "moves",
            f"OpenSpiel {num(other_per_game, 1)}",
            ratio(mine_per_game, other_per_game),
        )
    report.add(
        "engine vs OpenSpiel",
        "how",
        f"{PAIRS} pairs",
        "",
        f"{SLICE} s of ours then {SLICE} s of OpenSpiel's, by turns; each figure the median"
        " of its slices, each ratio the median of the pairs'",
    )


def run(report, found: dict) -> None:
    progress("engine: ours and OpenSpiel's playouts by turns (OpenSpiel in .venv-openspiel)")
    with openspiel() as theirs:
        if isinstance(theirs, str):
            report.add("engine vs OpenSpiel", "OpenSpiel", "skipped", "", theirs)
        else:
            try:
                report_pairs(report, compare(theirs))
            except RuntimeError as failed:
                report.add("engine vs OpenSpiel", "OpenSpiel", "skipped", "", f"failed: {failed}")
    ours = {}
    for slug in GAMES:
        progress(f"engine: {slug}")
        ours[slug] = playouts(slug)
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
