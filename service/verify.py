"""Check a finished match from its public record alone: the commitment, every shuffle,
deal and offer order, every automatic draw, and every event, re-derived from the
revealed seed with the rules (docs/random.md).

    python -m service.verify GAME_ID [--base-url http://127.0.0.1:8000]

It replays the match with the engine: each deal from the generator, each player's move
found among the seat's legal moves as the one whose events are the logged ones, and each
automatic move (a bot's, autopilot's, the clock's) made again by the same bot from the
same view, memory and generator, and compares every event with the log. Exit code 0
when everything agrees, 1 with the first disagreements listed.
"""

import argparse
import copy
import json
import sys
import urllib.request
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import bots
from .engine import GAMES, SERVICE_EVENTS, Rng, play, seed_commitment
from .engine.base import Event, IllegalMove, RoundResult, Rules

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# The service's events around the rules' own, nothing to re-derive in them; but an
# abandoned round, which ends the round's state.
AROUND_THE_RULES = set(SERVICE_EVENTS) - {"round_abandoned"}


def verify(summary: dict[str, Any], log: list[dict[str, Any]]) -> list[str]:
    """The disagreements between a finished match's record and its replay."""
    problems: list[str] = []
    for _ in replayed(summary, log, problems):
        pass
    return problems


def replayed(
    summary: dict[str, Any], log: list[dict[str, Any]], problems: list[str]
) -> "Iterator[tuple[int, DataclassInstance]]":
    """The match replayed from its revealed seed: after each deal and each move, the seq
    of its last event and the round's state then (every hand in it); the disagreements
    with the log are added to ``problems``, and the replay stops at the first."""
    over: dict[str, Any] = next((e for e in reversed(log) if e["type"] == "game_over"), {})
    if summary["status"] != "finished" or over.get("type") != "game_over":
        problems.append("the match is not finished: its seed is not revealed yet")
        return
    nonce = over["data"].get("nonce")  # none in the logs of tables made before nonces
    seed, nonce = int(over["data"]["seed"]), None if nonce is None else int(nonce)
    if seed_commitment(seed, nonce) != summary["seed_commitment"]:
        problems.append("the seed and nonce do not match the commitment")
    rules, options = GAMES[summary["type"]], summary["options"]
    levels = [seat["bot"] for seat in summary["seats"]]
    rng, state, events = Rng(seed), None, [e for e in log if e["type"] not in AROUND_THE_RULES]
    past: list[RoundResult] = []  # the finished rounds, before each deal
    memory: dict[str, Any] = {}  # the bots' memory of the public log
    position = 0
    while position < len(events) and not problems:
        event = events[position]
        if event["type"] == "deal":
            if position == 0 and rng.below(len(levels)) != event["data"]["dealer"]:
                problems.append("the first dealer is not the generator's draw")
            result = None if state is None else rules.result(state)
            if result is not None:
                past.append(result)
            dealer = event["data"]["dealer"]
            state, produced = rules.deal(options, len(levels), dealer, rng, past=past)
        elif event["type"] == "round_abandoned":
            past.append(rules.abandoned(len(levels)))
            state = None
            position += 1
            continue
        elif state is None:
            problems.append(f"event {event['seq']} is no deal, and no deal came before it")
            break
        elif (mover := _mover(events, position)) is None:
            problems.append(f"event {event['seq']} is no move's: no move is logged after it")
            break
        else:
            logged = events[position:]
            produced = _replay_move(rules, state, rng, mover, levels, memory, logged, problems)
        bots.remember(rules.slug, memory, produced)
        problems += _compare(produced, events[position:])
        position += len(produced)
        if produced and not problems:
            yield events[position - 1]["seq"], state


def _mover(events: list[dict[str, Any]], position: int) -> dict[str, Any] | None:
    """The event that names who made the move whose events begin at ``position``: the
    first with a ``by``. A move's events follow each other, but its own event need not
    come first (a Spoons holder's ``pick`` brings in the card her ``pass`` sends on; a
    reshuffle's ``piles`` comes before the ``draw``), and only its own carries ``by``."""
    return next((event for event in events[position:] if event["by"] is not None), None)


def _replay_move(
    rules: Rules[Any],
    state: "DataclassInstance",
    rng: Rng,
    event: dict[str, Any],
    levels: list[str | None],
    memory: dict[str, Any],
    logged: list[dict[str, Any]],
    problems: list[str],
) -> list[Event]:
    """Apply the logged move: an automatic one as its bot makes it again (the service's
    bots decide from the view, the memory and the generator alone), a player's as the
    one legal move whose events are the logged ones."""
    seat = event["seat"]
    legal = rules.legal_moves(state, seat)
    if event["by"] != "player":
        level = levels[seat] if event["by"] == "bot" else "basic"
        move = bots.choose(rules.slug, level, rules.view(state, seat), legal, memory, rng)
        return play(rules, state, seat, move, rng)
    for move in legal:
        trial_state, trial_rng = copy.deepcopy(state), copy.deepcopy(rng)
        try:
            produced = play(rules, trial_state, seat, move, trial_rng)
        except IllegalMove:
            continue
        if not _compare(produced, logged):
            return play(rules, state, seat, move, rng)
    problems.append(f"event {event['seq']}: no legal move of seat {seat} gives the logged events")
    return []


def _compare(produced: list[Event], logged: list[dict[str, Any]]) -> list[str]:
    problems = []
    for made, entry in zip(produced, logged, strict=False):
        expected = {"type": made.type, "seat": made.seat, "data": made.seen_by(None, True)}
        found = {key: entry[key] for key in ("type", "seat", "data")}
        if json.loads(json.dumps(expected)) != found:
            problems.append(f"event {entry['seq']}: logged {found}, re-derived {expected}")
    if len(logged) < len(produced):
        problems.append("the log ends before the replay does")
    return problems


def fetch(base_url: str, game_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The summary and the whole log, through the public API."""

    def get(path: str) -> dict[str, Any]:
        with urllib.request.urlopen(f"{base_url.rstrip('/')}/v1{path}", timeout=30) as answer:
            return json.loads(answer.read())

    summary = get(f"/games/{game_id}")
    log: list[dict[str, Any]] = []
    while True:
        page = get(f"/games/{game_id}/events?after={len(log)}&limit=500")
        log += page["events"]
        if len(log) >= page["last_seq"]:
            return summary, log


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game_id")
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    args = parser.parse_args()
    problems = verify(*fetch(args.base_url, args.game_id))
    for problem in problems[:20]:
        print(problem)
    print("verified: every shuffle, deal, draw and event agrees" if not problems else "FAILED")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
