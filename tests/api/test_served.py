"""gunicorn as the service runs it: the listen backlog as deep as the kernel allows (after
a restart every client comes back at once, and a burst must wait for a worker instead of
being dropped), and one line at the start that says where everything is."""

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.push.server import serve


@pytest.mark.skipif(not shutil.which("ss"), reason="needs ss (iproute2)")
def test_the_listen_backlog_is_the_kernels_largest(database_url):
    kernel = int(Path("/proc/sys/net/core/somaxconn").read_text())
    with serve(database_url, workers=1) as server:
        listing = subprocess.run(
            ["ss", "-ltnH", f"sport = :{server.port}"], capture_output=True, text=True, check=True
        ).stdout.split()
    assert listing[0] == "LISTEN"
    assert int(listing[2]) == kernel  # a listening socket's Send-Q is its backlog


def test_the_start_says_in_one_line_where_everything_is(database_url):
    with serve(database_url, workers=1) as server:
        base = f"http://{server.host}:{server.port}"
        lines = [line for line in server.log().splitlines() if f"serving at {base}" in line]
    assert len(lines) == 1, server.log()[-2000:]
    for place in ("/play", "/docs", "/v1/openapi.json", "/metrics"):
        assert f"{base}{place}" in lines[0]
