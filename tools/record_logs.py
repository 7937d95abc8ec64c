"""Record what the service makes of fixed seeds and moves, as ``tests/api/recorded.json.gz``
holds it: ``python tools/record_logs.py [OUT]``, run in the checkout whose behaviour is to
be kept (PostgreSQL at ``TEST_DATABASE_URL``). The tests hold every later checkout to it.

Two kinds of record: every configuration of ``test_determinism`` played from seed 31337
with its move positions (the log without times and the table's nonce), and every match
of ``test_verify`` (a human who moves, times out and ends on autopilot beside bots),
whose summary and revealed log ``service.verify`` must accept for good."""

import gzip
import json
import os
import sys
from datetime import timedelta
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))  # the checkout it runs in, before any installed copy
os.environ.setdefault("CREATES_PER_MINUTE", "1000000")
os.environ.setdefault("JOINS_PER_MINUTE", "1000000")

from service import create_app  # noqa: E402
from tests.api import test_determinism, test_verify  # noqa: E402
from tests.databases import fresh_database, server_url  # noqa: E402

POSITIONS = [7, 3, 0, 11, 5, 2, 9, 1] * 40
SEED = 31337


def record(client) -> dict:
    replays = {
        f"{game_type} {json.dumps(options, sort_keys=True)} {players}": (
            test_determinism.play_and_log(client, SEED, POSITIONS, game_type, options, players)
        )
        for game_type, options, players in test_determinism.CONFIGURATIONS
    }
    matches = {}
    for game_type, options, players in test_verify.GAMES:
        now = [test_verify.clock.now()]
        test_verify.clock.now = lambda now=now: now[0]
        summary, log = test_verify.finished_match(client, now, game_type, options, players)
        key = f"{game_type} {json.dumps(options, sort_keys=True)} {players}"
        matches[key] = {"summary": summary, "log": log}
        now[0] += timedelta(days=1)
    return {"replays": replays, "matches": matches}


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests/api/recorded.json.gz"
    with fresh_database(server_url()) as url:
        app = create_app({"TESTING": True, "DATABASE_URL": url})
        try:
            recorded = record(app.test_client())
        finally:
            app.extensions["changes"].stop()
    out.write_bytes(gzip.compress(json.dumps(recorded, sort_keys=True).encode(), mtime=0))
    print(f"recorded {len(recorded['replays'])} replays and {len(recorded['matches'])} matches")


if __name__ == "__main__":
    main()
