"""The served service (gunicorn, gevent workers) with hundreds of waiting clients: they
cost no thread, a move wakes exactly its table's waiters, a client that hangs up frees
its wait, and waiters outlive the database dropping every connection."""

import asyncio
import random
import time

import pytest
from sqlalchemy import create_engine, text

from tests.push import client as http
from tests.push.server import serve

from .test_changes import listener_pids
from .test_supervision import DEADLINE_SECONDS

pytestmark = pytest.mark.postgres

# A long poll's wait, longer than any step of these tests: the most the API allows is 30
# s, the one wall-clock assumption left here (each step's deadline is DEADLINE_SECONDS).
WAIT = 25


class Live:
    """Tables on a served instance, and their waiting clients."""

    def __init__(self, server):
        self.host, self.port = server.host, server.port
        self.received: dict[tuple[str, int], list[int]] = {}  # (game, seat) -> seqs

    async def call(self, method, path, body=None, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = await http.request(
            self.host, self.port, method, f"/v1{path}", body, headers, timeout=30
        )
        assert answer.status < 300, (path, answer.status, answer.body)
        return answer.json()

    async def table(self):
        game = await self.call("POST", "/games", {"type": "old-maid", "seats": 4})
        tokens = [
            (await self.call("POST", f"/games/{game['id']}/players", {"name": f"p{n}"}))["token"]
            for n in range(4)
        ]
        await self.call("POST", f"/games/{game['id']}/deal", token=game["host_token"])
        last = (await self.call("GET", f"/games/{game['id']}/events?limit=1"))["last_seq"]
        return {"id": game["id"], "tokens": tokens, "last_seq": last}

    async def long_poll(self, table, seat):
        """Waits once; records the seqs of its answer."""
        page = await self.call(
            "GET",
            f"/games/{table['id']}/events?after={table['last_seq']}&wait={WAIT}",
            token=table["tokens"][seat],
        )
        self.received[table["id"], seat] = [event["seq"] for event in page["events"]]

    async def stream(self, table, seat):
        """Records the seqs it receives until cancelled."""
        seqs = self.received.setdefault((table["id"], seat), [])
        headers = {
            "Authorization": f"Bearer {table['tokens'][seat]}",
            "Last-Event-ID": str(table["last_seq"]),
        }
        path = f"/v1/games/{table['id']}/stream"
        async for message in http.stream(self.host, self.port, path, headers):
            if message.id is not None:
                seqs.append(int(message.id))

    def waiters(self, tables):
        """Two long polls and two streams per table."""
        return [
            asyncio.create_task(wait(table, seat))
            for table in tables
            for seat, wait in enumerate([self.long_poll, self.long_poll, self.stream, self.stream])
        ]

    async def move(self, table):
        summary = await self.call("GET", f"/games/{table['id']}")
        token = table["tokens"][summary["turn"]]
        view = await self.call("GET", f"/games/{table['id']}/view", token=token)
        answer = await self.call(
            "POST", f"/games/{table['id']}/moves", view["legal_moves"][0], token
        )
        return answer["events"][0]["seq"]

    async def health(self):
        return await self.call("GET", "/health")

    async def until(self, condition, seconds=DEADLINE_SECONDS):
        """Until ``condition()`` (a bool, or an awaitable of one) holds."""
        deadline = time.monotonic() + seconds
        while not await _value(condition()):
            assert time.monotonic() < deadline, "timed out"
            await asyncio.sleep(0.1)


def run_against(server, scenario):
    """Run the scenario; on failure, show what the server logged."""
    try:
        asyncio.run(scenario)
    except BaseException:
        print(server.log()[-20_000:])
        raise


async def _value(result):
    return await result if asyncio.iscoroutine(result) else result


async def gather_bounded(coroutines, limit=20):
    gate = asyncio.Semaphore(limit)

    async def one(coroutine):
        async with gate:
            return await coroutine

    return await asyncio.gather(*(one(c) for c in coroutines))


async def held(live, count):
    return (await live.health())["waiters"] == count


def test_500_waiters_on_125_tables_each_woken_by_its_own_table_only(database_url, client):
    with serve(database_url, workers=1, worker_connections=2000) as server:
        run_against(server, _500_waiters(Live(server)))
        log = server.log()
    assert "could not look" not in log, "a client that hung up costs no look at the database"
    assert "Error" not in log


async def _500_waiters(live):
    tables = await gather_bounded([live.table() for _ in range(125)])
    started = time.monotonic()
    tasks = live.waiters(tables)
    await live.until(lambda: held(live, 500))
    for _ in range(10):  # the service answers others while 500 wait: still all 500
        assert await held(live, 500)

    moved = random.Random(1).sample(tables, 10)
    first_new = {table["id"]: await live.move(table) for table in moved}
    woken = {(table["id"], seat) for table in moved for seat in range(4)}

    def all_woken():
        return all(first_new[game] in live.received.get((game, seat), []) for game, seat in woken)

    await live.until(all_woken)
    await asyncio.sleep(1)  # time for a wrong wake-up to show
    assert all(not seqs for key, seqs in live.received.items() if key not in woken)
    assert await held(live, 500 - 20), "the moved tables' long polls answered, no other"

    for task in tasks:  # every client hangs up: their waits end then, not at WAIT
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await live.until(lambda: held(live, 0), started + WAIT - time.monotonic())
    for table in tables[:10]:  # and the service goes on serving
        assert (await live.call("GET", f"/games/{table['id']}"))["id"] == table["id"]


def test_waiters_outlive_the_database_dropping_every_connection(database_url, client):
    others = set(listener_pids(database_url))  # in-process apps of other tests
    with serve(database_url, workers=1, worker_connections=200) as server:
        run_against(server, _database_drops(Live(server), database_url, others))
        assert "listener disconnected" in server.log()


async def _database_drops(live, database_url, others):
    tables = await gather_bounded([live.table() for _ in range(5)])
    tasks = live.waiters(tables)
    await live.until(lambda: held(live, 20))
    # the server's listener connects after its first waiter came: drop it, not its absence
    await live.until(lambda: set(listener_pids(database_url)) - others)
    quiet = tables[1]
    short_poll = asyncio.create_task(
        live.call("GET", f"/games/{quiet['id']}/events?after={quiet['last_seq']}&wait=3")
    )
    engine = create_engine(database_url)
    with engine.connect() as connection:  # what a restart does to every session
        connection.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        )
    engine.dispose()
    page = await short_poll  # answered at its deadline, not hanging past it:
    assert page == {"events": [], "last_seq": quiet["last_seq"]}
    assert await held(live, 20), "answered while the others (wait 25 s) still wait on"

    first_new = await live.move(tables[0])
    game = tables[0]["id"]
    await live.until(
        lambda: all(first_new in live.received.get((game, seat), []) for seat in range(4))
    )
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def test_a_process_listens_from_its_first_waiting_client_on(database_url, client):
    """Not from its start: a process that nobody waits on is not woken by every move."""
    others = set(listener_pids(database_url))  # in-process apps of other tests (may stop)
    with serve(database_url, workers=1) as server:
        run_against(server, _listens_from_first_waiter(Live(server), database_url, others))


async def _listens_from_first_waiter(live, database_url, others):
    table = await live.table()
    await live.move(table)
    assert not set(listener_pids(database_url)) - others, "nobody waits: nobody listens"
    page = await live.call("GET", f"/games/{table['id']}/events?limit=1")
    table["last_seq"] = page["last_seq"]
    waiting = asyncio.create_task(live.long_poll(table, 0))
    await live.until(lambda: set(listener_pids(database_url)) - others)
    first_new = await live.move(table)
    await waiting
    assert live.received[table["id"], 0][0] == first_new
