"""The simulated players of ``bench.players``: one asyncio process, four players a table,
each as the web table plays (``service/web/static/js/table.js``).

Each player holds its own keep-alive connection and follows its seat's event stream. In
mode ``legacy`` it asks ``GET /view`` after each burst of events (and once on opening);
in mode ``stream-views`` it opens the stream with ``?view=1`` and takes the view the
stream sends after each burst, asking for none. When its seat is to act it sends one of
its ``legal_moves`` after a think time (uniform in ``think``) and keeps the view the
move's answer carries. Seat 0 created the table: it deals the first round after the four
joined, and each next one after a think time; when the match is over it creates the next
table and the same four join it. In mode ``boardgame.io`` the players are those of
``bench/players_peer_client.py``, in the same pattern, at the peer.

Run by ``bench/players_load.py``.

Figures over the measured window (after every table dealt and ``warmup`` seconds): the
HTTP requests sent, by kind; the moves accepted; each move's latency: ``post`` (the
POST's own), ``event`` (until every other seat's stream brought its events) and
``table`` (until every other seat held a view with the move: the move reached the
table); CPU seconds of the server's process tree, of PostgreSQL's backends of its
database, of the players (this process's event loop, not its thread that samples /proc)
and of the whole machine."""

import asyncio
import json
import random
import statistics
import time
import uuid
from collections import Counter, deque
from dataclasses import dataclass, field

from . import cpu
from .players_wire import Connection, Refused, Stream

SEATS = 4
REACH_SECONDS = 10.0  # a move not at the whole table by then counts as lost
SETUP_SECONDS = 240.0
RETRY_SECONDS = 1.0  # a 503's Retry-After, and the pause before a stream comes back
ATTEMPTS = 3  # of a request answered 503
CLOSE_SECONDS = 5.0  # for the tables' tasks to end once cancelled
PEER_MODE = "boardgame.io"
clock = time.monotonic


@dataclass
class Config:
    host: str
    port: int
    players: int
    seconds: float
    warmup: float
    mode: str  # legacy | stream-views | boardgame.io (the peer)
    game: str = "crazy-eights"
    think: tuple[float, float] = (1.0, 3.0)
    burst_ms: float = 0.0  # legacy: wait this long after a burst before GET /view
    setup_tables: int = 16  # tables being set up at once, so that setup is not a spike
    seed: int = 0
    server_pid: int | None = None
    database: str | None = None


@dataclass
class Stats:
    requests: Counter = field(default_factory=Counter)  # kind -> sent within the window
    moves: int = 0
    latencies: dict[str, list[float]] = field(
        default_factory=lambda: {"post": [], "event": [], "table": []}
    )
    lost: int = 0  # measured moves that did not reach every other seat in REACH_SECONDS
    errors: Counter = field(default_factory=Counter)  # "kind status" -> count, whenever


class Run:
    """What the tables share: the config, the figures and the measured window."""

    def __init__(self, config: Config):
        self.config = config
        self.stats = Stats()
        self.window = (float("inf"), float("inf"))
        self.random = random.Random(config.seed)
        self.setup = asyncio.Semaphore(config.setup_tables)

    def measuring(self, moment: float) -> bool:
        return self.window[0] <= moment < self.window[1]

    def think_seconds(self) -> float:
        return self.random.uniform(*self.config.think)

    def error(self, kind: str, error: Exception) -> None:
        status = error.status if isinstance(error, Refused) else type(error).__name__
        self.stats.errors[f"{kind} {status}"] += 1


@dataclass
class Pending:
    """A move sent and answered, until every other seat has it."""

    mover: "Player"
    sent: float
    version: int
    seq: int
    measured: bool


