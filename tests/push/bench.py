"""`make bench-push`: how many waiting clients the served service holds, and how it answers
meanwhile. For each level N: N waiters on N/4 Old Maid tables (per table two seats long-poll,
two stream), then for ``--seconds`` a driver plays moves on random tables and a prober asks
`/v1/health` every 50 ms. Prints figures beside the targets; asserts nothing.

Wake latency of a move: first receipt of one of its events by any waiter - the time its
request was sent (so it includes the move's own time)."""

import argparse
import asyncio
import gc
import os
import random
import re
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from bench.common import UNLIMITED

from ..databases import fresh_database, server_url
from . import client
from .server import Server, serve

TARGETS = {"held": 10_000, "health_p99_ms": 50, "wake_p99_ms": 100, "errors": 0}
SETUP_IN_FLIGHT = 50  # requests while creating tables
SETUP_TRIES = 10  # each setup request, while the service answers 503 or not at all
CONNECT_IN_FLIGHT = 500  # waiters connecting and not yet held
HELD_AFTER = 1.0  # a long poll unanswered this long after it was sent is held
LONG_POLL_WAIT = 30
TIMEOUT = 10.0  # for requests that should not wait
STREAM_SILENCE = 40.0  # heartbeats come every 15 s: longer is a stall
PROBE_EVERY = 0.05
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@dataclass
class Table:
    id: str
    host: str
    tokens: list[str]


@dataclass
class Waiter:
    table: Table
    seat: int
    gate: asyncio.Semaphore | None  # released once held, or when a try failed
    held: bool = False
    request: int = 0  # the long poll's current request, to tell a stale held check

    def settle(self) -> None:
        if self.gate is not None:
            self.gate.release()
            self.gate = None

    def mark_held(self, request: int | None = None) -> None:
        if request is None or request == self.request:
            self.held = True
            self.settle()


@dataclass
class Level:
    waiters: int
    errors: Counter = field(default_factory=Counter)
    samples: dict[str, str] = field(default_factory=dict)  # one message per kind of error
    receipts: dict[tuple[str, int], float] = field(default_factory=dict)  # first receipt
    moves: list[tuple[float, str, list[int]]] = field(default_factory=list)  # sent, game, seqs
    accepted: list[float] = field(default_factory=list)  # when each move's 201 came
    health_ms: list[float] = field(default_factory=list)
    server_waiters: list[int] = field(default_factory=list)  # per sample: one worker's count
    lag_ms: list[float] = field(default_factory=list)  # the client's event loop, late by


