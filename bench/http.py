"""Part ``http``: HTTP moves against two ceilings (see ``__init__``)."""

import json
import os
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from contextlib import ExitStack, contextmanager, suppress

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.databases import fresh_database
from tests.push.server import ROOT, Server, serve

from . import pgbench
from .common import UNLIMITED
from .report import num, percentile, progress, ratio

WORKERS = 2
UNHINTED = "bench.unhinted:create_app()"
BARE_SQL = "bench.bare_sql:app"
KINDS = ("view", "move", "deal")


def serve_bare(workers: int = WORKERS):
    """``bare.py`` under the same gunicorn config as the service (it needs no database)."""
    return serve("sqlite://", workers=workers, app="bench.bare:app")


@contextmanager
def service_worker(url: str, env: dict[str, str] | None = None):
    """``python -m service.worker`` beside gunicorn, as ``service.run`` starts it."""
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "service.worker"],
            cwd=ROOT,
            env={**os.environ, **UNLIMITED, "DATABASE_URL": url, **(env or {})},
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            yield process
        finally:
            with suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def load(
    server: Server,
    clients: int,
    seconds: float,
    worker_pid=None,
    database=None,
    database_pids=None,
) -> dict:
    config = {
        "host": server.host,
        "port": server.port,
        "clients": clients,
        "seconds": seconds,
        "warmup": min(2.0, max(0.5, seconds / 10)),
        "game": "old-maid",
        "server_pid": server.master,
        "worker_pid": worker_pid,
        "database": database,
        "database_pids": database_pids,
    }
    done = subprocess.run(
        [sys.executable, "-m", "bench.client", json.dumps(config)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(
            f"the load client failed:\n{done.stderr[-3000:]}\n{server.log()[-3000:]}"
        )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["requests"] = sum(len(v) for v in result["latencies"].values())
    return result


def on_disk(url: str) -> dict:
    """Bytes on disk after the run (tables with indexes and TOAST), per move made."""
    engine = create_engine(url)
    with engine.connect() as connection:
        sizes = {
            table: connection.scalar(text(f"SELECT pg_total_relation_size('{table}')"))
            for table in ("games", "events", "idempotent_answers")
        }
        moves = connection.scalar(text("SELECT count(*) FROM events WHERE by IS NOT NULL"))
        events = connection.scalar(text("SELECT count(*) FROM events"))
    engine.dispose()
    return {"sizes": sizes, "moves": moves, "events": events}


SLICES = 3  # each load cut into slices, the servers' taken by turns


def merged(first: dict | None, then: dict) -> dict:
    """Two slices of one server's load as one: counts and CPU seconds add up (the
    machine's busy share weighted by time), latencies join."""
    if first is None:
        return then
    seconds = first["seconds"] + then["seconds"]
    cpu = {name: first["cpu"].get(name, 0) + then["cpu"].get(name, 0) for name in then["cpu"]}
    cpu["machine_share"] = (
        first["cpu"]["machine_share"] * first["seconds"]
        + then["cpu"]["machine_share"] * then["seconds"]
    ) / seconds
    kinds = first["latencies"].keys() | then["latencies"].keys()
    return {
        "seconds": seconds,
        "latencies": {
            kind: first["latencies"].get(kind, []) + then["latencies"].get(kind, [])
            for kind in kinds
        },
        "errors": dict(Counter(first["errors"]) + Counter(then["errors"])),
        "moves": first["moves"] + then["moves"],
        "requests": first["requests"] + then["requests"],
        "reconnects": first["reconnects"] + then["reconnects"],
        "cpu": cpu,
    }


def load_by_turns(servers: dict[str, tuple[Server, dict]], counts, seconds: float) -> dict:
    """{server's name: {clients: its load}}, each load SLICES slices taken by turns with
    the other servers': the machine's speed drifts within seconds, and a ratio of two
    servers measured minutes apart drifts with it."""
    results: dict[str, dict] = {name: {} for name in servers}
    for n in counts:
        for turn in range(SLICES):
            for name, (server, watched) in servers.items():
                progress(f"http: {name}, {n} clients, slice {turn + 1} of {SLICES}")
                part = load(server, n, seconds / SLICES, **watched)
                results[name][n] = merged(results[name].get(n), part)
    return results


def run(server_url: str, seconds: float, counts, report, found: dict) -> None:
    pg_seconds = float(os.environ.get("PGBENCH_SECONDS") or max(1, round(seconds / 2)))
    results: dict = {"pgbench": {}}
    progress("http: the service with service.worker, the service with its hints off, bare")
    with ExitStack() as stack:
        url, unhinted_url, trips_url = (
            stack.enter_context(fresh_database(server_url)) for _ in range(3)
        )
        service = stack.enter_context(serve(url, workers=WORKERS, env=UNLIMITED))
        worker = stack.enter_context(service_worker(url))
        unhinted = stack.enter_context(
            serve(unhinted_url, workers=WORKERS, env=UNLIMITED, app=UNHINTED)
        )
        bare = stack.enter_context(serve_bare())
        trips = stack.enter_context(serve(trips_url, workers=WORKERS, env=UNLIMITED, app=BARE_SQL))
        servers = {
            "service": (service, {"worker_pid": worker.pid, "database": make_url(url).database}),
            "unhinted": (unhinted, {}),
            "bare": (bare, {}),
            "bare_sql": (trips, {"database": make_url(trips_url).database}),
        }
        results |= load_by_turns(servers, counts, seconds)
        found["old-maid on disk"] = on_disk(url)
    with fresh_database(server_url) as url:
        progress("pgbench: capturing one move in process")
        captured = pgbench.capture(url)
        found["captured move"] = captured
        pgbench.clone(url, captured, max(counts))
        variants = {
            "move + hint": pgbench.script(captured, notify=True),
            "move, no hint": pgbench.script(captured, notify=False),
            "move, hint in its transaction": pgbench.script(captured, notify=True, in_move=True),
            "view + move + hint": pgbench.script(captured, notify=True, with_view=True),
        }
        found["pgbench scripts"] = variants
        with pgbench.Listeners(url, WORKERS):
            for name, body in variants.items():
                for n in counts:
                    progress(f"pgbench: {name}, {n} clients, {pg_seconds:g} s")
                    results["pgbench"][(name, n)] = pgbench.run(url, body, n, pg_seconds, captured)
    rows(results, counts, report)
    report.add(
        "http",
        "how",
        f"{SLICES} slices",
        "",
        f"each {seconds:g} s load cut into {SLICES}, the four servers' taken by turns;"
        " pgbench after them",
    )
    script_row(captured, results, report)


def script_row(captured, results, report) -> None:
    from .capture import describe

    mirrors = all(r["mirrors"] for r in results["pgbench"].values())
    failed = sum(r["failed"] for r in results["pgbench"].values())
    report.add(
        "pgbench script",
        "one captured move (Old Maid, 4 humans)",
        describe(captured.move),
        "round trips",
        "+ hint: " + describe(captured.move.side) if captured.move.side.round_trips else "",
    )
    report.add(
        "pgbench script",
        "each transaction added one move's events and version",
        "yes" if mirrors else "NO: the script does not mirror a move",
        "",
        f"{captured.events} events/move; {failed} failed transactions; -M prepared, -j 2",
    )


def per_second(result: dict, counted: str) -> float:
    """A load's ``moves`` or ``requests`` per second."""
    return result[counted] / result["seconds"]


def cpu_ms_per_request(result: dict, process: str) -> float:
    """CPU milliseconds of ``process`` (``server``, ``client``) per request of a load."""
    return result["cpu"][process] / result["requests"] * 1000


def hints_cost(n: int, service: dict, results: dict, report) -> None:
    """What the change hints cost: the service against itself with hints off, and the
    move's SQL with the hint after its commit (as sent) or in its transaction."""
    part = f"http, {n} clients"
    unhinted = results["unhinted"][n]
    s_mps = per_second(service, "moves")
    u_mps = per_second(unhinted, "moves")
    report.add(
        part,
        "moves/s, hints on",
        num(s_mps),
        "moves/s",
        f"hints off {num(u_mps)}",
        ratio(s_mps, u_mps),
    )
    s_per = cpu_ms_per_request(service, "server")
    u_per = cpu_ms_per_request(unhinted, "server")
    report.add(
        part,
        "gunicorn CPU per request, hints on",
        num(s_per, 2),
        "ms",
        f"hints off {num(u_per, 2)}",
        ratio(s_per, u_per),
    )
    plain = results["pgbench"][("move, no hint", n)]["tps"]
    for name in ("move + hint", "move, hint in its transaction"):
        tps = results["pgbench"][(name, n)]["tps"]
        report.add(
            part, f"pgbench {name}", num(tps), "tps", f"no hint {num(plain)}", ratio(tps, plain)
        )


def rows(results: dict, counts, report) -> None:
    for n in counts:
        part = f"http, {n} clients"
        service, bare = results["service"][n], results["bare"][n]
        hint, plain = (
            results["pgbench"][("move + hint", n)],
            results["pgbench"][("move, no hint", n)],
        )
        loop = results["pgbench"][("view + move + hint", n)]
        s_rps = per_second(service, "requests")
        b_rps = per_second(bare, "requests")
        s_mps = per_second(service, "moves")
        b_mps = per_second(bare, "moves")
        report.add(
            part,
            "requests/s (all kinds)",
            num(s_rps),
            "req/s",
            f"bare Flask {num(b_rps)}",
            ratio(s_rps, b_rps),
        )
        trips = results["bare_sql"][n]
        q_rps = per_second(trips, "requests")
        report.add(
            part, "", "", "", f"bare Flask + the store's SQL {num(q_rps)}", ratio(s_rps, q_rps)
        )
        report.add(
            part,
            "moves/s (view + move each)",
            num(s_mps),
            "moves/s",
            f"bare Flask {num(b_mps)}",
            ratio(s_mps, b_mps),
        )
        report.add(
            part,
            "moves/s vs the move's SQL",
            num(s_mps),
            "moves/s",
            f"pgbench move+hint {num(hint['tps'])} tps",
            ratio(s_mps, hint["tps"]),
        )
        report.add(
            part,
            "",
            "",
            "",
            f"pgbench move, no hint {num(plain['tps'])} tps",
            ratio(s_mps, plain["tps"]),
        )
        report.add(
            part,
            "",
            "",
            "",
            f"pgbench view+move+hint {num(loop['tps'])} tps",
            ratio(s_mps, loop["tps"]),
        )
        hints_cost(n, service, results, report)
        for kind in KINDS:
            values = service["latencies"].get(kind, [])
            if not values:
                continue
            figure = "/".join(num(percentile(values, p) * 1000, 1) for p in (0.5, 0.95, 0.99))
            ref = bare["latencies"].get(kind, [])
            reference = (
                "bare " + "/".join(num(percentile(ref, p) * 1000, 1) for p in (0.5, 0.95, 0.99))
                if ref
                else ""
            )
            if kind == "move":
                reference += f"; pgbench move+hint avg {num(hint['latency_ms'], 1)}"
            report.add(
                part, f"{kind} latency p50/p95/p99 (n={len(values)})", figure, "ms", reference
            )
        s_cpu, b_cpu = service["cpu"], bare["cpu"]
        s_cpu.setdefault("postgres", 0.0)
        b_cpu.setdefault("postgres", 0.0)
        s_per = cpu_ms_per_request(service, "server")
        b_per = cpu_ms_per_request(bare, "server")
        report.add(
            part,
            "gunicorn CPU per request (master+workers)",
            num(s_per, 2),
            "ms",
            f"bare {num(b_per, 2)}",
            ratio(s_per, b_per),
        )
        q_per = cpu_ms_per_request(trips, "server")
        report.add(part, "", "", "", f"bare + the store's SQL {num(q_per, 2)}", ratio(s_per, q_per))
        pg_move = s_cpu["postgres"] / max(service["moves"], 1) * 1000
        pg_ref = hint["cpu"]["postgres"] / max(hint["transactions"], 1) * 1000
        pg_loop = loop["cpu"]["postgres"] / max(loop["transactions"], 1) * 1000
        report.add(
            part,
            "PostgreSQL CPU per move (its backends)",
            num(pg_move, 2),
            "ms",
            f"pgbench move+hint {num(pg_ref, 2)}, view+move+hint {num(pg_loop, 2)}",
            ratio(pg_move, pg_loop),
        )
        report.add(
            part, "service.worker CPU in the window", num(s_cpu.get("worker", 0), 2), "s", ""
        )
        s_client = cpu_ms_per_request(service, "client")
        b_client = cpu_ms_per_request(bare, "client")
        report.add(
            part,
            "load client CPU (one process)",
            f"{num(s_cpu['client'], 2)} ({num(s_client, 3)}/req)",
            "s (ms)",
            f"bare run {num(b_cpu['client'], 2)} ({num(b_client, 3)}/req); "
            f"pgbench {num(hint['cpu']['pgbench'], 2)}",
        )
        share = s_cpu["machine_share"]
        others = (
            s_cpu["machine_busy"]
            - s_cpu["server"]
            - s_cpu["postgres"]
            - s_cpu["client"]
            - s_cpu.get("worker", 0)
        )
        b_others = b_cpu["machine_busy"] - b_cpu["server"] - b_cpu["client"]
        report.add(
            part,
            "machine busy (2 cores, all shared)",
            f"{num(share * 100)}%",
            "",
            f"bare run {num(b_cpu['machine_share'] * 100)}%; "
            f"pgbench {num(hint['cpu']['machine_share'] * 100)}%",
        )
        report.add(
            part,
            "  of which processes not ours",
            num(others, 1),
            "CPU s",
            f"of {num(s_cpu['machine_busy'], 1)} busy in {num(service['seconds'])} s; "
            f"bare run {num(b_others, 1)} of {num(b_cpu['machine_busy'], 1)}",
        )
        errors = sum(service["errors"].values())
        if errors or service["reconnects"] or not hint["mirrors"]:
            report.add(
                part,
                "errors / reconnects / pgbench mirrors",
                f"{errors} {service['errors']} / {service['reconnects']}",
                "",
                "answers that were not 2xx, by kind; reconnections of the client",
            )