class Player:
    def __init__(self, run: Run, table: "Table"):
        self.run = run
        self.table = table
        self.connection = Connection(run.config.host, run.config.port)
        self.stream: Stream | None = None

    def join(self, game_id: str, token: str, seat: int) -> None:
        """A fresh seat: nothing seen yet."""
        self.game_id, self.token, self.seat = game_id, token, seat
        self.view: dict | None = None
        self.version = -1
        self.last_seq = 0
        # the newest few (version, when it came) and (seq, when it came): a table's move
        # is answered and at every seat within a few of them
        self.views: deque[tuple[int, float]] = deque(maxlen=8)
        self.events: deque[tuple[int, float]] = deque(maxlen=8)
        self.changed = asyncio.Event()
        self.ended = False
        self.refreshing: asyncio.Task | None = None
        self.stale = False

    async def call(self, kind: str, method: str, path: str, body=None, token=None, key=None):
        """One request; a 503 is sent again after a second, as the web table's ``call``
        does (a move with the same Idempotency-Key), each attempt counted."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if key:
            headers["Idempotency-Key"] = key
        for attempt in range(1, ATTEMPTS + 1):
            if self.run.measuring(clock()):
                self.run.stats.requests[kind] += 1
            try:
                return await self.connection.request(method, path, body, headers)
            except Refused as error:
                if error.status != 503 or attempt == ATTEMPTS:
                    raise
                self.run.error(f"{kind} retried", error)
                await asyncio.sleep(RETRY_SECONDS)

    async def play_match(self) -> None:
        """Follow the seat and act on it until the match is over."""
        tasks = [asyncio.create_task(self.follow()), asyncio.create_task(self.act())]
        if self.run.config.mode == "legacy":
            self.refresh_soon()  # the web table reads its view on opening
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()  # a stream the server refused ends the run
            if self.refreshing:  # the match's last view, which its last move waits for
                await self.refreshing
        finally:
            for task in tasks:
                task.cancel()
            if self.stream:
                self.stream.close()

    # -- what comes in

    async def follow(self) -> None:
        """The seat's stream, resumed from the last event seen whenever it closes."""
        query = "?view=1" if self.run.config.mode == "stream-views" else ""
        path = f"/v1/games/{self.game_id}/stream{query}"
        while not self.ended:
            headers = {"Authorization": f"Bearer {self.token}", "Last-Event-ID": str(self.last_seq)}
            self.stream = Stream(self.run.config.host, self.run.config.port, path, headers)
            if self.run.measuring(clock()):
                self.run.stats.requests["stream"] += 1
            try:
                async for burst in self.stream.bursts():
                    self.take_burst(burst)
            except (OSError, asyncio.IncompleteReadError, Refused) as error:
                self.run.error("stream", error)
                if isinstance(error, Refused) and error.status == 400:
                    raise  # this server does not know the mode: nothing to measure
                await asyncio.sleep(RETRY_SECONDS)

    def take_burst(self, burst) -> None:
        now = clock()
        events = False
        for message in burst:
            if message.event is None and message.id:
                self.last_seq = int(message.id)
                self.events.append((self.last_seq, now))
                events = True
            elif message.event == "view":
                self.take_view(json.loads(message.data), now)
            elif message.event == "end":
                self.ended = True
                self.changed.set()
        if events:
            self.table.arrived()
            if self.run.config.mode == "legacy":
                self.refresh_soon()

    def take_view(self, view: dict, now: float) -> None:
        """Keep the newer of two views, by version, as the web table does."""
        if view["version"] <= self.version:
            return
        self.view, self.version = view, view["version"]
        self.views.append((self.version, now))
        self.table.arrived()
        self.changed.set()

    def refresh_soon(self) -> None:
        """One GET /view for a burst; a burst during it asks once more after it."""
        if self.refreshing and not self.refreshing.done():
            self.stale = True
            return
        self.refreshing = asyncio.create_task(self.refresh())

    async def refresh(self) -> None:
        try:
            if self.run.config.burst_ms:
                await asyncio.sleep(self.run.config.burst_ms / 1000)
            self.stale = True
            while self.stale:
                self.stale = False
                path = f"/v1/games/{self.game_id}/view"
                view = await self.call("view", "GET", path, token=self.token)
                self.take_view(view, clock())
        except (OSError, asyncio.IncompleteReadError, Refused) as error:
            self.run.error("view", error)

    def first_view(self, version: int) -> float | None:
        return next((at for seen, at in self.views if seen >= version), None)

    def first_event(self, seq: int) -> float | None:
        return next((at for seen, at in self.events if seen >= seq), None)

    # -- what goes out

    async def act(self) -> None:
        while True:
            await self.changed.wait()
            self.changed.clear()
            if self.ended or (self.view and self.view["status"] == "finished"):
                return
            action = self.due()
            if action is None:
                continue
            version = self.version
            await asyncio.sleep(self.run.think_seconds())
            if self.version != version:  # the table moved on meanwhile: look again
                self.changed.set()
                continue
            await action()

    def due(self):
        view = self.view
        if view is None:
            return None
        if view["status"] == "playing" and self.seat in view["to_act"] and view["legal_moves"]:
            return self.move
        if view["status"] == "round_over" and self.seat == 0:
            return self.deal
        return None

    async def move(self) -> None:
        move = self.run.random.choice(self.view["legal_moves"])
        sent = clock()
        path = f"/v1/games/{self.game_id}/moves"
        try:
            answer = await self.call("move", "POST", path, move, self.token, uuid.uuid4().hex)
        except (OSError, asyncio.IncompleteReadError, Refused) as error:
            self.run.error("move", error)
            self.refresh_soon()  # as the web table: see the table as it is now
            return
        answered = clock()
        self.table.moved(self, sent, answered, answer)
        self.take_view(answer["view"], answered)

    async def deal(self) -> None:
        try:
            await self.call("deal", "POST", f"/v1/games/{self.game_id}/deal", {}, self.token)
        except (OSError, asyncio.IncompleteReadError, Refused) as error:
            self.run.error("deal", error)
            self.refresh_soon()

    @property
    def opened(self) -> int:
        return self.connection.opened

    def close(self) -> None:
        self.connection.close()
        if self.stream:
            self.stream.close()


