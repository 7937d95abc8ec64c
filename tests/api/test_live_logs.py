"""Every process logs one JSON object per line: gunicorn (master and workers, the app's
access lines among them) and the worker."""

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

from tests.push.server import ROOT, serve

from .test_supervision import DEADLINE_SECONDS, heartbeats, wait_for


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _access(lines: list[dict]) -> dict[str, dict]:
    """The app's access lines, by request id."""
    return {line["request_id"]: line for line in lines if line["logger"] == "service.access"}


def _get(server, path: str, request_id: str) -> None:
    request = urllib.request.Request(
        f"http://{server.host}:{server.port}{path}", headers={"X-Request-ID": request_id}
    )
    try:
        urllib.request.urlopen(request, timeout=60).read()
    except urllib.error.HTTPError as error:
        error.read()


def test_gunicorn_and_the_app_write_json_lines_naming_the_request(database_url):
    with serve(database_url, workers=1) as server:
        _get(server, "/v1/catalog", "live-ok")
        _get(server, "/v1/games/00000000-0000-0000-0000-000000000000", "live-404")

        def written() -> list[dict]:  # the whole lines so far
            return _lines(server.log().rpartition("\n")[0])

        # each access line is written as its answer leaves: maybe after the client has it
        wait_for(lambda: {"live-ok", "live-404"} <= _access(written()).keys())
        lines = written()
    assert {"gunicorn.error", "service.access"} <= {line["logger"] for line in lines}
    access = _access(lines)
    assert access["live-ok"]["route"] == "/v1/catalog" and access["live-ok"]["status"] == 200
    assert access["live-404"]["route"] == "/v1/games/<uuid:game_id>"
    assert access["live-404"]["status"] == 404
    assert all(line["duration_ms"] >= 0 for line in access.values())


def test_the_worker_writes_json_lines(app, database_url):
    worker = subprocess.Popen(
        [sys.executable, "-m", "service.worker"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        stderr=subprocess.PIPE,
        text=True,
    )
    # Its own heartbeat (another test's may be on record): it has set its signal handlers.
    name = f"{socket.gethostname()}:{worker.pid}"
    wait_for(lambda: heartbeats(app, name) == 1)
    worker.send_signal(signal.SIGTERM)
    _, err = worker.communicate(timeout=DEADLINE_SECONDS)
    lines = _lines(err)
    assert any(
        line["logger"] == "service.worker" and "started" in line["message"] for line in lines
    )
    assert all({"time", "level", "pid", "message"} <= line.keys() for line in lines)
