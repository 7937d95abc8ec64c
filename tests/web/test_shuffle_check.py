"""The browser's shuffle check (service/web/static/js/shuffle_check.js) and the replay's
table (replay_state.js) under Node, on matches the engine plays here: computer players
of both levels at every game, several rounds each, logged as a finished match's log reads
(every card revealed). Each log must pass the check, and fail it with one card swapped;
the replay's hands, Mystery Date's pieces and Spoons' piles must be the engine's after
every deal and move (service.verify's replay of the match from its revealed seed)."""

import json
from pathlib import Path
from typing import Any

import pytest

from service import bots
from service.engine import GAMES, Rng, play, seed_commitment
from service.verify import replayed

from .node import NODE, node_tests

HERE = Path(__file__).parent

NONCE = 2**127 + 12345
ROUNDS = 3

# (game, seats, options, seed, level)
MATCHES = [
    ("old-maid", 3, {}, 11, "basic"),
    ("old-maid", 4, {"preset": "family"}, 12, "random"),
    ("blind-date", 3, {}, 13, "basic"),
    ("crazy-eights", 3, {}, 14, "basic"),
    ("crazy-eights", 2, {}, 15, "random"),
    ("go-fish", 3, {}, 16, "basic"),
    ("go-fish", 2, {"end": "all_books"}, 17, "random"),
    ("spoons", 4, {"lives": 2}, 18, "basic"),
    ("spoons", 3, {"signal": "tongue", "pass_after_signal": True}, 19, "random"),
    ("mystery-date", 3, {}, 20, "basic"),
    ("mystery-date", 4, {"mid_side_doors": True}, 21, "random"),
]


def finished(slug: str, seats: int, options: dict, seed: int, level: str) -> dict[str, Any]:
    """A match of ``level`` computer players, as its summary and its log read once over."""
    rules = GAMES[slug]
    options = rules.resolve_options(options)
    rng, log, memory, past = Rng(seed), [], {}, []

    def logged(events, by=None, round_=0):
        for index, event in enumerate(events):
            data = json.loads(json.dumps(event.seen_by(None, True)))
            by_ = by if index == 0 else None
            seq = len(log) + 1
            log.append(
                dict(seq=seq, round=round_, type=event.type, seat=event.seat, by=by_, data=data)
            )

    dealer = rules.first_dealer(seats, rng)
    for round_ in range(1, ROUNDS + 1):
        state, events = rules.deal(options, seats, dealer, rng, past=past)
        logged(events, round_=round_)
        bots.remember(slug, memory, events)
        while acting := rules.to_act(state):
            legal = rules.legal_moves(state, acting[0])
            move = bots.choose(slug, level, rules.view(state, acting[0]), legal, memory, rng)
            events = play(rules, state, acting[0], move, rng)
            logged(events, by="bot", round_=round_)
            bots.remember(slug, memory, events)
        past.append(rules.result(state))
        if rules.match_over(options, past):
            break
        dealer = rules.next_dealer(options, dealer, past[-1], seats)
    over = {"reason": "host_ended", "seed": str(seed), "nonce": str(NONCE)}
    log.append(
        dict(seq=len(log) + 1, round=round_, type="game_over", seat=None, by=None, data=over)
    )
    game = {
        "id": f"match-{seed}",
        "type": slug,
        "status": "finished",
        "options": options,
        "seats": [{"seat": s, "bot": level} for s in range(seats)],
        "seed_commitment": seed_commitment(seed, NONCE),
    }
    problems: list[str] = []
    hands: dict[int, list] = {}
    positions: dict[int, list] = {}  # Mystery Date's
    piles: dict[int, list] = {}  # Spoons'
    for seq, state in replayed(game, log, problems):
        hands[seq] = [sorted(hand) for hand in state.hands]
        if hasattr(state, "positions"):
            positions[seq] = list(state.positions)
        if hasattr(state, "piles"):
            piles[seq] = [list(pile) for pile in state.piles]
    assert not problems, problems
    return {"game": game, "log": log, "hands": hands, "positions": positions, "piles": piles}


@pytest.mark.skipif(NODE is None, reason="no node on PATH")
def test_the_browser_check_and_the_replays_hands_agree_with_the_engine(tmp_path):
    made = [finished(*match) for match in MATCHES]
    matches = tmp_path / "matches.json"
    matches.write_text(json.dumps(made))
    summary = node_tests(HERE / "shuffle_check.test.mjs", {"MATCHES": str(matches), "PATH": ""})
    # three a match, one more for its pieces or its piles, and one on a log of rolls alone
    tests = sum(3 + bool(match["positions"]) + bool(match["piles"]) for match in made) + 1
    assert summary.get("pass") == tests and summary.get("fail") == 0, summary
