"""Several instances of the service behind HAProxy, all on 127.0.0.1.

- ``Database``: a PostgreSQL cluster of its own (``tests.chaos.Cluster``: initdb on a free
  port, stopped and started for the outage; never the machine's own server), migrated.
- ``CitusDatabase``: a Citus cluster of its own instead (``tests.citus``: a coordinator
  and two workers), the instances on its nodes (``spread``: one on each; ``coordinator``:
  all there), every one's hints and worker's turn on the coordinator; the outage stops
  the coordinator.
- ``Instance``: ``python -m service.run`` (gunicorn and its worker) on a port of its own,
  in a process group of its own (``kill()`` SIGKILLs the whole group, ``start()`` serves
  again on the same port), with its own metrics directory; its output (JSON lines, the
  access lines among them) is appended to ``<dir>/<name>.log``.
- ``Proxy``: HAProxy with ``deploy/haproxy.cfg`` in front of three instances
  (``PROXY_BIND``, ``APP1``-``APP3``, ``STATS_SOCKET``); ``servers()`` reads its stats
  socket (``show stat``), ``log()`` its request and health lines.
"""

import csv
import io
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bench.common import UNLIMITED
from tests import citus
from tests.chaos import PG_BIN, Cluster
from tests.databases import migrate
from tests.push.client import raise_open_files_limit
from tests.push.server import free_port

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "haproxy.cfg"
HOST = "127.0.0.1"
START_SECONDS = 60
NAMES = ("app1", "app2", "app3")


class Database(Cluster):
    """A cluster of our own with room for three instances' pools."""

    def start(self):
        options = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c max_connections=300"
        )
        log = self.dir / "postgres.log"
        self._as_postgres(
            PG_BIN / "pg_ctl", "-D", self.dir / "data", "-o", options, "-l", log, "-w", "start"
        )

    @property
    def sqlalchemy_url(self) -> str:
        return self.url.replace("postgresql://", "postgresql+psycopg://")

    def migrate(self) -> None:
        migrate(self.sqlalchemy_url)

    def url_for(self, _instance: int) -> str:
        return self.url

    hints_url: str | None = None  # the instances' own database

    def deadlocks(self) -> dict[str, int]:
        return {"postgresql": citus.deadlocks_in(self.dir / "postgres.log")}

    def __str__(self) -> str:
        return "PostgreSQL"


class CitusDatabase:
    def __init__(self, placement: str):
        self.cluster, self.placement = citus.CitusCluster(), placement
        self._made = False

    def start(self) -> None:
        if self._made:
            self.cluster.coordinator.start()
        else:
            self.cluster.start()
            self._made = True

    def stop(self) -> None:
        self.cluster.coordinator.stop()

    def remove(self) -> None:
        self.cluster.remove()

    def migrate(self) -> None:
        migrate(self.cluster.coordinator.sqlalchemy_url)

    def url_for(self, instance: int) -> str:
        nodes = self.cluster.nodes if self.placement == "spread" else [self.cluster.coordinator]
        return nodes[instance % len(nodes)].url

    @property
    def hints_url(self) -> str:
        return self.cluster.coordinator.url

    def deadlocks(self) -> dict[str, int]:
        return self.cluster.deadlocks()

    def __str__(self) -> str:
        where = "one instance on each node" if self.placement == "spread" else "all on it"
        return f"Citus, a coordinator and 2 workers, {where}; the coordinator stopped"


