"""Instructions per move: the served workers' CPU work per move counted by valgrind's
callgrind, which counts instructions, not seconds, so the figure is the same whatever
else the machine does (a virtual machine's neighbours move ``bench.players``'s CPU
figures by 10% from run to run; this one moves by 1-2%).

Each side (this tree, and ``--baseline``, a commit checked out in a temporary worktree)
gets a fresh database and gunicorn with its gevent workers under callgrind. Four-seat
tables of Crazy Eights (seeded, so both sides deal the same cards) play ``--moves``
moves, each seat following its stream with views; a move is sent once every seat
holds the view before it, so the work is the same on every run. The count starts after
``WARMUP_MOVES`` and stops after the last move (a client request inside the workers,
``CALLGRIND_ZERO_STATS`` and ``CALLGRIND_DUMP_STATS``), and covers every worker (one, as
served by default; ``--workers 2`` adds the other worker's reads): the request, the
streams and the hints. Not PostgreSQL's.

    python -m bench.instructions [--baseline 2f652dd] [--moves 300] [--tables 6] [--workers 1]

Needs valgrind with its headers (Debian's ``valgrind``) and a C compiler; without
them it says so in one line. A side takes about two minutes (start-up under valgrind).
Prints figures; not a test."""

import argparse
import asyncio
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from tests.databases import postgres_answers, server_url

from .players_server import (
    HOST,
    Server,
    checkout,
    database,
    describe,
    environment,
    free_port,
    stop,
    wait_until_ready,
)
from .players_wire import Connection, Stream

CONTROL_C = """#include <valgrind/callgrind.h>
void bench_zero(void) { CALLGRIND_ZERO_STATS; }
void bench_dump(void) { CALLGRIND_DUMP_STATS; }
"""
# gunicorn's config of the checkout, and a greenlet in each worker that zeroes or dumps
# the counts when the bench makes the file of that name
SHIM = """import ctypes, os
_config = os.environ["BENCH_REAL_CONFIG"]
exec(compile(open(_config).read(), _config, "exec"))
_post_worker_init = globals().get("post_worker_init", lambda worker: None)
timeout = 600  # the arbiter must not take a worker slowed down by valgrind for a dead one


def post_worker_init(worker):
    _post_worker_init(worker)
    import gevent

    control = ctypes.CDLL(os.environ["BENCH_CONTROL"])
    flags = os.environ["BENCH_FLAGS"]

    def watch():
        for name, call in (("zero", control.bench_zero), ("dump", control.bench_dump)):
            while not os.path.exists(os.path.join(flags, name)):
                gevent.sleep(0.1)
            call()
            open(os.path.join(flags, f"{name}.{os.getpid()}"), "w").close()

    gevent.spawn(watch)
"""
WARMUP_MOVES = 40
START_SECONDS = 600  # imports under valgrind take minutes
SEATS = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="a commit to count beside this tree")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers (served: 1)")
    args = parser.parse_args()
    missing = [tool for tool in ("valgrind", "cc") if shutil.which(tool) is None]
    if missing:
        sys.exit(f"bench.instructions: needs valgrind and a C compiler; missing {missing}")
    server = server_url()
    if not postgres_answers(server):
        sys.exit(f"bench.instructions: PostgreSQL does not answer at {server} (TEST_DATABASE_URL)")
    rows = []
    for label, ref in (("change", None), ("baseline", args.baseline)):
        if label == "baseline" and ref is None:
            continue
        with checkout(ref) as root, database(server, root) as url:
            moves, instructions = count(root, url, args)
        rows.append((label, describe(ref), moves, instructions / moves / 1e6))
        print(f"[bench] {label}: {rows[-1][3]:.2f} M instructions per move", file=sys.stderr)
    print(f"{'side':<10}{'server':<26}{'moves':>7}{'M instructions/move':>22}")
    for label, described, moves, per_move in rows:
        print(f"{label:<10}{described:<26}{moves:>7}{per_move:>22.2f}")
    if len(rows) == 2:
        print(f"change / baseline: {rows[0][3] / rows[1][3]:.3f}")


