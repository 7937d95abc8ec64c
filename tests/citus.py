"""A Citus cluster of our own: a coordinator and two workers, each a PostgreSQL server
on a free port of 127.0.0.1 in one temporary directory (``tests.chaos.Cluster``: initdb,
never the machine's own server), joined into one cluster in the ``postgres`` database.

Citus is not packaged here; it is found when ``citus.so`` is in PostgreSQL's library
directory (built from source as DEVELOPERS.md says). ``installed()`` tells.

    python -m tests.citus   # start one, print the nodes' URLs, stop it on Enter
"""

import re
import subprocess
from pathlib import Path

from sqlalchemy import create_engine, text

from tests.chaos import PG_BIN, Cluster

NODES = ("coordinator", "worker1", "worker2")
HOST = "127.0.0.1"
SETTINGS = {
    "shared_preload_libraries": "citus",
    "max_connections": 400,
    "max_prepared_transactions": 100,
    "citus.node_conninfo": "sslmode=disable",
    "log_min_messages": "warning",
    "log_line_prefix": "%m [%p] ",
}
DEADLOCK = re.compile(r"deadlock", re.IGNORECASE)


def installed() -> bool:
    libdir = subprocess.run(
        [PG_BIN / "pg_config", "--pkglibdir"], capture_output=True, text=True, check=False
    ).stdout.strip() or str(PG_BIN.parent / "lib")
    return (Path(libdir) / "citus.so").exists()


class Node(Cluster):
    """One server of the cluster, with Citus preloaded."""

    def __init__(self, name: str):
        super().__init__()
        self.name = name
        with (self.dir / "data" / "postgresql.conf").open("a") as conf:
            conf.writelines(f"{name} = '{value}'\n" for name, value in SETTINGS.items())

    def start(self):
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        self._as_postgres(
            PG_BIN / "pg_ctl",
            "-D",
            self.dir / "data",
            "-o",
            options,
            "-l",
            self.log_path,
            "-w",
            "start",
        )

    @property
    def log_path(self) -> Path:
        return self.dir / "postgres.log"

    @property
    def sqlalchemy_url(self) -> str:
        return self.url.replace("postgresql://", "postgresql+psycopg://")

    def deadlocks(self) -> int:
        return deadlocks_in(self.log_path)


class CitusCluster:
    """The coordinator first, then the workers; ``start`` makes the cluster the first
    time (the extension on every node, the workers added), then only starts them."""

    def __init__(self):
        self.nodes = [Node(name) for name in NODES]
        self._joined = False

    @property
    def coordinator(self) -> Node:
        return self.nodes[0]

    def start(self) -> None:
        for node in self.nodes:
            node.start()
        if not self._joined:
            self._join()
            self._joined = True

    def stop(self) -> None:
        for node in reversed(self.nodes):
            node.stop()

    def remove(self) -> None:
        for node in self.nodes:
            node.remove()

    def deadlocks(self) -> dict[str, int]:
        return {node.name: node.deadlocks() for node in self.nodes}

    def _join(self) -> None:
        for node in self.nodes:
            _run(node.url, "CREATE EXTENSION IF NOT EXISTS citus")
        coordinator = self.coordinator
        _run(coordinator.url, f"SELECT citus_set_coordinator_host('{HOST}', {coordinator.port})")
        for worker in self.nodes[1:]:
            _run(coordinator.url, f"SELECT citus_add_node('{HOST}', {worker.port})")


def deadlocks_in(log: Path) -> int:
    """Lines of a server's log that speak of a deadlock (a distributed one too)."""
    if not log.exists():
        return 0
    with log.open(errors="replace") as lines:
        return sum(bool(DEADLOCK.search(line)) for line in lines)


def _run(url: str, statement: str) -> None:
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.begin() as connection:
            connection.execute(text(statement))
    finally:
        engine.dispose()


def main() -> None:
    cluster = CitusCluster()
    try:
        cluster.start()
        for node in cluster.nodes:
            print(f"{node.name}: {node.sqlalchemy_url}  (log {node.log_path})")
        input("Enter stops the cluster ")
    finally:
        cluster.remove()


if __name__ == "__main__":
    main()
