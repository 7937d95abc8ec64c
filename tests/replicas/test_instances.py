"""No instance keeps state another needs: three real gunicorn instances (separate OS
processes) on the one database, and 1,000 times a change on a random instance A (a table
created, a seat joined, a deal, a move) read back at once from another random instance B
(the summary, the next seat's view, the events), which must show exactly what A did:
the same ``version`` and ``last_seq``. A per-process cache of summaries, views or events,
or a counter held in memory, makes B answer an older table and fails it."""

import http.client
import json
import random
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field

import pytest

from bench.common import UNLIMITED
from tests.push.server import Server, serve

pytestmark = pytest.mark.postgres

INSTANCES = 3
CHANGES = 1000
PLAYERS = 4  # changing at once, each its own tables (so each knows what B must show)
NEW_TABLE_EVERY = 40  # about 25 tables created (and joined seat by seat) among the changes


@dataclass
class Table:
    id: str
    host: str
    tokens: list[str]
    version: int = 0
    last_seq: int = 0
    status: str = "waiting"
    turn: int | None = None
    legal: list | None = None  # the turn seat's legal moves, as B last showed them


@dataclass
class Instance:
    """One served instance and a kept-alive connection to it."""

    server: Server
    connection: http.client.HTTPConnection = field(init=False)

    def __post_init__(self) -> None:
        self.connection = http.client.HTTPConnection(self.server.host, self.server.port)

    @property
    def port(self) -> int:
        return self.server.port

    def call(self, method: str, path: str, body=None, token=None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if method == "POST":  # a retry after a closed kept-alive connection is then safe
            headers["Idempotency-Key"] = str(uuid.uuid4())
        payload = None if body is None else json.dumps(body)
        for last_try in (False, True):
            try:
                self.connection.request(method, "/v1" + path, payload, headers)
                answer = self.connection.getresponse()
                return answer.status, json.loads(answer.read() or b"null")
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()  # the instance closed an idle connection: again
                if last_try:
                    raise
        raise AssertionError("unreachable")


def need(instance: Instance, method: str, path: str, body=None, token=None) -> dict:
    status, payload = instance.call(method, path, body, token)
    assert 200 <= status < 300, (instance.port, method, path, status, payload)
    return payload


def read_back(b: Instance, table: Table, what: str) -> None:
    """B's summary, the turn seat's view and the events must be exactly A's last change."""
    summary = need(b, "GET", f"/games/{table.id}")
    assert summary["version"] == table.version, (what, "summary", b.port, summary, table)
    assert summary["status"] == table.status, (what, b.port, summary)
    table.turn = summary["turn"]
    seat = table.turn if table.turn is not None and table.tokens else None
    after = max(table.last_seq - 1, 0)  # the last event, and the turn seat's view with it
    path = f"/games/{table.id}/events?after={after}&view=true"
    page = need(b, "GET", path, token=None if seat is None else table.tokens[seat])
    assert page["last_seq"] == table.last_seq, (what, "events", b.port, page, table)
    seqs = [event["seq"] for event in page["events"]]
    assert seqs == ([table.last_seq] if table.last_seq else []), (what, b.port, seqs)
    table.legal = None
    if seat is not None and table.status == "playing":
        view = page["view"]
        assert view["version"] == table.version, (what, "view", b.port, view, table)
        table.legal = view["legal_moves"]


def create(a: Instance, b: Instance, instances: list[Instance], rng: random.Random) -> Table:
    """A table created on A, each seat joined on a random instance and read back on
    another, then dealt."""
    game = need(a, "POST", "/games", {"type": "old-maid", "seats": 4})
    table = Table(game["id"], game["host_token"], [], game["version"])
    read_back(b, table, "create")
    for seat in range(4):
        a, b = rng.sample(instances, 2)
        joined = need(a, "POST", f"/games/{table.id}/players", {"name": f"p{seat}"})
        table.tokens.append(joined["token"])
        summary = need(b, "GET", f"/games/{table.id}")
        taken = [s for s in summary["seats"] if s.get("name") is not None]
        assert len(taken) == seat + 1, ("join", b.port, summary)
        table.version = summary["version"]
    deal(*rng.sample(instances, 2), table)
    return table


def deal(a: Instance, b: Instance, table: Table) -> None:
    answer = need(a, "POST", f"/games/{table.id}/deal", token=table.host)
    table.version, table.status = answer["version"], answer["status"]
    table.last_seq = need(a, "GET", f"/games/{table.id}/events?limit=1")["last_seq"]
    read_back(b, table, "deal")


def move(a: Instance, b: Instance, table: Table, rng: random.Random) -> None:
    token = table.tokens[table.turn]
    answer = need(a, "POST", f"/games/{table.id}/moves", rng.choice(table.legal), token)
    table.version = answer["view"]["version"]
    table.status = answer["view"]["status"]
    table.last_seq = answer["events"][-1]["seq"]
    read_back(b, table, "move")


def test_every_instance_sees_at_once_what_another_did(database_url):
    with ExitStack() as stack, ThreadPoolExecutor(PLAYERS) as pool:
        servers = start(stack, pool, database_url)
        assert len({server.master for server in servers}) == INSTANCES
        # players at once, each on tables of its own and on every instance
        counts = list(pool.map(play, [(servers, seed) for seed in range(PLAYERS)]))
    assert sum(counts) > CHANGES  # the moves happened: more events than changes


def start(stack: ExitStack, pool: ThreadPoolExecutor, database_url: str) -> list[Server]:
    """INSTANCES gunicorns started side by side, each stopped when the stack closes."""
    starting = [serve(database_url, workers=1, env=UNLIMITED) for _ in range(INSTANCES)]
    futures = [pool.submit(serving.__enter__) for serving in starting]
    for serving, future in zip(starting, futures, strict=True):
        if future.exception() is None:
            stack.push(serving)  # its __exit__ stops it
    return [future.result() for future in futures]


def play(args: tuple[list[Server], int]) -> int:
    """CHANGES / PLAYERS changes, each on a random instance A and read back on another
    random instance B; returns the events they made."""
    servers, seed = args
    rng = random.Random(seed)
    instances = [Instance(server) for server in servers]
    tables: list[Table] = []
    for n in range(CHANGES // PLAYERS):
        a, b = rng.sample(instances, 2)
        if not tables or n % NEW_TABLE_EVERY == 0:
            tables.append(create(a, b, instances, rng))
            continue
        table = rng.choice(tables)
        if table.status == "playing" and table.legal:
            move(a, b, table, rng)
        else:  # round over: the next round
            deal(a, b, table)
    return sum(table.last_seq for table in tables)
