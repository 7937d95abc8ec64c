"""The committed spec makes a usable, typed Python SDK: openapi-python-client generates a
client from ``openapi/openapi.json``, ``play_with_client.py`` passes ``mypy --strict``
against it, and plays a round of every game of the catalogue through it against the
service served for real on a local port."""

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
PLAYER = Path(__file__).with_name("play_with_client.py")
PACKAGE = "card_table_client"  # the output directory's name is the package's
# a deal where nobody holds four of a kind in Spoons: its human seat gets to move
SEED = "20240612"
BIN = Path(sys.executable).parent

# Only the module's own errors count: the generated package is read for its types, but
# its own code is the generator's business (0.29.1's client.py fails --strict on its
# __exit__ pass-through under current mypy).
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
def sdk(tmp_path_factory) -> Iterator[Path]:
    """The directory holding the generated package, on sys.path for the module's tests."""
    generator = BIN / "openapi-python-client"
    if not generator.exists():
        pytest.fail(f"{generator} is missing: it is a dev dependency (pip install -e '.[dev]')")
    root = tmp_path_factory.mktemp("sdk")
    # Its post-generation hooks run ruff, also a dev dependency, from PATH.
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = [generator, "generate", "--path", SPEC, "--output-path", root / PACKAGE]
    result = run([*map(str, command), "--meta", "none"], cwd=root, env=env)
    output = f"{result.stdout}\n{result.stderr}"
    assert result.returncode == 0, f"openapi-python-client failed:\n{output}"
    # Warnings name what the generator could not use; the client then lacks those pieces.
    assert "warning" not in output.lower(), f"openapi-python-client warns:\n{output}"
    assert "error" not in output.lower(), f"openapi-python-client reports errors:\n{output}"
    assert (root / PACKAGE / "models" / "__init__.py").exists(), output
    sys.path.insert(0, str(root))
    try:
        yield root
    finally:
        sys.path.remove(str(root))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]
        sys.modules.pop(f"{__package__}.play_with_client", None)


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


def test_a_round_of_every_game_through_the_generated_client(sdk: Path, base_url: str):
    started = time.monotonic()
    if importlib.util.find_spec("mypy") is None:
        pytest.fail("mypy is missing: it is a dev dependency (pip install -e '.[dev]')")
    config = sdk / "mypy.ini"
    config.write_text(MYPY_CONFIG)
    checked = run(
        [
            *(sys.executable, "-m", "mypy", "--strict", "--config-file", str(config)),
            *("--cache-dir", str(sdk / ".mypy_cache"), str(PLAYER.relative_to(ROOT))),
        ],
        cwd=ROOT,
        env={**os.environ, "MYPYPATH": str(sdk)},
    )
    mypy_output = f"{checked.stdout}{checked.stderr}"
    assert checked.returncode == 0, f"mypy --strict {PLAYER.name}:\n{mypy_output}"

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
