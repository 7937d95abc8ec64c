"""``make replicas``: three instances of the service on one PostgreSQL behind HAProxy
(``deploy/haproxy.cfg``), every client through the proxy only.

The load: ``--tables`` Old Maid tables of four seats, two players at each (a short think
time, then a random legal move with an ``Idempotency-Key``, retried with the same key
when the proxy or an instance could not answer), a bot at the third seat on even tables,
and on odd tables a seat whose player never moves, so the turn clock (3 s) acts there;
the last seat is a bot. Players wait for their turn by long poll; two readers follow each
table's stream (a spectator's and a player's). Round robin spreads all of it over the
instances, so a move taken by one wakes waiters held by the others.

It measures moves/s and the move's p99 (from its first try to its 201) with 1, 2 and 3
instances, the same load; then, with 3: SIGKILL one instance's whole process group and
start it again; stop PostgreSQL (a cluster of this run's own) for a few seconds. Then
every match is ended and it checks, exiting 1 on a failure:

- every acknowledged move is in the log exactly once (its key's seq, by ``player``);
- each table's log replays from its seed (``service.verify``), so no bot or clock action
  was applied twice or out of turn, and its seqs run 1..last_seq;
- every stream reader received exactly 1..last_seq, resuming through the proxy with
  ``Last-Event-ID`` after the kill and the outage;
- no answer was a 500 (the clients' count and the proxy's log);
- no line of the database's logs speaks of a deadlock;
- after its health check failed, the proxy sent the killed instance no request until it
  was up again (HAProxy's log: the request's time and server).

With ``--citus spread`` the database is a Citus cluster of the run's own (``make
replicas-citus``): one instance on each node, their hints and turns on the coordinator,
and the outage stops the coordinator; ``--citus coordinator`` puts all three there.

    python -m tests.replicas.run [--short] [--citus spread|coordinator]
"""

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from service import verify
from tests import citus
from tests.push import client

from .harness import HOST, NAMES, CitusDatabase, Database, Instance, Proxy

PROFILES = {
    "full": {"tables": 12, "phase_seconds": 20.0, "fault_seconds": 6.0, "down_seconds": 4.0},
    "short": {"tables": 6, "phase_seconds": 6.0, "fault_seconds": 3.0, "down_seconds": 3.0},
}
THINK_SECONDS = (0.05, 0.15)  # a player's, before each move
BOT_THINK_SECONDS = 0.3
TURN_SECONDS = 3  # the clock of odd tables, where one seat never moves
LONG_POLL_WAIT = 25
TIMEOUT = 10.0
STREAM_SILENCE = 40.0  # heartbeats come every 15 s
RETRY_PAUSE = 0.2
GIVE_UP_SECONDS = 120  # a request the service still could not answer after this long


@dataclass
class Table:
    id: str
    host: str
    tokens: dict[int, str] = field(default_factory=dict)  # seat -> token, players only
    playing: list[int] = field(default_factory=list)  # the seats whose players move


@dataclass
class Ack:
    table: str
    key: str
    seq: int  # the seq of the move's own event (the one that says who made it)
    sent: float
    done: float


@dataclass
class Reader:
    table: Table
    token: str | None
    seqs: list[int] = field(default_factory=list)
    last_id: str | None = None
    opened: list[float] = field(default_factory=list)  # each 200
    broken: list[float] = field(default_factory=list)  # each stream cut short
    ended: bool = False


