"""The committed SDK, ``clients/python`` (``card_table_client``, generated from
``openapi/openapi.json`` by ``make sdk`` and installed by ``make install-dev``), is usable
and typed: ``play_with_client.py`` passes ``mypy --strict`` against it, and so does
``examples/bot.py``, and it plays a round of every game of the catalogue through it against
the service served for real on a local port. (That the committed SDK is what the spec
generates is ``make sdk-diff``'s job, in CI.)"""

import importlib
import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from service import create_app
from service.store.models import Base

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi" / "openapi.json"
SDK = ROOT / "clients" / "python"
PACKAGE = "card_table_client"
CHECKED = [Path(__file__).with_name("play_with_client.py"), ROOT / "examples" / "bot.py"]
# a deal where nobody holds four of a kind in Spoons: its human seat gets to move
SEED = "20240612"

# Only the checked modules' own errors count: the package is read for its types, but its
# own code is the generator's business (0.29.1's client.py fails --strict on its __exit__
# pass-through under current mypy).
MYPY_CONFIG = f"""\
[mypy]
python_version = 3.11
[mypy-{PACKAGE}.*]
follow_imports = silent
"""


class QuietHandler(WSGIRequestHandler):
    """No access log line per request."""

    def log_request(self, code="-", size="-") -> None:
        pass


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=600, **kwargs)


@pytest.fixture(scope="module")
def sdk() -> Path:
    """The committed package's directory, which the installed package must be."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        pytest.fail(f"{PACKAGE} is not installed: pip install -e clients/python (make install-dev)")
    installed = Path(spec.origin).resolve().parent.parent
    assert installed == SDK, f"{PACKAGE} is installed from {installed}, not from {SDK}"
    return SDK


@pytest.fixture(scope="module")
def base_url(database_url) -> Iterator[str]:
    """The service on the run's database, served over HTTP on a free local port."""
    app = create_app({"DATABASE_URL": database_url})
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="sdk-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()
        app.extensions["changes"].stop()
        engine = app.extensions["db_engine"]
        with engine.begin() as connection:
            for table in reversed(Base.metadata.sorted_tables):
                connection.execute(table.delete())
        engine.dispose()


def test_a_round_of_every_game_through_the_generated_client(
    sdk: Path, base_url: str, tmp_path: Path
):
    started = time.monotonic()
    if importlib.util.find_spec("mypy") is None:
        pytest.fail("mypy is missing: it is a dev dependency (pip install -e '.[dev]')")
    config = tmp_path / "mypy.ini"
    config.write_text(MYPY_CONFIG)
    checked = run(
        [
            *(sys.executable, "-m", "mypy", "--strict", "--config-file", str(config)),
            *("--cache-dir", str(tmp_path / ".mypy_cache")),
            *(str(path.relative_to(ROOT)) for path in CHECKED),
        ],
        cwd=ROOT,
        env={**os.environ, "MYPYPATH": str(sdk)},
    )
    mypy_output = f"{checked.stdout}{checked.stderr}"
    names = ", ".join(path.name for path in CHECKED)
    assert checked.returncode == 0, f"mypy --strict {names}:\n{mypy_output}"

    player = importlib.import_module(f"{__package__}.play_with_client")
    moves: list[str] = []
    played = player.play_every_game(base_url, SEED, moves.append)

    game_types = json.loads(SPEC.read_text())["components"]["schemas"]["GameType"]["enum"]
    assert sorted(round_.slug.value for round_ in played) == sorted(game_types)
    for round_ in played:
        assert round_.moves > 0, round_
        assert round_.status.value in ("round_over", "finished"), round_
        print(
            f"{round_.slug}: {round_.seats} seats, human seat {round_.human_seat}, "
            f"{round_.moves} moves ({', '.join(sorted(round_.move_kinds))}), "
            f"{round_.events} events, {round_.status}"
        )
    print(f"{len(moves)} moves by the human seat; {time.monotonic() - started:.1f}s")
