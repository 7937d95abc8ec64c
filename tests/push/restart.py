"""A restart under thousands of streaming clients (part of ``make chaos``).

``--clients`` readers, the SDK's own (``card_table_client.live.afollow``), follow the
event streams of ``--clients / 4`` tables while a driver plays moves. The service is
killed (SIGKILL: every connection drops at once) and started again on the same port; the
readers reconnect on their own, with the SDK's jittered back-off, and resume from
``Last-Event-ID``. Once moves went on after the restart, every match is ended and each
reader must have received exactly the table's log: no gap, no event twice.

    python -m tests.push.restart [--clients 2000]
"""

import argparse
import asyncio
import json
import os
import signal
import sys
import time
from contextlib import ExitStack

import httpx
from card_table_client import Client
from card_table_client.live import afollow

from bench.common import UNLIMITED

from ..databases import fresh_database, server_url
from . import client
from .bench import Bench, Table
from .server import free_port, serve

DRIVE_SECONDS, DOWN_SECONDS = 4.0, 1.0
MOVES_AFTER = 5  # moves accepted after the restart before the matches are ended
GIVE_UP_SECONDS = 600
END_TRIES = 10  # ending a match, while the restarted service answers 503 or not at all
# A generous deadline, not a measure: 2,000 readers opened in 7 to 14 s here, and a
# machine busy with other work (a browser suite) took over 120 s.
OPEN_SECONDS = 600


async def read(api: Client, table: Table, received: list[int]) -> None:
    async for event in afollow(api, table.id):
        received.append(event.seq)


async def end(bench: Bench, table: Table) -> None:
    """End the match; a try that timed out may have ended it already."""
    for _ in range(END_TRIES):
        if await bench.call("POST", f"/v1/games/{table.id}/end", token=table.host):
            return
        summary = await bench.call("GET", f"/v1/games/{table.id}")
        if summary and summary.json()["status"] == "finished":
            return
        await asyncio.sleep(1)
    raise RuntimeError(f"could not end {table.id}: {dict(bench.level.samples)}")


async def until(condition, seconds: float, what: str) -> float:
    """Wait for ``condition()``; how long it took."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > seconds:
            raise RuntimeError(f"timed out: {what}")
        await asyncio.sleep(0.1)
    return time.monotonic() - start


async def run(url: str, port: int, clients: int, servers: ExitStack) -> dict:
    bench = Bench(servers.enter_context(serve(url, port=port, env=UNLIMITED)))
    tables = await bench.create_tables((clients + 3) // 4)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=0)
    api = Client(f"http://127.0.0.1:{port}", httpx_args={"limits": limits})  # spectators
    received: list[list[int]] = [[] for _ in range(clients)]
    readers = [asyncio.create_task(read(api, tables[n // 4], received[n])) for n in range(clients)]
    opened = await until(lambda: all(received), OPEN_SECONDS, "every reader's first events")
    await bench.drive(tables, 20, time.monotonic() + DRIVE_SECONDS)
    os.killpg(bench.server.master, signal.SIGKILL)  # every connection drops at once
    killed = time.monotonic()
    await asyncio.sleep(DOWN_SECONDS)
    bench.server = await asyncio.to_thread(
        servers.enter_context, serve(url, port=port, env=UNLIMITED)
    )
    back = time.monotonic()
    # until moves go on: 2,000 readers coming back at once may hold them up for a while
    while sum(at > back for at in bench.level.accepted) < MOVES_AFTER:
        if time.monotonic() - back > GIVE_UP_SECONDS:
            break
        await bench.drive(tables, 20, time.monotonic() + DRIVE_SECONDS)
    for table in tables:
        await end(bench, table)
    done, pending = await asyncio.wait(readers, timeout=GIVE_UP_SECONDS)
    last_seqs = {}
    for table in tables:
        answer = await bench.call("GET", f"/v1/games/{table.id}/events?limit=1")
        last_seqs[table.id] = answer.json()["last_seq"] if answer else None
    wrong = [
        n
        for n in range(clients)
        if received[n] != list(range(1, (last_seqs[tables[n // 4].id] or 0) + 1))
    ]
    return {
        "readers": clients,
        "tables": len(tables),
        "opened_seconds": round(opened, 1),
        "moves_accepted": len(bench.level.accepted),
        "moves_accepted_after_the_restart": sum(at > back for at in bench.level.accepted),
        "server_down_seconds": round(back - killed, 1),
        "readers_finished": len(done),
        "readers_still_waiting": len(pending),
        "readers_failed": sum(1 for task in done if task.exception() is not None),
        "readers_with_a_gap_or_a_duplicate": len(wrong),
        "events_received": sum(map(len, received)),
        "refused_or_unanswered": dict(bench.level.errors),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=2000)
    args = parser.parse_args()
    client.raise_open_files_limit()
    with fresh_database(server_url()) as url, ExitStack() as servers:
        figures = asyncio.run(run(url, free_port(), args.clients, servers))
    print(json.dumps(figures, indent=2))
    failed = figures["readers_finished"] < figures["readers"] or any(
        figures[name] for name in ("readers_failed", "readers_with_a_gap_or_a_duplicate")
    )
    if failed or not figures["moves_accepted_after_the_restart"]:
        print("FAILED: not every reader resumed with the whole log")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