class Table:
    def __init__(self, run: Run):
        self.run = run
        self.players = [Player(run, self) for _ in range(SEATS)]
        self.pending: list[Pending] = []
        self.ready = asyncio.Event()  # the first match dealt

    async def play(self) -> None:
        """Matches, one after the other, for as long as the run lasts."""
        while True:
            try:
                await self.play_match()
            except (OSError, asyncio.IncompleteReadError, Refused) as error:
                self.run.error("table", error)
                if isinstance(error, Refused) and error.status == 400:
                    raise
                await asyncio.sleep(RETRY_SECONDS)
            self.forget_pending()

    async def play_match(self) -> None:
        """A new table, its seats taken and followed, the first round dealt, then the
        match played to its end."""
        async with self.run.setup:
            host_token = await self.open()
            matches = [asyncio.create_task(p.play_match()) for p in self.players]
            try:
                path = f"/v1/games/{self.game_id}/deal"
                await self.players[0].call("deal", "POST", path, {}, host_token)
            except BaseException:
                for match in matches:
                    match.cancel()
                raise
        self.ready.set()
        try:
            await asyncio.gather(*matches)
        finally:
            for match in matches:
                match.cancel()  # when one failed, the others too

    async def open(self) -> str:
        """Seat 0 creates the table; the four join it, each with its own connection."""
        host = self.players[0]
        body = {"type": self.run.config.game, "seats": SEATS}
        created = await host.call("create", "POST", "/v1/games", body)
        self.game_id = created["id"]
        joined = []
        for number, player in enumerate(self.players):
            path = f"/v1/games/{self.game_id}/players"
            joined.append(await player.call("join", "POST", path, {"name": f"p{number}"}))
        for player, seat in zip(self.players, joined, strict=True):
            player.join(self.game_id, seat["token"], seat["seat"])
        return created["host_token"]

    def moved(self, mover: Player, sent: float, answered: float, answer: dict) -> None:
        measured = self.run.measuring(sent)
        if measured:
            self.run.stats.moves += 1
            self.run.stats.latencies["post"].append(answered - sent)
        seq = answer["events"][-1]["seq"]
        self.pending.append(Pending(mover, sent, answer["view"]["version"], seq, measured))
        self.arrived()

    def arrived(self) -> None:
        """Something came to a seat: record the moves now at every other seat."""
        now = clock()
        for pending in list(self.pending):
            others = [p for p in self.players if p is not pending.mover]
            events = [p.first_event(pending.seq) for p in others]
            views = [p.first_view(pending.version) for p in others]
            if None not in events and None not in views:
                self.pending.remove(pending)
                if pending.measured:
                    latencies = self.run.stats.latencies
                    latencies["event"].append(max(events) - pending.sent)
                    latencies["table"].append(max(views) - pending.sent)
            elif now - pending.sent > REACH_SECONDS:
                self.pending.remove(pending)
                self.run.stats.lost += pending.measured

    def forget_pending(self) -> None:
        self.run.stats.lost += sum(p.measured for p in self.pending)
        self.pending.clear()

    def close(self) -> None:
        for player in self.players:
            player.close()


