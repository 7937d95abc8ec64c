"""The load client: one process, gevent (monkey-patched), one greenlet per player, each
with one keep-alive connection (raw sockets: a request line, a few headers, a
Content-Length body) and a table of its own whose seats it all holds. Loop: GET the view
of the seat to act, POST a random one of its ``legal_moves``; when the round is over the
host deals the next one, when the match is over a new table is created.

    python -m bench.client '<json config>'     (prints one JSON line)

Config: host, port, clients, seconds, warmup, game, options, seed, server_pid, worker_pid,
database (its backends count as PostgreSQL's) or database_pids (servers' postmasters).
Timing: every greenlet creates its table, then all play ``warmup`` seconds unmeasured,
then ``seconds`` measured; a request counts when it starts and ends within the window.
CPU seconds of the server (gunicorn master and workers), the worker, PostgreSQL (the
backends of the bench's database), this client and the whole machine are read from /proc
over the window (``cpu.Watch``)."""

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import random  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402

import gevent  # noqa: E402
import gevent.event  # noqa: E402

from bench import cpu  # noqa: E402


class Http:
    """HTTP/1.1 with keep-alive over one socket; reconnects when the server closes it."""

    def __init__(self, host: str, port: int):
        self.address = (host, port)
        self.sock: socket.socket | None = None
        self.buffer = b""
        self.reconnects = 0

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
        self.sock, self.buffer = None, b""

    def request(self, method: str, path: str, body=None, token=None) -> tuple[int, bytes]:
        payload = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        if body is not None or method == "POST":
            head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
        data = head.encode() + b"\r\n" + payload
        for attempt in (0, 1):
            if self.sock is None:
                self.sock = socket.create_connection(self.address)
                self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self.reconnects += attempt
            try:
                self.sock.sendall(data)
                return self._answer()
            except (OSError, EOFError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _answer(self) -> tuple[int, bytes]:
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split()[1])
        length, close = 0, False
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection":
                close = value.strip().lower() == b"close"
            elif name == b"transfer-encoding":
                raise OSError("chunked answers are not expected")
        self.buffer = rest
        while len(self.buffer) < length:
            self._fill()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        if close:
            self.close()
        return status, body

    def _fill(self) -> None:
        assert self.sock is not None
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError("connection closed")
        self.buffer += chunk


class Stats:
    def __init__(self):
        self.latencies = defaultdict(list)  # kind -> seconds, within the window
        self.errors = defaultdict(int)  # kind -> answers that were not 2xx (whenever)
        self.moves = 0  # accepted moves within the window
        self.window = (float("inf"), float("inf"))


class Player:
    def __init__(self, config: dict, stats: Stats, number: int):
        self.http = Http(config["host"], config["port"])
        self.config = config
        self.stats = stats
        self.random = random.Random(config.get("seed", 0) * 1000 + number)

    def call(self, kind: str, method: str, path: str, body=None, token=None):
        start = time.perf_counter()
        status, raw = self.http.request(method, path, body, token)
        end = time.perf_counter()
        begins, ends = self.stats.window
        if start >= begins and end <= ends:
            self.stats.latencies[kind].append(end - start)
            if kind == "move" and status == 201:
                self.stats.moves += 1
        if not 200 <= status < 300:
            self.stats.errors[kind] += 1
            return status, None
        return status, json.loads(raw) if raw else None

    def new_table(self) -> None:
        body = {"type": self.config["game"], "seats": 4, **self.config.get("create", {})}
        _, created = self.call("create", "POST", "/v1/games", body)
        self.id, self.host = created["id"], created["host_token"]
        self.tokens = {}
        for n in range(4):
            _, joined = self.call("join", "POST", f"/v1/games/{self.id}/players", {"name": f"p{n}"})
            self.tokens[joined.get("seat", n)] = joined["token"]
        self.deal()

    def deal(self) -> None:
        status, summary = self.call("deal", "POST", f"/v1/games/{self.id}/deal", {}, self.host)
        if summary is None:
            self.resync()
        else:
            self.follow(summary["status"], summary["to_act"])

    def resync(self) -> None:
        _, summary = self.call("summary", "GET", f"/v1/games/{self.id}")
        self.follow(summary["status"], summary["to_act"])

    def follow(self, status: str, to_act: list[int]) -> None:
        self.status, self.to_act = status, to_act

    def step(self) -> None:
        if self.status == "finished":
            return self.new_table()
        if self.status != "playing" or not self.to_act:
            return self.deal()
        token = self.tokens[self.to_act[0]]
        _, view = self.call("view", "GET", f"/v1/games/{self.id}/view", token=token)
        if view is None or not view.get("legal_moves"):
            return self.resync()
        move = self.random.choice(view["legal_moves"])
        _, answer = self.call("move", "POST", f"/v1/games/{self.id}/moves", move, token)
        if answer is None:
            return self.resync()
        self.follow(answer["view"]["status"], answer["view"]["to_act"])

    def run(self, ready, until) -> None:
        self.new_table()
        ready()
        while time.perf_counter() < until():
            self.step()
        self.http.close()


def main(config: dict) -> dict:
    stats = Stats()
    players = [Player(config, stats, n) for n in range(config["clients"])]
    done = []
    all_ready = gevent.event.Event()
    ends = [float("inf")]

    def ready():
        done.append(1)
        if len(done) == len(players):
            all_ready.set()

    greenlets = [gevent.spawn(p.run, ready, lambda: ends[0]) for p in players]
    if not all_ready.wait(120):
        raise RuntimeError(f"only {len(done)} of {len(players)} tables were set up")
    begins = time.perf_counter() + config["warmup"]
    ends[0] = begins + config["seconds"]
    groups = {"server": lambda: cpu.tree(config["server_pid"])}
    if config.get("database"):
        groups["postgres"] = lambda: cpu.backends(config["database"])
    if config.get("database_pids"):  # servers of the bench's own: all their processes
        groups["postgres"] = lambda: [p for pid in config["database_pids"] for p in cpu.tree(pid)]
    if config.get("worker_pid"):
        groups["worker"] = lambda: [config["worker_pid"]]
    watch = cpu.Watch(groups, every=0.5)
    gevent.sleep(max(0.0, begins - time.perf_counter()))
    stats.window = (begins, ends[0])
    watch.start()
    gevent.sleep(max(0.0, ends[0] - time.perf_counter()))
    used = watch.stop()
    gevent.joinall(greenlets, timeout=30, raise_error=True)
    return {
        "seconds": config["seconds"],
        "latencies": {kind: sorted(values) for kind, values in stats.latencies.items()},
        "errors": dict(stats.errors),
        "moves": stats.moves,
        "reconnects": sum(p.http.reconnects for p in players),
        "cpu": {**used, "client": used["self"]},
    }


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))), flush=True)