class Load:
    def __init__(self, port: int):
        self.port = port
        self.statuses: Counter = Counter()
        self.acks: list[Ack] = []
        self.stop = asyncio.Event()
        self.samples: dict[int, str] = {}

    async def call(self, method, path, body=None, token=None, key=None, timeout=TIMEOUT):
        headers = {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if key:
            headers["Idempotency-Key"] = key
        try:
            answer = await client.request(
                HOST, self.port, method, "/v1" + path, body, headers, timeout
            )
        except (OSError, EOFError, ValueError, TimeoutError):
            self.statuses[0] += 1
            return 0, None
        self.statuses[answer.status] += 1
        if answer.status >= 500:
            self.samples.setdefault(answer.status, answer.body[:300].decode(errors="replace"))
        try:
            return answer.status, answer.json() if answer.body else None
        except ValueError:
            return answer.status, None

    async def until_answered(self, method, path, body=None, token=None, key=None):
        """Retried (with the same key) while the proxy or an instance gives no answer:
        no connection, 502, 503 or 504."""
        give_up = time.monotonic() + GIVE_UP_SECONDS
        while True:
            status, payload = await self.call(method, path, body, token, key)
            if status not in (0, 502, 503, 504) or time.monotonic() > give_up:
                return status, payload
            await asyncio.sleep(RETRY_PAUSE)

    async def need(self, method, path, body=None, token=None):
        status, payload = await self.until_answered(
            method, path, body, token, key=str(uuid.uuid4()) if method == "POST" else None
        )
        if not 200 <= status < 300:
            raise RuntimeError(f"{method} {path}: {status} {payload}")
        return payload

    # --- the tables ---------------------------------------------------------------------

    async def create(self, n: int) -> Table:
        absent = n % 2 == 1  # a seat that never moves: the clock acts for it
        game = await self.need(
            "POST",
            "/games",
            {
                "type": "old-maid",
                "seats": 4,  # public: joins by code count as guesses (10 a minute) until checked
                "think_seconds": BOT_THINK_SECONDS,
                "turn_seconds": TURN_SECONDS if absent else None,
            },
        )
        table = Table(game["id"], game["host_token"])
        path = f"/games/{table.id}/players"
        for seat in range(3 if absent else 2):
            joined = await self.need("POST", path, {"name": f"p{seat}"})
            table.tokens[joined["seat"]] = joined["token"]
        table.playing = sorted(table.tokens)[:2]
        await self.need("POST", f"/games/{table.id}/deal", {"fill_with_bots": "random"}, table.host)
        return table

    # --- the clients --------------------------------------------------------------------

    async def player(self, table: Table, seat: int, rng: random.Random) -> None:
        token, after, view = table.tokens[seat], 0, None
        path = f"/games/{table.id}"
        while not self.stop.is_set():
            if view is None:
                status, page = await self.call(
                    "GET",
                    f"{path}/events?after={after}&wait={LONG_POLL_WAIT}&view=true",
                    token=token,
                    timeout=LONG_POLL_WAIT + TIMEOUT,
                )
                if status != 200:
                    await asyncio.sleep(RETRY_PAUSE)
                    continue
                if page["events"]:
                    after = page["events"][-1]["seq"]
                view = page.get("view")
                continue
            if view["status"] == "round_over" and seat == table.playing[0]:
                await self.until_answered("POST", f"{path}/deal", {}, token)
                view = None
                continue
            if view["status"] != "playing" or seat not in view["to_act"]:
                view = None
                continue
            await asyncio.sleep(rng.uniform(*THINK_SECONDS))
            move, key, sent = rng.choice(view["legal_moves"]), str(uuid.uuid4()), time.monotonic()
            status, answer = await self.until_answered("POST", f"{path}/moves", move, token, key)
            view = None
            if status == 201:
                own = next(event for event in answer["events"] if event["by"] is not None)
                self.acks.append(Ack(table.id, key, own["seq"], sent, time.monotonic()))
                after = max(after, answer["events"][-1]["seq"])
                view = answer["view"]

    async def read(self, reader: Reader) -> None:
        """Follow the stream to its end, resuming with Last-Event-ID whenever it breaks."""
        path = f"/v1/games/{reader.table.id}/stream"
        while True:
            headers = {"Authorization": f"Bearer {reader.token}"} if reader.token else {}
            if reader.last_id is not None:
                headers["Last-Event-ID"] = reader.last_id
            try:
                async with asyncio.timeout(STREAM_SILENCE) as silence:
                    opened = lambda: (reader.opened.append(time.monotonic()), self._ok())  # noqa: E731
                    async for message in client.stream(HOST, self.port, path, headers, opened):
                        silence.reschedule(asyncio.get_running_loop().time() + STREAM_SILENCE)
                        if message.event == "end":
                            reader.ended = True
                            return
                        if message.id is not None:  # no await between these two
                            reader.last_id = message.id
                            reader.seqs.append(int(message.id))
                continue  # closed by the instance after its STREAM_SECONDS
            except client.HTTPError as error:
                self.statuses[error.status] += 1
                if error.status >= 500:
                    self.samples.setdefault(error.status, str(error)[:300])
            except (OSError, EOFError, ValueError, TimeoutError):
                self.statuses[0] += 1
            reader.broken.append(time.monotonic())
            await asyncio.sleep(RETRY_PAUSE)

    def _ok(self) -> None:
        self.statuses[200] += 1

    # --- the figures --------------------------------------------------------------------

    def window(self, start: float, end: float) -> dict:
        done = [ack for ack in self.acks if start <= ack.done < end]
        ms = sorted((ack.done - ack.sent) * 1000 for ack in done)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))] if ms else None
        return {
            "moves_per_second": round(len(done) / (end - start), 1),
            "move_p50_ms": round(statistics.median(ms), 1) if ms else None,
            "move_p99_ms": None if p99 is None else round(p99, 1),
            "moves": len(done),
        }


