"""The service under gunicorn with gevent workers, in a subprocess of its own process group:
``with serve(database_url) as server: ...`` (``server.host``, ``server.port``,
``server.pids``, ``server.rss_bytes()``)."""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "gunicorn.conf.py"
HOST = "127.0.0.1"
PORT_TRIES = 3
PORT_TAKEN = "Address already in use"
START_SECONDS = 120  # a deadline, not a measure: 2,000 clients reconnecting slow a start


@dataclass
class Server:
    host: str
    port: int
    master: int
    process: subprocess.Popen | None = field(default=None, repr=False)
    output: BinaryIO | None = field(default=None, repr=False)  # gunicorn's stdout and stderr

    @property
    def alive(self) -> bool:
        return self.process is None or self.process.poll() is None

    @property
    def workers(self) -> list[int]:
        """The master's children now (gunicorn replaces a worker that dies)."""
        children = []
        for task in Path(f"/proc/{self.master}/task").glob("*"):
            with suppress(OSError):  # the thread ended meanwhile
                children += [int(pid) for pid in (task / "children").read_text().split()]
        return children

    @property
    def pids(self) -> list[int]:
        return [self.master, *self.workers]

    def rss_bytes(self) -> int:
        """VmRSS of the master and its workers, summed."""
        total = 0
        for pid in self.pids:
            with suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        return total

    def cpu_seconds(self) -> float:
        """User and system CPU time of the master and its workers, summed."""
        ticks = 0
        for pid in self.pids:
            with suppress(OSError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])  # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")

    def log(self) -> str:
        """What gunicorn wrote so far (its stdout and stderr)."""
        if self.output is None:
            return ""
        fd = self.output.fileno()  # gunicorn shares its offset: read without moving it
        return os.pread(fd, os.fstat(fd).st_size, 0).decode(errors="replace")

    def health(self, timeout: float = 1.0) -> dict:
        url = f"http://{self.host}:{self.port}/v1/health"
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return json.load(answer)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@contextmanager
def serve(
    database_url: str,
    workers: int = 2,
    worker_connections: int = 10_000,
    port: int | None = None,
    env: dict[str, str] | None = None,
    app: str | None = None,
) -> Iterator[Server]:
    """Start gunicorn (gevent workers) on 127.0.0.1, wait until ``/v1/health`` answers from
    every worker's start, yield the ``Server``; SIGTERM its process group on exit. ``app``
    serves another WSGI app under the same config (gunicorn prefers it to ``wsgi_app``)."""
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    command = [gunicorn, "-c", str(CONFIG), *([app] if app else [])]
    for attempt in range(1, PORT_TRIES + 1):
        chosen = port or free_port()
        settings = {
            "DATABASE_URL": database_url,
            "BIND": f"{HOST}:{chosen}",
            "WORKERS": str(workers),
            "WORKER_CONNECTIONS": str(worker_connections),
        }
        with tempfile.TemporaryFile() as output:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env={**os.environ, **settings, **(env or {})},
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            try:
                server = Server(HOST, chosen, process.pid, process, output)
                try:
                    _wait_until_up(server, process, workers)
                except RuntimeError:
                    # a port found free, then taken by another server starting at once
                    if port is None and attempt < PORT_TRIES and PORT_TAKEN in server.log():
                        continue
                    raise
                yield server
                return
            finally:
                _stop(process)


def _wait_until_up(server: Server, process: subprocess.Popen, workers: int) -> None:
    give_up = time.monotonic() + START_SECONDS
    while time.monotonic() < give_up and process.poll() is None:
        try:
            server.health()
            if len(server.workers) >= workers:
                return
        except OSError:
            pass
        time.sleep(0.1)
    _stop(process)
    raise RuntimeError(
        f"gunicorn did not answer /v1/health within {START_SECONDS} s "
        f"(exit code {process.returncode}):\n{server.log()[-5000:]}"
    )


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM the group, SIGKILL it if the master has not exited after 10 s; then sweep
    any straggler of the group."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if process.poll() is None:
            _signal_group(process.pid, sig)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                continue
        _signal_group(process.pid, signal.SIGKILL)
        return


def _signal_group(pgid: int, sig: int) -> None:
    with suppress(ProcessLookupError):
        os.killpg(pgid, sig)
