"""How many concurrent moves one Spoons table accepts, through real HTTP against gunicorn
on PostgreSQL: ``python -m tests.push.spoons_bench [--threads 6,12] [--seconds 15]``.

Every seat of a table with as many seats as threads plays in a thread of its own, as a
front end would: ``GET view``; if it has legal moves, ``POST`` one (signal if it may; else
keep the rank it holds most of and pass another card; else pick); until the round is
over. The host deals the next round at once. Prints the moves accepted per second, the
refusals by status and code, and the views read; asserts nothing. The players here are
also the ones of ``tests/api/test_spoons_concurrency.py``.

Stdlib HTTP only (``http.client``, one keep-alive connection per thread and round)."""

import argparse
import http.client
import json
import os
import random
import signal
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.common import UNLIMITED

from ..databases import fresh_database, server_url
from .server import serve

IDLE_SECONDS = 0.005  # a seat with nothing to do looks again after this
TIMEOUT = 30.0
KEEPALIVE_SECONDS = 1.0  # reopened after this idle: baselines closed idle ones at 2 s


class Http:
    """One keep-alive connection; ``call`` returns (status, parsed JSON body). A
    connection error is the answer ``(0, {"code": "connection_error", ...})``: a move is
    never sent twice."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.connection = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
        self.used = time.monotonic()

    def _reconnect(self) -> None:
        self.connection.close()
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None):
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if time.monotonic() - self.used > KEEPALIVE_SECONDS:
            self._reconnect()  # the server may be closing it: a request must not cross that
        try:
            self.connection.request(method, f"/v1{path}", payload, headers)
            answer = self.connection.getresponse()
            data = answer.read()
        except (OSError, http.client.HTTPException) as error:
            self._reconnect()
            return 0, {"code": "connection_error", "detail": repr(error)}
        finally:
            self.used = time.monotonic()
        if answer.getheader("Connection", "").lower() == "close":
            self._reconnect()
        try:
            return answer.status, json.loads(data) if data else None
        except ValueError:
            return answer.status, {
                "code": "not_json",
                "detail": data[:500].decode(errors="replace"),
            }

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None):
        status, answer = self.call(method, path, body, token)
        assert 200 <= status < 300, (method, path, status, answer)
        return answer

    def close(self) -> None:
        self.connection.close()


@dataclass
class Post:
    """One move sent, and what the service said."""

    seat: int
    move: dict[str, Any]
    status: int
    code: str | None
    events: list[dict[str, Any]] = field(default_factory=list)  # of a 201


@dataclass
class SpoonsTable:
    id: str
    host: str
    tokens: list[str]

    @classmethod
    def create(cls, http: Http, seats: int, lives: int):
        body = {"type": "spoons", "seats": seats, "options": {"lives": lives}}
        game = http.ok("POST", "/games", body)
        tokens = [
            http.ok("POST", f"/games/{game['id']}/players", {"name": f"seat {n}"})["token"]
            for n in range(seats)
        ]
        return cls(game["id"], game["host_token"], tokens)

    def deal(self, http: Http) -> dict[str, Any]:
        return http.ok("POST", f"/games/{self.id}/deal", token=self.host)

    def summary(self, http: Http) -> dict[str, Any]:
        return http.ok("GET", f"/games/{self.id}")

    def end(self, http: Http) -> dict[str, Any]:
        return http.ok("POST", f"/games/{self.id}/end", token=self.host)

    def log(self, http: Http, token: str | None = None) -> list[dict[str, Any]]:
        """The whole event log, page by page (a spectator's unless ``token``)."""
        events: list[dict[str, Any]] = []
        while True:
            after = events[-1]["seq"] if events else 0
            page = http.ok("GET", f"/games/{self.id}/events?after={after}&limit=500", token=token)
            events += page["events"]
            if not page["events"] or events[-1]["seq"] >= page["last_seq"]:
                return events


class Player:
    """A seat's choices: signal if it may; else keep the rank it holds most of (one drawn
    at random on a tie) and pass another card; else pick. A player that stuck to the rank
    it kept before on a tie would livelock a round now and then (two players keeping the
    same rank two cards each, for ever: about 1 round in 400 with 6 seats)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        moves = view["legal_moves"]
        signal_move = next((move for move in moves if move["type"] == "signal"), None)
        if signal_move is not None:
            return signal_move
        passes = [move for move in moves if move["type"] == "pass"]
        if not passes:
            return moves[0]  # pick
        held = Counter(card[:-1] for card in view["hand"])
        most = max(held.values())
        keep = self.rng.choice(sorted(rank for rank in held if held[rank] == most))
        others = [move for move in passes if move["card"][:-1] != keep]
        return self.rng.choice(others or passes)


@dataclass
class SeatRun:
    """What one seat's thread did in one round."""

    seat: int
    posts: list[Post] = field(default_factory=list)
    views: int = 0
    errors: list[str] = field(default_factory=list)  # views refused, time out


def play_seat(
    host: str,
    port: int,
    table: SpoonsTable,
    seat: int,
    round_: int,
    player: Player,
    deadline: float,
    start: threading.Barrier | None = None,
) -> SeatRun:
    """GET view, POST a chosen legal move, until round ``round_`` is over."""
    run, http = SeatRun(seat), Http(host, port)
    token = table.tokens[seat]
    try:
        if start is not None:
            start.wait()
        while True:
            if time.monotonic() > deadline:
                run.errors.append(f"seat {seat}: round {round_} did not end in time")
                return run
            status, view = http.call("GET", f"/games/{table.id}/view", token=token)
            run.views += 1
            if status != 200:
                run.errors.append(f"seat {seat}: view answered {status} {view}")
                if status == 0 or status >= 500:
                    continue
                return run
            if view["status"] != "playing" or view["round"] != round_:
                return run
            if not view["legal_moves"]:
                time.sleep(IDLE_SECONDS)
                continue
            move = player.choose(view)
            status, answer = http.call("POST", f"/games/{table.id}/moves", move, token)
            code = None if status == 201 else (answer or {}).get("code")
            events = answer["events"] if status == 201 else []
            run.posts.append(Post(seat, move, status, code, events))
    finally:
        http.close()


def play_round(
    host: str,
    port: int,
    table: SpoonsTable,
    round_: int,
    players: list[Player],
    seconds: float = 60,
) -> list[SeatRun]:
    """One thread per seat plays round ``round_`` to its end."""
    seats = len(table.tokens)
    start = threading.Barrier(seats)
    deadline = time.monotonic() + seconds
    with ThreadPoolExecutor(seats) as pool:
        runs = [
            pool.submit(play_seat, host, port, table, seat, round_, players[seat], deadline, start)
            for seat in range(seats)
        ]
        return [run.result() for run in runs]


@dataclass
class Tally:
    accepted: int = 0
    refused: Counter = field(default_factory=Counter)  # (status, code) -> count
    views: int = 0
    rounds: int = 0
    seconds: float = 0.0  # wall clock
    errors: list[str] = field(default_factory=list)

    def add(self, runs: list[SeatRun]) -> None:
        for run in runs:
            self.views += run.views
            self.errors += run.errors
            for post in run.posts:
                if post.status == 201:
                    self.accepted += 1
                else:
                    self.refused[post.status, post.code] += 1


def bench(host: str, port: int, seats: int, seconds: float, lives: int = 5) -> Tally:
    """Rounds of one table after another (a new table when the match is over) for about
    ``seconds``; returns the tally."""
    http = Http(host, port)
    rng = random.Random(seats)
    tally = Tally()
    table, summary = None, None
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if table is None or summary["status"] == "finished":
            table = SpoonsTable.create(http, seats, lives)
        dealt = table.deal(http)
        players = [Player(random.Random(rng.random())) for _ in range(seats)]
        tally.add(play_round(host, port, table, dealt["round"], players))
        tally.rounds += 1
        summary = table.summary(http)
    tally.seconds = time.monotonic() - started
    http.close()
    return tally


def report(title: str, tally: Tally, seconds: float) -> None:
    refused = ", ".join(
        f"{count} x {status} {code}" for (status, code), count in sorted(tally.refused.items())
    )
    print(
        f"{title}: {tally.accepted} moves accepted in {seconds:.1f} s over {tally.rounds} "
        f"rounds = {tally.accepted / seconds:.0f} moves/s; {tally.views} views "
        f"({tally.views / seconds:.0f}/s); refused: {refused or 'none'}",
        flush=True,
    )
    for error in tally.errors[:10]:
        print(f"    {error}", flush=True)


def replayed_moves(server) -> float:
    """The service's count of moves played again under the row lock (``/metrics``)."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=TIMEOUT)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    name = "cardtable_moves_replayed_under_lock_total"
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--threads", default="6,12", help="seats (one thread each), comma-separated"
    )
    parser.add_argument("--seconds", type=float, default=15, help="per level")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the server, drop the db
    server = server_url()
    print(f"{os.cpu_count()} CPUs; {args.workers} gevent workers; PostgreSQL at {server}")
    with fresh_database(server) as url, serve(url, workers=args.workers, env=UNLIMITED) as gunicorn:
        for seats in (int(n) for n in args.threads.split(",")):
            cpu, replayed = gunicorn.cpu_seconds(), replayed_moves(gunicorn)
            tally = bench(gunicorn.host, gunicorn.port, seats, args.seconds)
            report(f"{seats} threads, {seats}-seat table", tally, tally.seconds)
            print(
                f"    server CPU {gunicorn.cpu_seconds() - cpu:.1f} s; moves that lost the"
                f" race to another change and were played again under the row lock:"
                f" {replayed_moves(gunicorn) - replayed:.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
