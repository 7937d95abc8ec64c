"""``make chaos``: faults under load, and the proof that nothing acknowledged was lost or
applied twice.

On a PostgreSQL cluster of its own (initdb on a free port, never the shared one) it
serves the service as ``make run`` does (``python -m service.run``: gunicorn and the
worker), and has CLIENTS players each play a table of their own: the summary, the view,
then a random legal move with an ``Idempotency-Key``, retried with the same key on a
503, a timeout or a lost connection. Meanwhile it kills a gunicorn worker, kills the
worker process, and stops PostgreSQL for a few seconds. Then it checks, per table:
every 201 in the log exactly once, ``seq`` contiguous, and the stored log re-derived
from the revealed seed and the rules (``service.verify``); and, overall, no 500, how
long the service took to answer moves again after PostgreSQL came back, and how long
``/v1/ready`` took to answer 200 again (polled every 0.1 s; it must not fall back to
503 after).

    python -m tests.chaos [--seconds 40] [--clients 6]
"""

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from pathlib import Path

from service import verify
from tests.push.server import free_port

PG_BIN = next(Path("/usr/lib/postgresql").glob("*/bin"))
DOWN_SECONDS = 4
# Shorter than the outage: the worker's heartbeat from before it is stale at the return,
# as after any outage longer than the default 10 s, so readiness waits for a new one.
WORKER_HEARTBEAT_SECONDS = 3
READY_WITHIN_SECONDS = 2  # from the database's return to readiness's first 200
READY_WATCH_SECONDS = 5  # readiness polled this long after the return


class Cluster:
    """A PostgreSQL cluster of our own, in a temporary directory."""

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="chaos-pg-"))
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        shutil.chown(self.dir, "postgres")
        self._as_postgres(
            PG_BIN / "initdb", "-D", self.dir / "data", "-A", "trust", "-U", "postgres"
        )

    def start(self):
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        log = self.dir / "postgres.log"  # not our pipes: the server would hold them open
        self._as_postgres(
            PG_BIN / "pg_ctl", "-D", self.dir / "data", "-o", options, "-l", log, "-w", "start"
        )

    def stop(self):
        self._as_postgres(PG_BIN / "pg_ctl", "-D", self.dir / "data", "-m", "fast", "-w", "stop")

    def remove(self):
        subprocess.run(
            [
                "runuser",
                "-u",
                "postgres",
                "--",
                PG_BIN / "pg_ctl",
                "-D",
                self.dir / "data",
                "-m",
                "immediate",
                "stop",
            ],
            capture_output=True,
        )
        shutil.rmtree(self.dir, ignore_errors=True)

    def _as_postgres(self, *command):
        subprocess.run(
            ["runuser", "-u", "postgres", "--", *map(str, command)], check=True, capture_output=True
        )


class Node(Cluster):
    """A running PostgreSQL server of someone else's (a Citus worker, say), stopped and
    started for the outage through its data directory, whose postgresql.conf holds its
    settings (port included), and left running at the end."""

    def __init__(self, url: str, data: Path):
        self.url, self.data = url, data

    def start(self):
        log = self.data.parent / f"{self.data.name}.chaos.log"
        self._as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-l", log, "-w", "start")

    def stop(self):
        self._as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def remove(self):
        try:
            self._as_postgres(PG_BIN / "pg_ctl", "-D", self.data, "status")
        except subprocess.CalledProcessError:  # stopped: left running, as it was found
            self.start()


