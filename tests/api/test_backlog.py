"""After a restart every client comes back at once: the listen backlog is as deep as the
kernel allows, so a burst of connections waits for a worker instead of being dropped."""

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