async def log_of(load: Load, table: Table) -> list[dict]:
    log: list[dict] = []
    while True:
        page = await load.need("GET", f"/games/{table.id}/events?after={len(log)}&limit=500")
        log += page["events"]
        if len(log) >= page["last_seq"]:
            return log


async def check_table(load: Load, table: Table, readers: list[Reader]) -> tuple[list[str], dict]:
    problems = []
    log = await log_of(load, table)
    seqs = [event["seq"] for event in log]
    if seqs != list(range(1, len(log) + 1)):
        problems.append("its seqs do not run 1..last_seq")
    acks = [ack for ack in load.acks if ack.table == table.id]
    by_player = sorted(e["seq"] for e in log if e["by"] == "player")
    acked = sorted(ack.seq for ack in acks)
    if len({ack.key for ack in acks}) != len(acks) or acked != by_player:
        lost = sorted(set(acked) - set(by_player))
        extra = sorted(set(by_player) - set(acked))
        problems.append(
            f"{len(acks)} moves acknowledged, {len(by_player)} by players in the log "
            f"(acknowledged, not logged: {lost}; logged, not acknowledged: {extra})"
        )
    tally = Counter(
        moves_lost=len(set(acked) - set(by_player)),
        moves_in_the_log_unacknowledged=len(set(by_player) - set(acked)),
        moves_doubled=len(acked) - len(set(acked)) + len(by_player) - len(set(by_player)),
    )
    summary = await load.need("GET", f"/games/{table.id}")
    disagreements = verify.verify(summary, log)  # bots and the clock replayed from the seed
    problems += disagreements
    tally["replay_disagreements"] = len(disagreements)  # e.g. a bot or clock action twice
    for reader in readers:
        gaps = sorted(set(range(1, len(log) + 1)) - set(reader.seqs))
        doubled = [seq for seq, n in Counter(reader.seqs).items() if n > 1]
        tally["stream_events_missed"] += len(gaps)
        tally["stream_events_twice"] += len(doubled)
        if reader.seqs != list(range(1, len(log) + 1)):
            problems.append(
                f"a stream reader ({'player' if reader.token else 'spectator'}) received "
                f"{len(reader.seqs)} of {len(log)} events: missing {gaps[:10]}, twice "
                f"{doubled[:10]}"
            )
    automatic = Counter(e["by"] for e in log if e["by"] in ("bot", "clock", "autopilot"))
    return problems, {"events": len(log), "by_player": len(by_player), **automatic, **tally}


async def run(
    profile: dict, directory: Path, database: Database | CitusDatabase
) -> tuple[dict, list[str]]:
    instances: list[Instance] = []
    proxy: Proxy | None = None
    load: Load | None = None
    tasks: list[asyncio.Task] = []
    try:
        database.start()
        database.migrate()
        instances = [
            Instance(name, database.url_for(n), directory, hints_url=database.hints_url)
            for n, name in enumerate(NAMES)
        ]
        proxy = Proxy(instances, directory)
        instances[0].start()
        await asyncio.to_thread(instances[0].wait_ready)
        proxy.start()
        for name, status in zip(NAMES, ("UP", "DOWN", "DOWN"), strict=True):
            await asyncio.to_thread(proxy.wait_status, name, status)
        load = Load(proxy.port)
        return await measure(profile, database, instances, proxy, load, tasks)
    finally:
        if load is not None:
            load.stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for instance in instances:
            await asyncio.to_thread(instance.stop)
        if proxy is not None:
            proxy.stop()
        database.remove()


