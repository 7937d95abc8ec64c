"""When the database is away, every request that needs it gets a quick 503 problem
document with Retry-After, never a 500 and never a hang."""

import asyncio
import socket
import threading
from contextlib import contextmanager

import pytest

from service import create_app
from tests.push import client as http
from tests.push.server import serve

from .test_errors import assert_problem

GAME = "00000000-0000-4000-8000-000000000000"


@contextmanager
def listening_socket(answer: bool):
    """A port where nothing listens (``answer=False``: connections are refused), or one
    that accepts connections and never says a word: a frozen database."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    port = server.getsockname()[1]
    accepted = []
    if answer:
        server.listen(64)
        threading.Thread(
            target=lambda: [accepted.append(server.accept()) for _ in iter(int, 1)], daemon=True
        ).start()
    else:
        server.close()
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/test"
    finally:
        server.close()


REQUESTS = [
    ("POST", "/v1/games", {"type": "old-maid", "seats": 2}),
    ("GET", "/v1/games", None),
    ("GET", f"/v1/games/{GAME}", None),
    ("GET", f"/v1/games/{GAME}/view", None),
    ("GET", f"/v1/games/{GAME}/events", None),
    ("POST", f"/v1/games/{GAME}/players", {"name": "Ann"}),
    ("POST", "/v1/tables/join", {"code": "ABCDEFGH", "name": "Ann"}),
]


@pytest.mark.parametrize("method, path, body", REQUESTS)
def test_a_database_that_refuses_connections_is_a_503(method, path, body):
    with listening_socket(answer=False) as url:
        app = create_app({"DATABASE_URL": url})
        answer = app.test_client().open(path, method=method, json=body)
    assert_problem(answer, 503, "database_unavailable")
    assert answer.headers["Retry-After"] == "1"
    assert "Idempotency-Key" in answer.json["detail"]


def test_liveness_needs_no_database():
    with listening_socket(answer=False) as url:
        answer = create_app({"DATABASE_URL": url}).test_client().get("/v1/health")
    assert answer.status_code == 200


def test_a_frozen_database_is_a_quick_503_on_a_served_instance():
    """Under gevent every request's database work has a deadline; readiness's is 1 s. The
    database never answers: any answer at all is a deadline's (or the connection
    timeout's), and readiness's says which deadline it was."""
    with listening_socket(answer=True) as url, serve(url, workers=1) as server:

        def call(method, path, body=None):  # a hang would be a TimeoutError
            return http.request(server.host, server.port, method, path, body, timeout=60)

        async def scenario():
            return await asyncio.gather(
                call("GET", "/v1/ready"),
                call("POST", "/v1/games", {"type": "old-maid", "seats": 2}),
                call("GET", "/v1/health"),
            )

        ready, create, health = asyncio.run(scenario())
    assert ready.status == 503, ready.body
    assert ready.json()["detail"] == "the database did not answer in 1.0 s"
    assert create.status == 503, create.body
    assert create.json()["code"] == "database_unavailable"
    assert health.status == 200


def test_a_move_whose_answer_was_lost_is_recovered_by_its_idempotency_key(client, monkeypatch):
    """The commit succeeded, then the connection died before the answer: the client saw
    a 503. Its retry with the same key gets the first answer; the move applied once."""
    from sqlalchemy.exc import OperationalError

    from service.store.unit import Unit

    from .table import Table

    table = Table.create(client, players=3, seed=79)
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    commit = Unit.commit

    def commit_then_lose_the_connection(unit):
        commit(unit)
        monkeypatch.setattr(Unit, "commit", commit)
        raise OperationalError("COMMIT", {}, Exception("server closed the connection"))

    monkeypatch.setattr(Unit, "commit", commit_then_lose_the_connection)
    lost = table.move(seat, move, **{"Idempotency-Key": "k-1"})
    assert_problem(lost, 503, "database_unavailable")
    applied = table.events().json["last_seq"]

    retry = table.move(seat, move, **{"Idempotency-Key": "k-1"})
    assert retry.status_code == 201
    assert table.events().json["last_seq"] == applied, "nothing applied twice"
    assert [event["seq"] for event in retry.json["events"]][-1] == applied


@pytest.mark.postgres
def test_a_request_past_its_deadline_leaves_the_pool_healthy(database_url, client):
    """The deadline interrupts a query mid-way (here a move waiting for a row lock): that
    connection must be discarded, not pooled half-used for the next request."""
    from sqlalchemy import create_engine, text

    settings = {"DB_REQUEST_SECONDS": "1", "DB_POOL_SIZE": "1", "DB_MAX_OVERFLOW": "0"}
    with serve(database_url, workers=1, env=settings) as server:

        def call(method, path, body=None, token=None):
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            return asyncio.run(
                http.request(server.host, server.port, method, f"/v1{path}", body, headers, 30)
            )

        game = call("POST", "/games", {"type": "old-maid", "seats": 2}).json()
        tokens = [call("POST", f"/games/{game['id']}/players", {"name": n}).json() for n in "ab"]
        call("POST", f"/games/{game['id']}/deal", token=game["host_token"])
        engine = create_engine(database_url)
        with engine.connect() as holder:  # another client holds the game's row
            holder.execute(text("SELECT 1 FROM games WHERE id = :id FOR UPDATE"), game)
            stuck = call("POST", f"/games/{game['id']}/leave", token=tokens[0]["token"])
        engine.dispose()
        assert stuck.status == 503 and stuck.json()["code"] == "database_unavailable"
        answers = [call("GET", f"/games/{game['id']}").status for _ in range(10)]
        log = server.log()
    assert answers == [200] * 10, log[-3000:]
    assert "another command is already in progress" not in log
