"""``make bench-citus``: the service on a Citus cluster against the same service on plain
PostgreSQL, the same load (``bench.client``: CLIENTS players of Old Maid, each a table of
its own, view then move), the servers' slices taken by turns (``http.load_by_turns``)
so that the machine's drift weighs on every side.

Sides, each gunicorn (two gevent workers) and ``service.worker``, the database a server
of the bench's own:

- ``postgresql``: one PostgreSQL server;
- ``citus``: a coordinator and two workers (``tests.citus``), the service on the
  coordinator;
- ``citus via worker``: the same cluster, the service on a worker node, its hints and
  turns on the coordinator (``HINTS_DATABASE_URL``).

CPU per move counts the service's processes, the worker and every process of the side's
database servers (postmasters, backends and background workers), over the measured window.

Then, idle: three instances (``service.run``: gunicorn and its worker), one on each node,
hints and turns on the coordinator, no client; the transactions each node committed a
second (``pg_stat_database.xact_commit``: a statement on its own is one; a shard's part
of a fanned-out pick is one on its node) and the CPU of the cluster.

    python -m bench.citus [--seconds 30] [--clients 8] [--idle-seconds 30]
"""

import argparse
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from sqlalchemy import create_engine, text

from tests import citus
from tests.databases import migrate
from tests.push.server import serve
from tests.replicas.harness import NAMES, Database, Instance

from . import cpu
from .common import UNLIMITED
from .http import load_by_turns, service_worker
from .report import num, percentile


def postmaster(data: Path) -> int:
    return int((data / "postmaster.pid").read_text().split()[0])


def figures(result: dict) -> dict:
    moves = result["moves"]
    cpu = sum(result["cpu"].get(group, 0) for group in ("server", "worker", "postgres"))
    latencies = result["latencies"].get("move", [])
    return {
        "moves_per_second": moves / result["seconds"],
        "move_p50_ms": percentile(latencies, 0.5) * 1000,
        "move_p99_ms": percentile(latencies, 0.99) * 1000,
        "cpu_ms_per_move": 1000 * cpu / moves,
        "postgres_cpu_ms_per_move": 1000 * result["cpu"].get("postgres", 0) / moves,
        "errors": result["errors"],
    }


def commits(url: str) -> int:
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as connection:
            query = "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
            return int(connection.scalar(text(query)))
    finally:
        engine.dispose()


def idle(cluster: citus.CitusCluster, seconds: float) -> None:
    """Three instances, one on each node, and nobody playing: what they cost the cluster."""
    directory = Path(tempfile.mkdtemp(prefix="bench-citus-"))
    hints = cluster.coordinator.url
    instances = [
        Instance(name, node.url, directory, hints_url=hints)
        for name, node in zip(NAMES, cluster.nodes, strict=True)
    ]
    try:
        for instance in instances:
            instance.start()
        for instance in instances:
            instance.wait_ready()
        time.sleep(3)  # past the start's own statements
        before = {node.name: commits(node.url) for node in cluster.nodes}
        ticks = sum(cpu.ticks(pid) for pid in cluster_pids(cluster))
        time.sleep(seconds)
        used = (sum(cpu.ticks(pid) for pid in cluster_pids(cluster)) - ticks) / cpu.TICK
        after = {node.name: commits(node.url) for node in cluster.nodes}
    finally:
        for instance in instances:
            instance.stop()
    rates = {name: (after[name] - before[name]) / seconds for name in before}
    print(
        f"idle, an instance on each node, {seconds:g} s: transactions a second "
        + ", ".join(f"{name} {num(rate)}" for name, rate in rates.items())
        + f"; the cluster's CPU {100 * used / seconds:.1f}% of a core"
    )


def cluster_pids(cluster: citus.CitusCluster) -> list[int]:
    """Every process of the cluster's servers (postmasters, backends, background ones)."""
    return [p for node in cluster.nodes for p in cpu.tree(postmaster(node.dir / "data"))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    args = parser.parse_args()
    if not citus.installed():
        print("bench on Citus skipped: Citus is not installed (DEVELOPERS.md builds it)")
        return 0
    plain, cluster = Database(), citus.CitusCluster()
    try:
        plain.start()
        plain.migrate()
        cluster.start()
        migrate(cluster.coordinator.sqlalchemy_url)
        results = side_by_side(plain, cluster, args.clients, args.seconds)
        plain.remove()  # before the idle part: only the cluster is measured
        idle(cluster, args.idle_seconds)
    finally:
        plain.remove()
        cluster.remove()
    base = figures(results["postgresql"][args.clients])
    print(f"{args.clients} clients, Old Maid, {args.seconds:g} s a side in slices by turns")
    for name, result in results.items():
        side = figures(result[args.clients])
        print(
            f"{name:>17}: {num(side['moves_per_second'])} moves/s"
            f" ({side['moves_per_second'] / base['moves_per_second']:.2f}x),"
            f" move p50 {num(side['move_p50_ms'], 1)} ms, p99 {num(side['move_p99_ms'], 1)} ms,"
            f" CPU {num(side['cpu_ms_per_move'], 2)} ms a move"
            f" (the database's {num(side['postgres_cpu_ms_per_move'], 2)}),"
            f" errors {side['errors'] or 0}"
        )
    return 0


def side_by_side(plain: Database, cluster: citus.CitusCluster, clients: int, seconds: float):
    coordinator, worker_node = cluster.coordinator, cluster.nodes[1]
    hints = {"HINTS_DATABASE_URL": coordinator.url}
    sides = {
        "postgresql": (plain.url, {}, [postmaster(plain.dir / "data")]),
        "citus": (coordinator.url, {}, None),
        "citus via worker": (worker_node.url, hints, None),
    }
    with ExitStack() as stack:
        servers = {}
        for name, (url, env, pids) in sides.items():
            server = stack.enter_context(serve(url, workers=2, env={**UNLIMITED, **env}))
            worker = stack.enter_context(service_worker(url, env))
            watched = {"worker_pid": worker.pid, "database_pids": pids or cluster_pids(cluster)}
            servers[name] = (server, watched)
        return load_by_turns(servers, [clients], seconds)


if __name__ == "__main__":
    raise SystemExit(main())