class Instance:
    def __init__(
        self,
        name: str,
        database_url: str,
        directory: Path,
        workers: int = 1,
        hints_url: str | None = None,
    ):
        self.name, self.port, self.directory = name, free_port(), directory
        self.env = {
            **os.environ,
            **UNLIMITED,
            "DATABASE_URL": database_url,
            **({"HINTS_DATABASE_URL": hints_url} if hints_url else {}),
            "BIND": f"{HOST}:{self.port}",
            "WORKERS": str(workers),
            "WAITERS_PER_CLIENT": "100000",  # every client comes from the proxy's address
            "PROMETHEUS_MULTIPROC_DIR": str(directory / f"{name}-metrics"),
        }
        self.env.pop("CARDTABLE_METRICS_DIR_PREPARED", None)
        self.process: subprocess.Popen | None = None
        self.log_path = directory / f"{name}.log"

    @property
    def address(self) -> str:
        return f"{HOST}:{self.port}"

    def start(self) -> None:
        with open(self.log_path, "ab") as log:  # noqa: PTH123 (the child holds it open)
            self.process = subprocess.Popen(
                [sys.executable, "-m", "service.run"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_ready(self) -> None:
        give_up = time.monotonic() + START_SECONDS
        while time.monotonic() < give_up:
            if self.process is None or self.process.poll() is not None:
                break
            with suppress(OSError):
                url = f"http://{self.address}/v1/ready"
                with urllib.request.urlopen(url, timeout=2) as answer:
                    if answer.status == 200:
                        return
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} not ready:\n{self.log()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL the whole process group: gunicorn, its workers and the worker at once."""
        assert self.process is not None
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(25)
        except subprocess.TimeoutExpired:
            self.kill()
        with suppress(ProcessLookupError):  # stragglers of the group
            os.killpg(self.process.pid, signal.SIGKILL)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@dataclass
class LogLine:
    """One HAProxy request line: when the request came, which server took it, status,
    and the retries it took (``+1``: redispatched to another server)."""

    at: datetime
    server: str
    status: int
    retries: str
    request: str


# the httplog format: client [accept date] frontend backend/server timers status bytes ...
REQUEST = re.compile(
    r"\[(\d+/\w+/\d+:\d+:\d+:\d+\.\d+)\] \S+ app/(\S+) \S+ (-?\d+) \S+ \S+ \S+ \S+ "
    r"\d+/\d+/\d+/\d+/(\+?\d+) \S+ \"([^\"]*)\""
)
HEALTH = re.compile(r"^(\d\S+) Server app/(\S+) is (UP|DOWN)")


class Proxy:
    def __init__(self, instances: list[Instance], directory: Path):
        self.port, self.directory = free_port(), directory
        self.socket = directory / "haproxy.sock"
        self.log_path = directory / "haproxy.log"
        self.env = {
            **os.environ,
            "PROXY_BIND": f"{HOST}:{self.port}",
            "STATS_SOCKET": str(self.socket),
            **{name.upper(): app.address for name, app in zip(NAMES, instances, strict=True)},
        }
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        with open(self.log_path, "ab") as log:  # noqa: PTH123
            self.process = subprocess.Popen(
                [haproxy, "-db", "-f", str(CONFIG)],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=raise_open_files_limit,
            )
        give_up = time.monotonic() + 10
        while not self.socket.exists():
            if time.monotonic() > give_up or self.process.poll() is not None:
                raise RuntimeError(f"haproxy did not start:\n{self.log_path.read_text()}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def command(self, line: str) -> str:
        with socket.socket(socket.AF_UNIX) as admin:
            admin.settimeout(5)
            admin.connect(str(self.socket))
            admin.sendall(line.encode() + b"\n")
            chunks = []
            while chunk := admin.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def servers(self) -> dict[str, dict[str, str]]:
        """``show stat`` of the backend's servers, by name: status, stot (sessions), ..."""
        text = self.command("show stat").lstrip("# ")
        return {
            row["svname"]: row
            for row in csv.DictReader(io.StringIO(text))
            if row["pxname"] == "app" and row["svname"] in NAMES
        }

    def wait_status(self, name: str, status: str, seconds: float = 60) -> float:
        """Wait until the proxy says ``name`` is ``status`` (UP, DOWN); returns when."""
        give_up = time.monotonic() + seconds
        while time.monotonic() < give_up:
            if self.servers()[name]["status"].startswith(status):
                return time.monotonic()
            time.sleep(0.05)
        raise RuntimeError(f"{name} not {status} after {seconds} s: {self.servers()[name]}")

    def log(self) -> tuple[list[LogLine], list[tuple[datetime, str, str]]]:
        """The request lines, and the health changes (when, server, UP or DOWN)."""
        requests, health = [], []
        for line in self.log_path.read_text(errors="replace").splitlines():
            if match := REQUEST.search(line):
                at = datetime.strptime(match[1], "%d/%b/%Y:%H:%M:%S.%f")
                requests.append(LogLine(at, match[2], int(match[3]), match[4], match[5]))
            elif match := HEALTH.search(line):
                at = datetime.fromisoformat(match[1]).astimezone().replace(tzinfo=None)
                health.append((at, match[2], match[3]))
        return requests, health