class Bench:
    def __init__(self, server: Server):
        self.server = server
        self.level = Level(0)

    def error(self, what: str, problem: str) -> None:
        self.level.errors[what] += 1
        self.level.samples.setdefault(what, problem[:300])

    async def call(self, method, path, json=None, token=None, timeout=TIMEOUT, **options):
        """The answer, or None after counting a non-2xx, a connection error or a timeout."""
        headers = {"Authorization": f"Bearer {token}"} if token else None
        what = f"{method} {UUID.sub('{id}', path.split('?')[0])}"
        try:
            answer = await client.request(
                self.server.host, self.server.port, method, path, json, headers, timeout, **options
            )
        except (OSError, EOFError, ValueError, TimeoutError) as error:
            self.error(f"{what} {type(error).__name__}", repr(error))
            return None
        if not 200 <= answer.status < 300:
            self.error(f"{what} {answer.status}", answer.body.decode(errors="replace"))
            return None
        return answer

    def received(self, game: str, seq: int) -> None:
        self.level.receipts.setdefault((game, seq), time.monotonic())

    # --- setup ------------------------------------------------------------------------

    async def create_tables(self, count: int) -> list[Table]:
        gate = asyncio.Semaphore(SETUP_IN_FLIGHT)

        async def one(n: int) -> Table:
            async with gate:
                return await self.create_table(n)

        return await asyncio.gather(*(one(n) for n in range(count)))

    async def create_table(self, n: int) -> Table:
        async def need(method, path, json=None, token=None):
            for _ in range(SETUP_TRIES):  # a busy machine's 503 asks for a retry
                if (answer := await self.call(method, path, json, token)) is not None:
                    return answer.json()
                await asyncio.sleep(1)
            raise RuntimeError(f"setup failed: {self.level.samples}")

        game = await need("POST", "/v1/games", {"type": "old-maid", "seats": 4})
        path = f"/v1/games/{game['id']}"
        tokens = [
            (await need("POST", f"{path}/players", {"name": f"player {seat}"}))["token"]
            for seat in range(4)
        ]
        await need("POST", f"{path}/deal", token=game["host_token"])
        return Table(game["id"], game["host_token"], tokens)

    # --- waiters ----------------------------------------------------------------------

    async def long_poll(self, waiter: Waiter) -> None:
        """Poll again after every answer, from the last event seen, so it stays held."""
        loop, after = asyncio.get_running_loop(), 0
        token, path = waiter.table.tokens[waiter.seat], f"/v1/games/{waiter.table.id}/events"
        while True:
            waiter.request += 1
            answer = await self.call(
                "GET",
                f"{path}?after={after}&limit=500&wait={LONG_POLL_WAIT}",
                token=token,
                timeout=LONG_POLL_WAIT + TIMEOUT,
                on_sent=lambda n=waiter.request: loop.call_later(HELD_AFTER, waiter.mark_held, n),
            )
            waiter.request += 1
            if answer is None:
                waiter.settle()
                await asyncio.sleep(1)
                continue
            for event in (events := answer.json()["events"]):
                self.received(waiter.table.id, event["seq"])
            after = events[-1]["seq"] if events else after

    async def stream(self, waiter: Waiter) -> None:
        """Read the stream; when the server closes it, reconnect with Last-Event-ID."""
        token, path = waiter.table.tokens[waiter.seat], f"/v1/games/{waiter.table.id}/stream"
        last_id = None
        while True:
            headers = {"Authorization": f"Bearer {token}"}
            if last_id is not None:
                headers["Last-Event-ID"] = last_id
            try:
                async with asyncio.timeout(STREAM_SILENCE) as silence:
                    messages = client.stream(
                        self.server.host, self.server.port, path, headers, waiter.mark_held
                    )
                    async for message in messages:
                        silence.reschedule(asyncio.get_running_loop().time() + STREAM_SILENCE)
                        if message.event == "end":
                            return
                        if message.id is not None:
                            last_id = message.id
                            self.received(waiter.table.id, int(message.id))
            except client.HTTPError as error:
                self.error(f"GET stream {error.status}", str(error))
            except (OSError, EOFError, ValueError, TimeoutError) as error:
                self.error(f"GET stream {type(error).__name__}", repr(error))
            else:
                continue  # closed by the server after its STREAM_SECONDS
            waiter.settle()
            await asyncio.sleep(1)

    # --- load -------------------------------------------------------------------------

    async def drive(self, tables: list[Table], rate: float, until: float) -> None:
        """Moves on random tables at ``rate`` a second, one at a time per table."""
        busy: set[str] = set()

        async def play(table: Table) -> None:
            busy.add(table.id)
            try:
                path = f"/v1/games/{table.id}"
                if not (summary := await self.call("GET", path)):
                    return
                if summary.json()["status"] == "round_over":
                    await self.call("POST", f"{path}/deal", token=table.host)
                    return
                token = table.tokens[summary.json()["turn"]]
                if not (view := await self.call("GET", f"{path}/view", token=token)):
                    return
                sent = time.monotonic()
                move = view.json()["legal_moves"][0]
                if answer := await self.call("POST", f"{path}/moves", move, token):
                    seqs = [event["seq"] for event in answer.json()["events"]]
                    self.level.moves.append((sent, table.id, seqs))
                    self.level.accepted.append(time.monotonic())
            finally:
                busy.discard(table.id)

        def next_move():
            if free := [table for table in tables if table.id not in busy]:
                return play(random.choice(free))
            return asyncio.sleep(0)

        await self.every(1 / rate, until, next_move, busy=busy)

    async def probe(self, until: float) -> None:
        async def one() -> None:
            start = time.monotonic()
            if answer := await self.call("GET", "/v1/health", timeout=5):
                self.level.health_ms.append((time.monotonic() - start) * 1000)
                self.level.server_waiters.append(answer.json().get("waiters", -1))

        await self.every(PROBE_EVERY, until, one)

    async def watch_loop(self, until: float) -> None:
        """How late the client's own event loop runs (so its stalls are not blamed on the
        server): sleep 10 ms, over and over, and record the overshoot."""
        while (start := time.monotonic()) < until:
            await asyncio.sleep(0.01)
            self.level.lag_ms.append((time.monotonic() - start - 0.01) * 1000)

    @staticmethod
    async def every(period: float, until: float, start, busy=()) -> None:
        """Start ``start()`` every ``period`` seconds until ``until``, however long each
        takes (a slow answer must not hide the next samples); then wait for them all."""
        tasks, due = [], time.monotonic()
        while due < until:
            if len(busy) < 100:  # the driver skips a beat rather than pile up on a stall
                tasks.append(asyncio.create_task(start()))
            due += period
            await asyncio.sleep(max(0.0, due - time.monotonic()))
        await asyncio.gather(*tasks)

    # --- one level --------------------------------------------------------------------

    async def hold(self, n: int, tables: list[Table]) -> tuple[int, list[asyncio.Task]]:
        """Open ``n`` waiters, four a table (two long-poll, two stream), a few hundred
        connecting at a time; returns how many were held, and their tasks."""
        gate = asyncio.Semaphore(CONNECT_IN_FLIGHT)
        waiters = [Waiter(tables[i // 4], i % 4, gate) for i in range(n)]
        tasks = []
        for waiter in waiters:
            await gate.acquire()  # released by the waiter once held (or failed)
            run = self.long_poll if waiter.seat < 2 else self.stream
            tasks.append(asyncio.create_task(run(waiter)))
        give_up = time.monotonic() + 60 + n / 100
        while sum(w.held for w in waiters) < n and time.monotonic() < give_up:
            await asyncio.sleep(0.1)
        return sum(w.held for w in waiters), tasks

    async def run_level(self, n: int, tables: list[Table], seconds: float, rate: float) -> dict:
        self.level = level = Level(n)
        tables = tables[: (n + 3) // 4]
        rss_before, cpu_before = self.server.rss_bytes(), time.process_time()
        opened = time.monotonic()
        held, tasks = await self.hold(n, tables)
        hold_seconds = time.monotonic() - opened
        gc.collect()
        gc.freeze()  # the waiters are long-lived: no collection scans them (pauses of ~0.5 s)

        server_cpu, own_cpu = self.server.cpu_seconds(), time.process_time()
        idle, start = _idle_seconds(), time.monotonic()
        until = start + seconds
        await asyncio.gather(
            self.drive(tables, rate, until), self.probe(until), self.watch_loop(until)
        )
        elapsed = time.monotonic() - start
        server_cpu = (self.server.cpu_seconds() - server_cpu) / elapsed
        own_cpu = (time.process_time() - own_cpu) / elapsed
        idle = (_idle_seconds() - idle) / elapsed
        rest = os.cpu_count() - idle - server_cpu - own_cpu  # PostgreSQL, and anything else
        await asyncio.sleep(1)  # the last wakes
        rss_held, cpu = self.server.rss_bytes(), time.process_time() - cpu_before
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        gc.unfreeze()
        wakes = [
            min(times) - sent
            for sent, game, seqs in level.moves
            if (times := [level.receipts[(game, s)] for s in seqs if (game, s) in level.receipts])
        ]
        return {
            "n": n,
            "held": held,
            "hold_seconds": hold_seconds,
            "health": _percentiles(level.health_ms),
            "server_waiters": level.server_waiters,
            "wake": _percentiles([w * 1000 for w in wakes]),
            "wakes": len(wakes),
            "moves": len(level.moves),
            "errors": sum(level.errors.values()),
            "kb_per_waiter": (rss_held - rss_before) / n / 1024,
            "cpu": cpu,
            "server_cpu": server_cpu,
            "lag": _percentiles(level.lag_ms),
            "lag_max": max(level.lag_ms, default=0),
            "idle": idle / os.cpu_count(),
            "rest_cpu": rest,
        }

    async def settle(self) -> None:
        """After closing the waiters: until the server reports none left in ten answers in a
        row and its RSS stops moving (at most 30 s)."""
        self.level = Level(0)
        give_up, quiet, rss = time.monotonic() + 30, 0, self.server.rss_bytes()
        while time.monotonic() < give_up and quiet < 10:
            answer = await self.call("GET", "/v1/health")
            quiet = quiet + 1 if answer and answer.json().get("waiters", 0) == 0 else 0
            await asyncio.sleep(0.1)
        while time.monotonic() < give_up:
            await asyncio.sleep(0.5)
            rss, previous = self.server.rss_bytes(), rss
            if abs(rss - previous) < 0.01 * previous:
                return


def _idle_seconds() -> float:
    """The machine's idle time so far, all CPUs (from /proc/stat)."""
    with open("/proc/stat") as stat:
        idle, iowait = stat.readline().split()[4:6]
    return (int(idle) + int(iowait)) / os.sysconf("SC_CLK_TCK")


def _percentiles(values: list[float]) -> tuple[float, float] | None:
    if len(values) < 2:
        return None
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49], cuts[98]


def _pair(values) -> str:
    return "-" if values is None else f"{values[0]:.1f} / {values[1]:.1f}"


HEADER = (
    f"{'waiters':>8}  {'held':<11}  {'health p50/p99 ms':>17}  {'wake p50/p99 ms':>15}  "
    f"{'(wakes/moves)':<13}  {'errors':>6}  {'KB/waiter':>9}  {'client CPU s':>12}"
)


def _row(r: dict) -> str:
    held = f"{'yes' if r['held'] == r['n'] else 'no'} {r['held']}"
    wakes = f"({r['wakes']}/{r['moves']})"
    return (
        f"{r['n']:>8}  {held:<11}  {_pair(r['health']):>17}  {_pair(r['wake']):>15}  "
        f"{wakes:<13}  {r['errors']:>6}  {r['kb_per_waiter']:>9.1f}  {r['cpu']:>12.1f}"
    )


def _target_row() -> str:
    held, health = f"{TARGETS['held']:,} held", f"p99 <= {TARGETS['health_p99_ms']}"
    wake = f"p99 <= {TARGETS['wake_p99_ms']}"
    return f"{'target':>8}  {held:<11}  {health:>17}  {wake:>15}  {'':<13}  {TARGETS['errors']:>6}"


async def bench(server: Server, levels: list[int], seconds: float, rate: float) -> None:
    bench = Bench(server)
    start = time.monotonic()
    tables = await bench.create_tables((max(levels) + 3) // 4)
    print(f"setup: {len(tables)} tables in {time.monotonic() - start:.0f} s", flush=True)
    rows = []
    for n in levels:
        log_at = len(server.log())
        rows.append(row := await bench.run_level(n, tables, seconds, rate))
        waiting = row["server_waiters"]
        print(
            f"  {n} waiters: held {row['held']} after {row['hold_seconds']:.1f} s; "
            "server's waiters per worker (health samples) "
            f"{min(waiting, default='-')}..{max(waiting, default='-')}; while driven: "
            f"server CPU {row['server_cpu']:.2f} cores, rest of the machine (PostgreSQL and "
            f"others) {row['rest_cpu']:.2f}, idle {row['idle']:.0%}, "
            f"client loop late p50/p99 {_pair(row['lag'])} ms, max {row['lag_max']:.0f} ms",
            flush=True,
        )
        _print_errors(bench.level, "errors")
        log_at = _print_log(server, log_at, "server log, opening and driven")
        if not server.alive:
            log = "\n".join(server.log().splitlines()[-30:])
            print(f"the server exited ({server.process.returncode}); its log ends:\n{log}")
            break
        await bench.settle()
        _print_errors(bench.level, "errors while closing")
        _print_log(server, log_at, "server log, closing")
    print()
    print(HEADER)
    for row in rows:
        print(_row(row))
    print(_target_row())


def _print_errors(level: Level, title: str) -> None:
    for what, count in level.errors.most_common():
        print(f"    {title}: {count:>6} x {what}: {level.samples[what]}", flush=True)


PROBLEM = re.compile(r"\b(WARNING|ERROR|CRITICAL)\b|^[\w.]+(Error|Exception|Unavailable): ")
STAMP = re.compile(r"^\[[^]]*\] (\[\d+\] )?")


def _print_log(server: Server, since: int, title: str) -> int:
    """Count the server's warnings, errors and exceptions logged since ``since`` (a
    position in its log) by kind; return the log's end."""
    log = server.log()
    problems = Counter(
        UUID.sub("{id}", STAMP.sub("", line))[:200]
        for line in log[since:].splitlines()
        if PROBLEM.search(line)
    )
    for line, count in problems.most_common(8):
        print(f"    {title}: {count:>6} x {line}", flush=True)
    return len(log)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waiters", default="1000,5000,10000", help="levels, comma-separated")
    parser.add_argument("--seconds", type=float, default=20, help="hold time per level")
    parser.add_argument("--moves-per-second", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    levels = [int(n) for n in args.waiters.split(",")]
    with served(args.workers) as server:
        asyncio.run(bench(server, levels, args.seconds, args.moves_per_second))


@contextmanager
def served(workers: int) -> Iterator[Server]:
    """The service served on a fresh database for a push bench, this process's open-files
    limit raised for its clients; a SIGTERM stops the server and drops the database."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    limit = client.raise_open_files_limit()
    print(f"open files limit {limit}; {os.cpu_count()} CPUs; {workers} gevent workers")
    with fresh_database(server_url()) as url, serve(url, workers=workers, env=UNLIMITED) as server:
        yield server


if __name__ == "__main__":
    main()