async def measure(
    profile: dict,
    database: Database | CitusDatabase,
    instances: list[Instance],
    proxy: Proxy,
    load: Load,
    tasks: list[asyncio.Task],
) -> tuple[dict, list[str]]:
    figures: dict = {"profile": profile, "instances": {}}
    failures: list[str] = []
    tables = list(await asyncio.gather(*(load.create(n) for n in range(profile["tables"]))))
    readers = [Reader(t, token) for t in tables for token in (None, t.tokens[t.playing[0]])]
    players = [
        asyncio.create_task(load.player(t, seat, random.Random(f"{t.id}{seat}")))
        for t in tables
        for seat in t.playing
    ]
    streams = [asyncio.create_task(load.read(reader)) for reader in readers]
    tasks += players
    phase = profile["phase_seconds"]
    await asyncio.sleep(2)  # every client under way
    for count in (1, 2, 3):
        if count > 1:
            instance = instances[count - 1]
            instance.start()
            await asyncio.to_thread(instance.wait_ready)
            await asyncio.to_thread(proxy.wait_status, instance.name, "UP")
            # a stream stays where it was opened: the readers open theirs again (with
            # Last-Event-ID), so that round robin spreads them over the instances now up
            for task in streams:
                task.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
            streams = [asyncio.create_task(load.read(reader)) for reader in readers]
            await asyncio.sleep(1)  # the long polls come round to it
        start = time.monotonic()
        await asyncio.sleep(phase)
        figures["instances"][count] = load.window(start, time.monotonic())
        print(f"{count} instance(s): {figures['instances'][count]}", flush=True)

    # --- faults, with three ---------------------------------------------------------------
    # the instance holding the most open requests (streams, long polls) now
    held = {name: int(row["scur"] or 0) for name, row in proxy.servers().items()}
    victim = next(i for i in instances if i.name == max(held, key=held.__getitem__))
    figures["kill"] = {"instance": victim.name, "open_requests_by_instance": held}
    await asyncio.sleep(profile["fault_seconds"] / 2)
    before = load.window(time.monotonic() - 3, time.monotonic())
    killed, killed_at = time.monotonic(), datetime.now()
    victim.kill()
    down = await asyncio.to_thread(proxy.wait_status, victim.name, "DOWN")
    figures["kill"]["seconds_to_down_in_proxy"] = round(down - killed, 2)
    await asyncio.sleep(profile["fault_seconds"])
    victim.start()
    await asyncio.to_thread(victim.wait_ready)
    up = await asyncio.to_thread(proxy.wait_status, victim.name, "UP")
    figures["kill"]["seconds_to_up_again"] = round(up - killed, 2)
    broken = [
        (reader, min(at for at in reader.broken if at >= killed))
        for reader in readers
        if any(killed <= at < up for at in reader.broken)
    ]
    resumed = [min((at for at in r.opened if at > cut), default=None) for r, cut in broken]
    figures["kill"]["streams_cut"] = len(broken)
    if not broken:
        failures.append(f"the kill of {victim.name} cut no stream: nothing shows a resume")
    figures["kill"]["streams_not_resumed"] = sum(at is None for at in resumed)
    figures["kill"]["seconds_to_last_stream_resumed"] = (
        round(max(at for at in resumed if at is not None) - killed, 2)
        if any(at is not None for at in resumed)
        else None
    )
    figures["kill"]["moves_3s_before"] = before
    await asyncio.sleep(profile["fault_seconds"] / 2)

    stopped = time.monotonic()
    await asyncio.to_thread(database.stop)
    await asyncio.sleep(profile["down_seconds"])
    await asyncio.to_thread(database.start)
    back = time.monotonic()
    while not any(ack.done > back for ack in load.acks):
        if time.monotonic() - back > 60:
            failures.append("no move was acknowledged within 60 s of the database's return")
            break
        await asyncio.sleep(0.05)
    figures["database_outage"] = {
        "down_seconds": round(back - stopped, 1),
        "seconds_to_first_move_after": round(time.monotonic() - back, 2),
    }
    await asyncio.sleep(profile["fault_seconds"])
    cut = [r for r in readers if any(at >= stopped for at in r.broken)]
    figures["database_outage"]["streams_cut"] = len(cut)

    # --- the end, and the checks ---------------------------------------------------------
    load.stop.set()
    await asyncio.wait(players, timeout=GIVE_UP_SECONDS + LONG_POLL_WAIT + TIMEOUT)
    for table in tables:
        await load.need("POST", f"/games/{table.id}/end", token=table.host)
    tasks += streams
    done, pending = await asyncio.wait(streams, timeout=60)
    if pending:
        failures.append(f"{len(pending)} stream readers got no end after the matches ended")
    counts: Counter = Counter()
    for table in tables:
        problems, table_counts = await check_table(
            load, table, [r for r in readers if r.table is table]
        )
        counts.update(table_counts)
        failures += [f"table {table.id}: {problem}" for problem in problems]
    figures["moves_acknowledged"] = len(load.acks)
    figures["events"] = {name: counts[name] for name in sorted(counts)}
    figures["statuses"] = {str(k): v for k, v in sorted(load.statuses.items())}
    figures["answers_500"] = load.statuses[500]
    if load.statuses[500]:
        failures.append(f"{load.statuses[500]} answers were 500: {load.samples.get(500)}")
    figures["proxy"] = proxy_figures(proxy, victim.name, killed_at, failures)
    figures["deadlock_lines_in_database_logs"] = deadlocks = database.deadlocks()
    if any(deadlocks.values()):
        failures.append(f"the database's logs speak of deadlocks: {deadlocks}")
    return figures, failures


