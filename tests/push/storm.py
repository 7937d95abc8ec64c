"""`make bench-push STORM=10000`: ``--clients`` waiting clients opening their connections
at once, as after a restart (half long polls, half streams, four a table, each from its
table's last event so that it waits), while a prober asks `/v1/health` every 50 ms.

Each client honours a 503's or 429's Retry-After (plus up to half a second of its own
jitter) and tries again, ``TRIES`` times at most. Printed: how each client's first try
was answered and how each ended (served, refused, closed before any status line, reset,
no answer in time), the retries, how long until every client was served, and
``/v1/health`` latency during the storm. Exits 1 when a client was not served or a
connection closed without a status line; asserts nothing about speed.

    python -m tests.push.storm [--clients 10000] [--workers 2]
"""

import argparse
import asyncio
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from .bench import Bench, Table, _percentiles, _print_log, served
from .server import Server

TRIES = 30  # per client; the server's Retry-After paces them
LONG_POLL_WAIT = 20  # seconds: long enough that the long polls are all held at once
ANSWER_SECONDS = 120  # a status line later than this counts as none (a deadline)
PROBE_EVERY, PROBE_TIMEOUT = 0.05, 5.0
CONNECT_TRIES = 5  # a connection refused or timed out (the backlog full): tried again


@dataclass
class Outcome:
    first: str = ""  # how the first try was answered: "200", "503", "closed", ...
    end: str = ""  # how the client ended: "served", or how its last try was answered
    tries: int = 0
    served_at: float | None = None
    stream: bool = False


@dataclass
class Storm:
    server: Server
    outcomes: list[Outcome] = field(default_factory=list)
    samples: dict[str, str] = field(default_factory=dict)  # one detail per kind
    held: list[asyncio.StreamWriter] = field(default_factory=list)  # open streams
    started: float = 0.0

    async def one_try(self, path: str, stream: bool) -> tuple[str, float]:
        """One connection, one request: ("200" | "503" | "429" | "closed" | "reset" |
        "timeout" | "other NNN" | "connect <error>", Retry-After)."""
        try:
            reader, writer = await self.connect(path, stream)
        except OSError as error:
            return f"connect {type(error).__name__}", 1.0
        try:
            async with asyncio.timeout(ANSWER_SECONDS):
                line = await reader.readline()
                if not line:
                    return "closed", 1.0
                status = line.split()[1].decode()
                headers = await _headers(reader)
                if status == "200" and stream:
                    self.held.append(writer)  # held open until the storm is over
                    writer = None
                    return status, 0.0
                body = await reader.read()
            if status != "200":
                self.samples.setdefault(status, body[:300].decode(errors="replace"))
            if status in ("503", "429") and "retry-after" not in headers:
                return f"{status} without Retry-After", 1.0
            if status not in ("200", "503", "429"):
                return f"other {status}", 1.0
            return status, float(headers.get("retry-after", 0))
        except ConnectionResetError:
            return "reset", 1.0
        except TimeoutError:
            return "timeout", 1.0
        finally:
            if writer is not None:
                writer.close()

    async def connect(self, path: str, stream: bool):
        for attempt in range(CONNECT_TRIES):
            try:
                reader, writer = await asyncio.open_connection(self.server.host, self.server.port)
                break
            except (ConnectionRefusedError, TimeoutError):
                if attempt == CONNECT_TRIES - 1:
                    raise
                await asyncio.sleep(random.uniform(0.5, 1.5))
        accept = "text/event-stream" if stream else "application/json"
        head = (
            f"GET {path} HTTP/1.1\r\nHost: storm\r\nAccept: {accept}\r\nConnection: close\r\n\r\n"
        )
        writer.write(head.encode())
        await writer.drain()
        return reader, writer

    async def waiter(self, path: str, stream: bool, start: asyncio.Event) -> None:
        outcome = Outcome(stream=stream)
        self.outcomes.append(outcome)
        await start.wait()
        for outcome.tries in range(1, TRIES + 1):
            answer, retry_after = await self.one_try(path, stream)
            outcome.first = outcome.first or answer
            outcome.end = answer
            if answer == "200":
                outcome.end, outcome.served_at = "served", time.monotonic()
                return
            await asyncio.sleep(retry_after + random.uniform(0, 0.5))


async def _headers(reader: asyncio.StreamReader) -> dict[str, str]:
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return headers


async def last_seqs(bench: Bench, tables: list[Table]) -> dict[str, int]:
    gate = asyncio.Semaphore(50)

    async def one(table: Table) -> tuple[str, int]:
        async with gate:
            answer = await bench.call("GET", f"/v1/games/{table.id}/events?limit=1")
            return table.id, answer.json()["last_seq"] if answer else 0

    return dict(await asyncio.gather(*(one(table) for table in tables)))