async def play(run: Run, new_table) -> dict:
    """The tables set up, warmed up, measured over the window and drained."""
    config = run.config
    tables = [new_table() for _ in range(max(1, config.players // SEATS))]
    tasks = [asyncio.create_task(table.play()) for table in tables]
    await set_up(tables, tasks)
    begins = clock() + config.warmup
    run.window = (begins, begins + config.seconds)
    await asyncio.sleep(config.warmup)
    watch = cpu.Watch(cpu_groups(config), every=1.0)  # the backends stay: no need to sample often
    watch.start()
    players_cpu = time.thread_time()  # this thread plays; the watch's thread samples /proc
    await asyncio.sleep(config.seconds)
    players_cpu = time.thread_time() - players_cpu
    seconds = {**watch.stop(), "players": players_cpu}
    await drain(tables)
    failed = [task for task in tasks if task.done() and task.exception()]
    for task in tasks:
        task.cancel()
    await asyncio.wait(tasks, timeout=CLOSE_SECONDS)  # the peer's sockets say goodbye
    for table in tables:
        table.close()
    if failed:
        raise failed[0].exception()
    return figures(run, tables, seconds)


async def set_up(tables: list[Table], tasks: list[asyncio.Task]) -> None:
    """Until every table has dealt its first round (a task that failed ends the run)."""
    ready = asyncio.gather(*(table.ready.wait() for table in tables))
    done, _ = await asyncio.wait(
        [ready, *tasks], timeout=SETUP_SECONDS, return_when=asyncio.FIRST_COMPLETED
    )
    if ready not in done:
        ready.cancel()
        for task in done:
            task.result()  # raises what ended it
        raise TimeoutError(f"the tables were not all dealt within {SETUP_SECONDS:.0f} s")


async def drain(tables: list[Table]) -> None:
    """Until the moves sent in the window reached their tables (or were lost)."""
    give_up = clock() + REACH_SECONDS
    while clock() < give_up and any(p.measured for t in tables for p in t.pending):
        await asyncio.sleep(0.1)
    for table in tables:
        table.forget_pending()  # still not at the whole table: lost


def cpu_groups(config: Config) -> dict:
    groups = {}
    if config.server_pid:
        groups["server"] = lambda: cpu.tree(config.server_pid)
    if config.database:
        groups["postgres"] = lambda: cpu.backends(config.database)
    return groups


def figures(run: Run, tables: list[Table], seconds: dict) -> dict:
    stats = run.stats
    return {
        "players": len(tables) * SEATS,
        "mode": run.config.mode,
        "seconds": run.config.seconds,
        "moves": stats.moves,
        "requests": dict(stats.requests),
        "latency_ms": {kind: summary(values) for kind, values in stats.latencies.items()},
        "lost": stats.lost,
        "errors": dict(stats.errors),
        "cpu": seconds,
        "connections_opened": sum(p.opened for t in tables for p in t.players),
    }


def summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000  # noqa: E731
    return {
        "n": len(values),
        "p50": pick(0.5),
        "p99": pick(0.99),
        "max": ordered[-1] * 1000,
        "mean": statistics.fmean(values) * 1000,
    }