def count(root: Path, url: str, args: argparse.Namespace) -> tuple[int, int]:
    """Moves played while counting, and the workers' instructions over them."""
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as scratch:
        place = Path(scratch)
        (place / "control.c").write_text(CONTROL_C)
        control = place / "control.so"
        cc = ["cc", "-O2", "-shared", "-fPIC", "-o", str(control), str(place / "control.c")]
        built = subprocess.run(cc, capture_output=True, text=True)
        if built.returncode:  # valgrind's headers (valgrind/callgrind.h) missing, say
            sys.exit(f"bench.instructions: the control library did not build:\n{built.stderr}")
        (place / "shim.py").write_text(SHIM)
        flags = place / "flags"
        flags.mkdir()
        port = free_port()
        settings = {"DATABASE_URL": url, "BIND": f"{HOST}:{port}", "WORKERS": str(args.workers)}
        env = environment(root, settings) | {
            "BENCH_REAL_CONFIG": str(root / "gunicorn.conf.py"),
            "BENCH_CONTROL": str(control),
            "BENCH_FLAGS": str(flags),
            "LOG_LEVEL": "warning",
        }
        counted = place / "counts"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={counted}.%p",
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            str(place / "shim.py"),
        ]
        with (place / "server.log").open("wb") as log:
            process = subprocess.Popen(
                command,
                cwd=root,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            under_valgrind = Server(root, port, process.pid, None, place / "server.log")
            wait_until_ready(
                under_valgrind, process, "/v1/health", "gunicorn under valgrind", START_SECONDS
            )
            asyncio.run(play(port, args.tables, WARMUP_MOVES))
            _tell_workers(flags, "zero", args.workers)
            moves = asyncio.run(play(port, args.tables, args.moves))
            _tell_workers(flags, "dump", args.workers)
        finally:
            stop(process)
        return moves, _dumped_instructions(place)


def _tell_workers(flags: Path, what: str, workers: int) -> None:
    """Until every worker has done ``what`` (each says so in a file of its own)."""
    (flags / what).touch()
    give_up = time.monotonic() + START_SECONDS
    while len(list(flags.glob(f"{what}.*"))) < workers:
        if time.monotonic() > give_up:
            raise RuntimeError(f"not every worker did {what!r}")
        time.sleep(0.2)


def _dumped_instructions(place: Path) -> int:
    """The sum over the workers' dumps (``counts.<pid>.1``; the master makes none)."""
    total = 0
    for dump in place.glob("counts.*.1"):
        for line in dump.read_text(errors="replace").splitlines():
            if line.startswith("summary:"):
                total += int(line.split()[1])
                break
    if total == 0:
        raise RuntimeError("no worker dumped its counts")
    return total


async def play(port: int, tables: int, moves: int) -> int:
    """``moves`` moves in all (a few more: each table finishes the move it began)."""
    played = [0]
    await asyncio.gather(*(_table(port, number, moves, played) for number in range(tables)))
    return played[0]


async def _table(port: int, number: int, moves: int, played: list[int]) -> None:
    rng = random.Random(number)  # a table's own: the same moves whatever the timing
    connections = [Connection(HOST, port) for _ in range(SEATS)]
    try:
        while played[0] < moves:
            await _match(port, number, moves, played, rng, connections)
    finally:
        for connection in connections:
            connection.close()


async def _match(port, number, moves, played, rng, connections) -> None:
    """One match, seeded by the table's number, until it ends or the moves are played."""
    body = {"type": "crazy-eights", "seats": SEATS, "seed": number, "visibility": "private"}
    created = await connections[0].request("POST", "/v1/games", body)
    game = f"/v1/games/{created['id']}"
    seats = [
        await connection.request(
            "POST", f"{game}/players", {"name": f"p{n}", "code": created["code"]}
        )
        for n, connection in enumerate(connections)
    ]
    views: list[dict | None] = [None] * SEATS
    changed = asyncio.Event()

    async def follow(seat: int) -> None:
        headers = {"Authorization": f"Bearer {seats[seat]['token']}"}
        async for burst in Stream(HOST, port, f"{game}/stream?view=1", headers).bursts():
            for message in burst:
                if message.event == "view":
                    view = json.loads(message.data)
                    if views[seat] is None or view["version"] > views[seat]["version"]:
                        views[seat] = view
                        changed.set()

    followers = [asyncio.create_task(follow(seat)) for seat in range(SEATS)]
    host = {"Authorization": f"Bearer {created['host_token']}"}
    await connections[0].request("POST", f"{game}/deal", {}, host)
    try:
        while played[0] < moves:
            await changed.wait()
            changed.clear()
            if None in views or len({view["version"] for view in views}) > 1:
                continue  # a seat has not seen the last move yet
            status = views[0]["status"]
            if status == "finished":
                return
            if status == "round_over":
                dealer = {"Authorization": f"Bearer {seats[0]['token']}"}
                await connections[0].request("POST", f"{game}/deal", {}, dealer)
            elif status == "playing":
                seat = next(s for s in range(SEATS) if views[s]["seat"] in views[s]["to_act"])
                move = rng.choice(views[seat]["legal_moves"])
                headers = {
                    "Authorization": f"Bearer {seats[seat]['token']}",
                    "Idempotency-Key": uuid.uuid4().hex,
                }
                await connections[seat].request("POST", f"{game}/moves", move, headers)
                played[0] += 1
    finally:
        for follower in followers:
            follower.cancel()


if __name__ == "__main__":
    main()