def paths(tables: list[Table], seqs: dict[str, int], clients: int) -> list[tuple[str, bool]]:
    """Four a table: two long polls, two streams, each from the table's last event."""
    chosen = []
    for n in range(clients):
        table = tables[n // 4]
        after, base = seqs[table.id], f"/v1/games/{table.id}"
        if n % 4 < 2:
            chosen.append((f"{base}/events?after={after}&wait={LONG_POLL_WAIT}", False))
        else:
            chosen.append((f"{base}/stream?after={after}", True))
    return chosen


async def report(storm: Storm) -> None:
    """A line every 5 s: how the clients' first tries were answered, and how many are
    served."""
    while True:
        await asyncio.sleep(5)
        first = Counter(o.first for o in storm.outcomes if o.first)
        served = sum(o.end == "served" for o in storm.outcomes)
        at = time.monotonic() - storm.started
        print(f"  {at:5.0f} s: served {served}; first tries {dict(first)}", flush=True)


async def run(server: Server, clients: int, seconds: float) -> dict:
    bench = Bench(server)
    began = time.monotonic()
    tables = await bench.create_tables((clients + 3) // 4)
    seqs = await last_seqs(bench, tables)
    print(f"setup: {len(tables)} tables in {time.monotonic() - began:.0f} s", flush=True)
    storm, start = Storm(server), asyncio.Event()
    tasks = [
        asyncio.create_task(storm.waiter(p, s, start)) for p, s in paths(tables, seqs, clients)
    ]
    await asyncio.sleep(0.5)  # every task at the start line
    log_at, health, done = len(server.log()), [], asyncio.Event()
    prober = asyncio.create_task(probe(bench, health, done))
    storm.started = time.monotonic()
    start.set()
    reporter = asyncio.create_task(report(storm))
    _, unfinished = await asyncio.wait(tasks, timeout=seconds)
    for task in unfinished:  # counted by how their last try was answered
        task.cancel()
    reporter.cancel()
    settled = time.monotonic() - storm.started
    await asyncio.sleep(2)  # the probes of the held waiters' quiet
    done.set()
    await prober
    for writer in storm.held:
        writer.close()
    _print_log(server, log_at, "server log")
    return figures(storm, health, settled, clients)


async def probe(bench: Bench, health: list, done: asyncio.Event) -> None:
    """``/v1/health`` every ``PROBE_EVERY`` s: milliseconds, or None when unanswered."""

    async def one() -> None:
        sent = time.monotonic()
        answer = await bench.call("GET", "/v1/health", timeout=PROBE_TIMEOUT)
        health.append(None if answer is None else (time.monotonic() - sent) * 1000)

    tasks = []
    while not done.is_set():
        tasks.append(asyncio.create_task(one()))
        await asyncio.sleep(PROBE_EVERY)
    await asyncio.gather(*tasks)


def figures(storm: Storm, health: list, settled: float, clients: int) -> dict:
    outcomes = storm.outcomes
    opened = [o.served_at for o in outcomes if o.stream and o.served_at]
    streams_open = max(opened, default=storm.started) - storm.started
    answered = [ms for ms in health if ms is not None]
    p50_p99 = _percentiles(answered)
    return {
        "clients": clients,
        "first_try": dict(Counter(o.first for o in outcomes).most_common()),
        "served_at_once": sum(o.end == "served" and o.tries == 1 for o in outcomes),
        "served_after_503": sum(o.end == "served" and o.first == "503" for o in outcomes),
        "served_after_429": sum(o.end == "served" and o.first == "429" for o in outcomes),
        "not_served": dict(Counter(o.end or "none" for o in outcomes if o.end != "served")),
        "closed_before_a_status_line": sum(o.first in ("closed", "reset") for o in outcomes),
        "tries": dict(sorted(Counter(o.tries for o in outcomes).items())),
        "seconds_until_all_settled": round(settled, 1),
        "seconds_until_every_stream_open": round(streams_open, 1),
        "health_probes": len(health),
        "health_unanswered": len(health) - len(answered),
        "health_p50_p99_ms": [round(ms, 1) for ms in p50_p99 or ()],
        "health_slowest_ms": round(max(answered, default=0), 1),
        "refusals": storm.samples,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=600, help="the storm's deadline")
    args = parser.parse_args()
    with served(args.workers) as server:
        result = asyncio.run(run(server, args.clients, args.seconds))
    print(json.dumps(result, indent=2))
    failed = result["not_served"] or result["closed_before_a_status_line"]
    print("FAILED: not every client was served" if failed else "every client was served")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