def proxy_figures(proxy: Proxy, victim: str, killed_at: datetime, failures: list[str]) -> dict:
    requests, health = proxy.log()
    down = min((at for at, name, what in health if name == victim and what == "DOWN"
                and at >= killed_at), default=None)  # fmt: skip
    up = min((at for at, name, what in health if name == victim and what == "UP"
              and down is not None and at > down), default=None)  # fmt: skip
    figures: dict = {
        "requests_by_instance": dict(Counter(r.server for r in requests)),
        "streams_and_long_polls_by_instance": dict(
            Counter(r.server for r in requests if "/stream" in r.request or "wait=" in r.request)
        ),
    }
    figures["status_500_in_proxy_log"] = sum(r.status == 500 for r in requests)
    if figures["status_500_in_proxy_log"]:
        failures.append(f"the proxy logged {figures['status_500_in_proxy_log']} answers of 500")
    if down is None or up is None:
        failures.append(f"the proxy's log has no DOWN then UP of {victim} after the kill")
        return figures
    after_down = [r for r in requests if r.server == victim and down <= r.at < up]
    figures["victim_down_to_up_seconds"] = round((up - down).total_seconds(), 2)
    figures["requests_to_victim_after_its_check_failed"] = len(after_down)
    figures["requests_to_victim_between_kill_and_down"] = sum(
        r.server == victim and killed_at <= r.at < down for r in requests
    )
    figures["requests_redispatched"] = sum(r.retries.startswith("+") for r in requests)
    if after_down:
        failures.append(f"{len(after_down)} requests went to {victim} while it was down")
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="the CI profile")
    parser.add_argument("--tables", type=int)
    parser.add_argument("--phase-seconds", type=float)
    parser.add_argument(
        "--citus",
        choices=["spread", "coordinator"],
        help="on a Citus cluster of its own: one instance on each node, or all on the coordinator",
    )
    args = parser.parse_args()
    if args.citus and not citus.installed():
        print("replicas on Citus skipped: Citus is not installed (DEVELOPERS.md builds it)")
        return 0
    profile = dict(PROFILES["short" if args.short else "full"])
    for name in ("tables", "phase_seconds"):
        if getattr(args, name) is not None:
            profile[name] = getattr(args, name)
    client.raise_open_files_limit()
    started = time.monotonic()
    directory = Path(tempfile.mkdtemp(prefix="replicas-"))
    database = CitusDatabase(args.citus) if args.citus else Database()
    figures, failures = asyncio.run(run(profile, directory, database))
    figures["database"] = str(database)
    figures["run_seconds"] = round(time.monotonic() - started, 1)
    figures["logs"] = str(directory)
    print(json.dumps(figures, indent=2))
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
