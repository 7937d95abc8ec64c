"""Thousands of waiters through a PostgreSQL restart (part of ``make chaos``).

On a PostgreSQL cluster of its own, one instance of the service (gunicorn, gevent
workers) holds ``--waiters`` waiting clients (four a table: two long-poll, two stream)
while a driver plays moves on random tables and a prober asks ``/v1/health`` every 20 ms.
PostgreSQL is stopped for ``DOWN_SECONDS``, then started again. Printed beside the
targets: ``/v1/health`` p99 and slowest answer over the whole run, how long after the
database's return the first move was accepted, and the server's warnings by kind. Exits
1 when the fault costs far more than the load alone (``LIMITS``): health slower through
the outage than ``SLOWER`` times what it was before it, a probe unanswered, no move
within the limit. The machine's own speed, which slows every phase alike, decides
nothing.

    python -m tests.push.outage [--waiters 2000]
"""

import argparse
import asyncio
import json
import sys
import time

from bench.common import UNLIMITED

from ..chaos import Cluster
from ..databases import migrate
from . import client
from .bench import Bench, _percentiles, _print_log
from .server import serve

TARGETS = {"health_p99_ms": 100, "first_move_seconds": 2.0}
LIMITS = {"health_p99_ms": 1000, "first_move_seconds": 10.0, "health_unanswered": 0}
SLOWER = 5  # the outage's health p99 against the p99 before it, at most
UP_SECONDS, DOWN_SECONDS, AFTER_SECONDS = 3.0, 4.0, 12.0
PROBE_EVERY, PROBE_TIMEOUT = 0.02, 5.0


async def probe(bench: Bench, until: float, answers: list) -> None:
    """``/v1/health`` every ``PROBE_EVERY`` s: (sent, milliseconds or None if unanswered)."""

    async def one() -> None:
        sent = time.monotonic()
        answer = await bench.call("GET", "/v1/health", timeout=PROBE_TIMEOUT)
        answers.append((sent, None if answer is None else (time.monotonic() - sent) * 1000))

    await bench.every(PROBE_EVERY, until, one)


async def restart(cluster: Cluster) -> tuple[float, float]:
    """Stop PostgreSQL after ``UP_SECONDS``, start it ``DOWN_SECONDS`` later; returns when
    it stopped and when it was back."""
    await asyncio.sleep(UP_SECONDS)
    await asyncio.to_thread(cluster.stop)
    stopped = time.monotonic()
    await asyncio.sleep(DOWN_SECONDS)
    await asyncio.to_thread(cluster.start)
    return stopped, time.monotonic()


async def run(bench: Bench, cluster: Cluster, waiters: int) -> dict:
    tables = await bench.create_tables((waiters + 3) // 4)
    held, tasks = await bench.hold(waiters, tables)
    log_at = len(bench.server.log())
    until = time.monotonic() + UP_SECONDS + DOWN_SECONDS + AFTER_SECONDS
    health: list = []
    (stopped, back), *_ = await asyncio.gather(
        restart(cluster), probe(bench, until, health), bench.drive(tables, 20, until)
    )
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    answered = [ms for _, ms in health if ms is not None]
    first = min((at for at in bench.level.accepted if at > back), default=None)
    slowest = max(answered, default=0)
    _print_log(bench.server, log_at, "server log")
    return {
        "waiters": waiters,
        "held": held,
        "database_down_seconds": round(back - stopped, 1),
        "health_probes": len(health),
        "health_unanswered": len(health) - len(answered),
        "health_p50_p99_ms": _p50_p99(answered),
        "health_p50_p99_ms_by_phase": {
            "before": _p50_p99([ms for sent, ms in health if ms and sent < stopped]),
            "down": _p50_p99([ms for sent, ms in health if ms and stopped <= sent < back]),
            "back": _p50_p99([ms for sent, ms in health if ms and sent >= back]),
        },
        "health_slowest_ms": round(slowest, 1),
        "first_move_after_return_seconds": None if first is None else round(first - back, 2),
        "moves_accepted": len(bench.level.accepted),
        "warnings_a_waiter_could_not_look": bench.server.log()[log_at:].count(
            "a waiter could not look"
        ),
    }


def _p50_p99(values: list[float]) -> list[float]:
    return [round(ms, 1) for ms in _percentiles(values) or ()]


def p99_of(figures: dict, *phases: str) -> float:
    """The slowest of these phases' health p99 (all of the run without phases)."""
    by_phase = figures["health_p50_p99_ms_by_phase"]
    shown = [by_phase[phase] for phase in phases] or [figures["health_p50_p99_ms"]]
    return max((pair[1] if pair else float("inf")) for pair in shown)


def missed(figures: dict, limits: dict, p99: float) -> list[str]:
    first = figures["first_move_after_return_seconds"]
    problems = []
    if p99 > limits["health_p99_ms"]:
        problems.append(f"/v1/health p99 {p99} ms (limit {limits['health_p99_ms']})")
    if first is None or first > limits["first_move_seconds"]:
        problems.append(f"first move {first} s after the return ({limits['first_move_seconds']})")
    if figures["health_unanswered"] > limits.get("health_unanswered", 0):
        problems.append(f"{figures['health_unanswered']} health probes unanswered")
    if figures["held"] < figures["waiters"]:
        problems.append(f"only {figures['held']} of {figures['waiters']} waiters held")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waiters", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    client.raise_open_files_limit()
    cluster = Cluster()
    try:
        cluster.start()
        url = cluster.url.replace("postgresql://", "postgresql+psycopg://")
        migrate(url)
        with serve(url, workers=args.workers, env=UNLIMITED) as server:
            figures = asyncio.run(run(Bench(server), cluster, args.waiters))
    finally:
        cluster.remove()
    print(json.dumps({"figures": figures, "targets": TARGETS}, indent=2))
    before = p99_of(figures, "before")
    limits = {**LIMITS, "health_p99_ms": max(LIMITS["health_p99_ms"], SLOWER * before)}
    failures = missed(figures, limits, p99_of(figures, "down", "back"))
    for failure in failures:
        print("FAILED:", failure)
    for warning in missed(figures, {**TARGETS, "health_unanswered": 0}, p99_of(figures)):
        print("target missed:", warning)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