class Api:
    """HTTP calls that never raise: an answer, or a status of 0 for no answer."""

    def __init__(self, base: str):
        self.base = base
        self.statuses = Counter()
        self.lock = threading.Lock()

    def call(self, method, path, body=None, token=None, key=None):
        request = urllib.request.Request(
            self.base + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        if key:
            request.add_header("Idempotency-Key", key)
        try:
            with urllib.request.urlopen(request, timeout=15) as answer:
                status, payload = answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            status, payload = error.code, _json(error.read())
        except (OSError, ValueError, http.client.HTTPException):  # refused, reset, cut short
            status, payload = 0, None
        with self.lock:
            self.statuses[status] += 1
        return status, payload

    def until_done(self, method, path, body=None, token=None, key=None):
        """Retry what the service could not answer (no answer, 503) until it does."""
        while True:
            status, payload = self.call(method, path, body, token, key)
            if status not in (0, 503):
                return status, payload
            time.sleep(0.2)


def _json(raw: bytes):
    try:
        return json.loads(raw)
    except ValueError:
        return None


class Player(threading.Thread):
    """One table, four seats, played by random legal moves until told to stop."""

    def __init__(self, api: Api, number: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.api, self.stop, self.random = api, stop, random.Random(number)
        self.seed = 1000 + number
        self.acknowledged = {}  # first seq of the answer -> (seat, move)
        self.last_201 = 0.0

    def run(self):
        # a chosen seed is allowed only on private tables: seats are taken with the code
        body = {"type": "old-maid", "visibility": "private", "seed": self.seed}
        _, game = self.api.until_done("POST", "/games", body)
        self.id, self.host = game["id"], game["host_token"]
        self.tokens = [
            self.api.until_done(
                "POST", f"/games/{self.id}/players", {"name": f"p{n}", "code": game["code"]}
            )[1]["token"]
            for n in range(4)
        ]
        self.api.until_done("POST", f"/games/{self.id}/deal", token=self.host)
        while not self.stop.is_set():
            self.step()

    def step(self):
        status, summary = self.api.call("GET", f"/games/{self.id}")
        if status != 200:
            time.sleep(0.2)
            return
        if summary["status"] == "round_over":
            dealer = self.tokens[self.random.randrange(4)]
            self.api.until_done("POST", f"/games/{self.id}/deal", token=dealer)
            return
        seat = summary["turn"]
        status, view = self.api.call("GET", f"/games/{self.id}/view", token=self.tokens[seat])
        if status != 200 or not view["legal_moves"]:
            return
        move, key = self.random.choice(view["legal_moves"]), str(uuid.uuid4())
        status, answer = self.api.until_done(
            "POST", f"/games/{self.id}/moves", move, self.tokens[seat], key
        )
        if status == 201:
            self.acknowledged[answer["events"][0]["seq"]] = (seat, move)
            self.last_201 = time.monotonic()


def serve(url: str, port: int, log):
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "BIND": f"127.0.0.1:{port}",
        "WORKERS": "2",
        "WORKER_HEARTBEAT_SECONDS": str(WORKER_HEARTBEAT_SECONDS),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "service.run"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def grandchildren(pid: int) -> list[int]:
    return [g for c in children(pid) for g in children(c)]


def worker_process(run_pid: int) -> int:
    return next(
        c for c in children(run_pid) if b"service.worker" in Path(f"/proc/{c}/cmdline").read_bytes()
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument(
        "--database-url", help="a database of an existing server (a Citus coordinator, say)"
    )
    parser.add_argument(
        "--stop-data-dir",
        type=Path,
        help="with --database-url: the data directory of the server to stop for the outage",
    )
    args = parser.parse_args()
    if bool(args.database_url) != bool(args.stop_data_dir):
        parser.error("--database-url and --stop-data-dir go together")
    if args.database_url:
        cluster = Node(args.database_url, args.stop_data_dir)
    else:
        cluster = Cluster()
        cluster.start()
    from tests.databases import migrate

    migrate(cluster.url.replace("postgresql://", "postgresql+psycopg://"))
    port = free_port()
    log = tempfile.TemporaryFile("w+")  # noqa: SIM115 (the server writes it until the end)
    run = serve(cluster.url, port, log)
    api = Api(f"http://127.0.0.1:{port}/v1")
    figures, failures = {}, []
    try:
        api.until_done("GET", "/health")
        stop = threading.Event()
        players = [Player(api, n, stop) for n in range(args.clients)]
        for player in players:
            player.start()
        step = args.seconds / 5
        time.sleep(step)
        os.kill(grandchildren(run.pid)[0], signal.SIGKILL)  # a gunicorn worker
        time.sleep(step)
        os.kill(worker_process(run.pid), signal.SIGKILL)  # the worker
        time.sleep(step)
        with api.lock:
            before_outage = Counter(api.statuses)
        cluster.stop()
        time.sleep(DOWN_SECONDS)
        with api.lock:
            during = api.statuses - before_outage
        cluster.start()
        back = time.monotonic()
        readiness: list[tuple[float, int]] = []
        watcher = threading.Thread(target=watch_readiness, args=(api.base, back, readiness))
        watcher.start()
        while not any(p.last_201 > back for p in players):
            if time.monotonic() - back > 60:
                failures.append("no move was acknowledged within 60 s of the database's return")
                break
            time.sleep(0.05)
        figures["recovery_seconds"] = round(time.monotonic() - back, 2)
        figures["answers_while_database_down"] = dict(during)
        time.sleep(2 * step)
        watcher.join()
        figures |= readiness_figures(readiness)
        failures += readiness_failures(figures)
        stop.set()
        for player in players:
            player.join(60)
        failures += [f"table {p.id}: {problem}" for p in players for problem in check_table(api, p)]
    finally:
        run.send_signal(signal.SIGTERM)
        try:
            run.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
        cluster.remove()
    stopped = args.stop_data_dir or "PostgreSQL"
    figures["faults"] = f"gunicorn worker killed, worker killed, {stopped} stopped for 4 s"
    figures["moves_acknowledged"] = sum(len(p.acknowledged) for p in players)
    figures["statuses"] = dict(sorted(api.statuses.items()))
    figures["500s"] = api.statuses[500]
    log.seek(0)
    server_log = log.read()
    figures["tracebacks_in_server_log"] = server_log.count("Traceback")
    if api.statuses[500]:
        failures.append(f"{api.statuses[500]} answers were 500")
    if figures["recovery_seconds"] > 5:
        failures.append(f"recovery took {figures['recovery_seconds']} s (more than 5 s)")
    print(json.dumps(figures, indent=2))
    for failure in failures:
        print("FAILED:", failure)
    for block in server_log.split("Traceback")[1:4]:  # what failed, for the reader
        print("Traceback" + block[:3000])
    if failures:
        print(server_log[-20000:])
    return 1 if failures else 0


def watch_readiness(base: str, since: float, answers: list[tuple[float, int]]) -> None:
    """/v1/ready every 0.1 s or so for READY_WATCH_SECONDS after ``since``: each status,
    with the seconds from ``since`` to its answer."""
    probe = Api(base)  # its 503s are not the players' answers
    while time.monotonic() - since < READY_WATCH_SECONDS:
        status, _ = probe.call("GET", "/ready")
        answers.append((round(time.monotonic() - since, 2), status))
        time.sleep(0.1)


def readiness_figures(answers: list[tuple[float, int]]) -> dict:
    first = next((seconds for seconds, status in answers if status == 200), None)
    after = [status for seconds, status in answers if first is not None and seconds > first]
    return {
        "ready_seconds_after_return": first,
        "ready_answers_after_first_200": dict(sorted(Counter(after).items())),
    }


def readiness_failures(figures: dict) -> list[str]:
    first = figures["ready_seconds_after_return"]
    if first is None:
        return [f"/v1/ready was not 200 within {READY_WATCH_SECONDS} s of the database's return"]
    failures = []
    if first > READY_WITHIN_SECONDS:
        failures.append(f"/v1/ready took {first} s to be 200 (more than {READY_WITHIN_SECONDS} s)")
    relapses = {
        status: n for status, n in figures["ready_answers_after_first_200"].items() if status != 200
    }
    if relapses:
        failures.append(f"/v1/ready fell back after its first 200: {relapses}")
    return failures


def check_table(api: Api, player: Player) -> list[str]:
    """The stored log against what was acknowledged, and against the rules."""
    api.until_done("POST", f"/games/{player.id}/end", token=player.host)  # reveals the log
    log = []
    while True:
        _, page = api.until_done("GET", f"/games/{player.id}/events?after={len(log)}&limit=500")
        log += page["events"]
        if len(log) >= page["last_seq"]:
            break
    problems = []
    if [event["seq"] for event in log] != list(range(1, len(log) + 1)):
        problems.append("seq is not contiguous")
    moves = [event["seq"] for event in log if event["type"] == "take"]
    if sorted(player.acknowledged) != moves:
        problems.append(f"{len(player.acknowledged)} moves acknowledged, {len(moves)} in the log")
    _, summary = api.until_done("GET", f"/games/{player.id}")
    problems += verify.verify(summary, log)  # the log re-derived from the seed and the rules
    return problems


if __name__ == "__main__":
    sys.exit(main())
