"""``examples/bot.py``, which uses nothing but the committed SDK (``clients/python``), plays
a whole match of every game in the engine's registry to its end against the service served
for real (gunicorn with gevent workers), and once with several seats of its own."""

import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.engine import GAMES
from tests.push.server import free_port, serve

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "examples" / "bot.py"
SEED = "1"  # short matches (about 1 to 4 s each on a laptop)
# per match, the bot's start included: a deadline, not a measure (each takes a few seconds
# with bots that do not hesitate, on an idle machine)
SECONDS = 300


@pytest.fixture(scope="module")
def base_url(database_url) -> Iterator[str]:
    # No worker process: every request, the long poll included, applies the bots' moves
    # that are due, and with think_seconds 0 they are due at once.
    with serve(database_url, workers=2) as server:
        yield f"http://{server.host}:{server.port}"


def play(base_url: str, *options: str) -> str:
    """The bot's output; it must exit 0 with the finished match's standings."""
    command = [sys.executable, str(BOT), "--base-url", base_url, "--think-seconds", "0"]
    result = subprocess.run(
        [*command, "--seed", SEED, *options],
        capture_output=True,
        text=True,
        timeout=SECONDS,
        cwd=ROOT,
    )
    output = result.stdout
    assert result.returncode == 0, f"exit {result.returncode}:\n{output[-3000:]}{result.stderr}"
    assert " game_over " in output, output[-3000:]
    assert re.search(
        r"^finished after \d+ round\(s\) \((host_ended|target_reached)\)", output, re.M
    )
    assert re.search(r"^winner: seat \d+", output, re.M), output[-3000:]
    return output


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_example_bot_plays_a_match_to_its_end(base_url: str, slug: str):
    output = play(base_url, "--game", slug, "--rounds", "2")
    # its own seat moved (a move says who made it: player, bot, autopilot or clock)
    assert re.search(r"^  \[\d+\.\d+\] seat 0 \w+ \(player\) \{", output, re.M), output[:3000]
    print(*output.splitlines()[-6:], sep="\n")


def test_the_example_bot_plays_several_seats_of_its_own(base_url: str):
    """Spoons, where every seat acts at once: three copies and one server bot."""
    output = play(base_url, "--game", "spoons", "--seats", "4", "--copies", "3")
    for seat in range(3):
        assert re.search(rf"^  seat {seat}: sdk-bot {seat + 1} \(played here\)$", output, re.M), (
            output[:1000]
        )
        assert re.search(
            rf"^  \[\d+\.\d+\] seat {seat} (pass|pick|signal) \(player\) \{{", output, re.M
        )
    assert re.search(r"^  seat 3: .* \(basic bot\)$", output, re.M), output[:1000]


def test_the_example_bot_rides_out_a_restart_of_the_service(database_url):
    """The service stopped mid-match and started again on the same port: the bot's calls
    are refused meanwhile, tried again after growing pauses, and the match goes on."""
    port = free_port()
    command = [sys.executable, str(BOT), "--base-url", f"http://127.0.0.1:{port}"]
    command += ["--game", "old-maid", "--rounds", "1", "--think-seconds", "0.2", "--seed", SEED]
    with serve(database_url, workers=1, port=port):
        bot = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        assert "seat 0" in bot.stdout.readline() + bot.stdout.readline()  # it is playing
    time.sleep(1.5)  # nobody listens on the port: refused
    with serve(database_url, workers=1, port=port):
        output, _ = bot.communicate(timeout=SECONDS)
    assert bot.returncode == 0, output[-3000:]
    assert re.search(r"ConnectError; again in \d+\.\d s", output), output[-3000:]
    assert re.search(r"^finished after 1 round\(s\)", output, re.M), output[-3000:]
