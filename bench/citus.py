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

    python -m bench.citus [--seconds 30] [--clients 8]
"""

import argparse
from contextlib import ExitStack
from pathlib import Path

from tests import citus
from tests.databases import migrate
from tests.push.server import serve
from tests.replicas.harness import Database

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    if not citus.installed():
        print("bench on Citus skipped: Citus is not installed (DEVELOPERS.md builds it)")
        return 0
    plain, cluster = Database(), citus.CitusCluster()
    with ExitStack() as stack:
        stack.callback(plain.remove)
        stack.callback(cluster.remove)
        plain.start()
        plain.migrate()
        cluster.start()
        coordinator, worker_node = cluster.coordinator, cluster.nodes[1]
        migrate(coordinator.sqlalchemy_url)
        hints = {"HINTS_DATABASE_URL": coordinator.url}
        sides = {
            "postgresql": (plain.url, {}, [postmaster(plain.dir / "data")]),
            "citus": (coordinator.url, {}, None),
            "citus via worker": (worker_node.url, hints, None),
        }
        every_node = [postmaster(node.dir / "data") for node in cluster.nodes]
        servers = {}
        for name, (url, env, pids) in sides.items():
            server = stack.enter_context(serve(url, workers=2, env={**UNLIMITED, **env}))
            worker = stack.enter_context(service_worker(url, env))
            watched = {"worker_pid": worker.pid, "database_pids": pids or every_node}
            servers[name] = (server, watched)
        results = load_by_turns(servers, [args.clients], args.seconds)
    base = figures(results["postgresql"][args.clients])
    print(f"{args.clients} clients, Old Maid, {args.seconds:g} s a side in slices by turns")
    for name in sides:
        side = figures(results[name][args.clients])
        print(
            f"{name:>17}: {num(side['moves_per_second'])} moves/s"
            f" ({side['moves_per_second'] / base['moves_per_second']:.2f}x),"
            f" move p50 {num(side['move_p50_ms'], 1)} ms, p99 {num(side['move_p99_ms'], 1)} ms,"
            f" CPU {num(side['cpu_ms_per_move'], 2)} ms a move"
            f" (the database's {num(side['postgres_cpu_ms_per_move'], 2)}),"
            f" errors {side['errors'] or 0}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
