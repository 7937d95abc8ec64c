"""The TypeScript client (``clients/typescript``) under Node's test runner against the service
served for real (gunicorn with gevent workers): a round of every game of the catalogue
played through it, ``follow`` reading a whole match through cut connections, and the
stream reader's own tests. Node's packages come from ``make install-dev`` (``npm ci``)."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from service.engine import GAMES
from tests.push.server import serve

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "typescript"
NODE = shutil.which("node")
SECONDS = 300  # the whole run; about 20 s on two cores

pytestmark = pytest.mark.skipif(NODE is None, reason="no node on PATH")


def test_the_typescript_client_plays_every_game_and_follows_a_match(database_url):
    if not (ROOT / "node_modules" / "openapi-fetch").is_dir():
        pytest.fail("openapi-fetch is not installed: make install-dev (npm ci)")
    # No worker process: every request applies the bots' moves that are due, and with
    # think_seconds 0 they are due at once.
    with serve(database_url, workers=2) as server:
        env = {**os.environ, "CARD_TABLE_URL": f"http://{server.host}:{server.port}"}
        result = subprocess.run(
            [NODE, "--test", "--test-reporter=tap", str(CLIENT / "test")],
            capture_output=True,
            text=True,
            timeout=SECONDS,
            cwd=ROOT,
            env=env,
        )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    summary = dict(re.findall(r"^# (tests|pass|fail|skipped|cancelled|todo) (\d+)$", output, re.M))
    assert summary.get("fail") == "0" and summary.get("skipped") == "0", summary
    assert summary.get("cancelled") == "0", summary
    # each game a subtest of its own, passed: none left out of the catalogue's round
    for slug in GAMES:
        assert re.search(rf"^    ok \d+ - {re.escape(slug)}$", output, re.M), output[-6000:]
    assert re.search(r"^ok \d+ - follow reads a whole match live", output, re.M), output[-6000:]
    figures = re.findall(
        r"^\s*# ((?:CARD_TABLE_SEED|[a-z-]+: \d+ seats|\d+ events).*)$", output, re.M
    )
    print(*dict.fromkeys(figures), sep="\n")
