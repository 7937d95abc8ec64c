"""A storm of clients connecting at once (as after a restart) on a served instance: every
connection is answered with a status line, never closed in silence; a process that must
refuse says so (503 with Retry-After); and one client address holds at most
WAITERS_PER_CLIENT streams and long polls at once in a process (429 with Retry-After).

Nothing here is timed but a long poll's bound: a request sent after gunicorn's
keep-alive stands for one the server, busy with a burst, reads late; a refusal or an
answer is accepted alike."""

import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, text

from tests.push.server import serve

pytestmark = pytest.mark.postgres
KEEPALIVE = 1  # gunicorn's keep-alive, seconds
LATE = KEEPALIVE + 0.5  # a request sent this long after its connection opened


@pytest.fixture(scope="module")
def server(database_url):
    env = {
        "GUNICORN_CMD_ARGS": f"--keep-alive {KEEPALIVE}",
        "DB_POOL_SIZE": "1",
        "DB_MAX_OVERFLOW": "0",
        "PROXY_HOPS": "1",  # the loopback is a proxy: X-Forwarded-For names the client
        "WAITERS_PER_CLIENT": "2",
    }
    with serve(database_url, workers=1, worker_connections=50, env=env) as server:
        yield server


@pytest.fixture(scope="module")
def game_id(server):
    body = json.dumps({"type": "old-maid", "seats": 2}).encode()
    head = "POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    status, _, answer = read_answer(connect(server), head.encode() + body)
    assert status == 201, answer
    return json.loads(answer)["id"]


def connect(server) -> socket.socket:
    return socket.create_connection((server.host, server.port), timeout=30)


def get(path: str, client: str | None = None) -> bytes:
    forwarded = f"X-Forwarded-For: {client}\r\n" if client else ""
    return f"GET {path} HTTP/1.1\r\nHost: x\r\n{forwarded}Connection: close\r\n\r\n".encode()


def read_answer(connection: socket.socket, raw: bytes) -> tuple[int | None, dict, bytes]:
    """Send ``raw`` and read until the server closes: (status, headers, body); status None
    when the connection closed (or was reset) before a status line."""
    with connection:
        try:
            connection.sendall(raw)
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    if not answer.startswith(b"HTTP/1.1 "):
        return None, {}, answer
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def answered_or_refused(status: int | None, headers: dict, body: bytes) -> bool:
    """200, or a 503 problem document with a Retry-After: never a silent close."""
    if status == 200:
        return True
    return status == 503 and "retry-after" in headers and json.loads(body)["status"] == 503


def storm(server, paths: list[str], late: float) -> list[tuple[int | None, dict, bytes]]:
    """Open one connection per path at once, send each request ``late`` seconds later."""
    connections = [connect(server) for _ in paths]
    time.sleep(late)
    with ThreadPoolExecutor(len(paths)) as pool:
        return list(pool.map(read_answer, connections, [get(path) for path in paths]))


def test_requests_read_late_are_answered_not_closed(server, game_id):
    paths = ["/v1/health"] * 10 + [f"/v1/games/{game_id}/events?wait=0.5"] * 10
    answers = storm(server, paths, LATE)
    unanswered = [path for path, (status, *_) in zip(paths, answers, strict=True) if status is None]
    assert not unanswered, f"{len(unanswered)} of {len(paths)} closed before any status line"
    assert all(answered_or_refused(*answer) for answer in answers), answers


def test_more_waiters_at_once_than_the_pool_serves_are_answered_or_refused(server, game_id):
    paths = [f"/v1/games/{game_id}/events?wait=0.5&limit={n + 1}" for n in range(40)]
    answers = storm(server, paths, 0)
    wrong = [answer for answer in answers if not answered_or_refused(*answer)]
    assert not wrong, f"{len(wrong)} of {len(paths)}: {wrong[:3]}"


def open_stream(server, path: str, client: str) -> tuple[socket.socket, int, dict, bytes]:
    """A stream's connection, left open, and its status line and headers (and, if it was
    refused, its body)."""
    connection = connect(server)
    connection.sendall(get(path, client))
    answer = b""
    while b"\r\n\r\n" not in answer and (chunk := connection.recv(65536)):
        answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    if int(lines[0].split()[1]) != 200:
        while chunk := connection.recv(65536):
            body += chunk
    return connection, int(lines[0].split()[1]), headers, body


def test_one_address_holds_at_most_its_share_of_waiters(server, game_id):
    stream = f"/v1/games/{game_id}/stream"
    held = [open_stream(server, stream, "203.0.113.7") for _ in range(2)]
    try:
        assert [status for _, status, *_ in held] == [200, 200]
        _, status, headers, body = open_stream(server, stream, "203.0.113.7")
        assert status == 429, body
        assert headers["content-type"] == "application/problem+json"
        assert int(headers["retry-after"]) >= 1
        assert json.loads(body)["code"] == "too_many_requests"
        poll = read_answer(connect(server), get(f"{stream[:-7]}/events?wait=1", "203.0.113.7"))
        assert poll[0] == 429, "long polls count too"
        other = open_stream(server, stream, "198.51.100.9")
        other[0].close()
        assert other[1] == 200, "another address has its own share"
    finally:
        for connection, *_ in held:
            connection.close()
    deadline = time.monotonic() + 10  # the server notices the hang-ups: a bound, not a measure
    while (again := open_stream(server, stream, "203.0.113.7"))[1] != 200:
        again[0].close()
        assert time.monotonic() < deadline, "a closed stream's share is given back"
        time.sleep(0.1)
    again[0].close()


def test_a_long_poll_held_for_admission_answers_within_its_wait_of_its_arrival(
    server, game_id, database_url
):
    """The one look slot (DB_POOL_SIZE 1) held by a long poll whose first look waits on a
    lock: the next long poll waits for admission, then only what is left of its wait."""
    events = f"/v1/games/{game_id}/events"
    _, _, body = read_answer(connect(server), get(events))
    last = json.loads(body)["last_seq"]
    wait, held = 3, 2
    with look_slot_held(server, database_url, events) as (pool, holder):
        sent = time.monotonic()
        late = pool.submit(read_answer, connect(server), get(f"{events}?after={last}&wait={wait}"))
        time.sleep(held)
        holder.rollback()  # the first look goes on, and gives the slot up
        status, _, body = late.result()
        took = time.monotonic() - sent
    assert status == 200 and json.loads(body)["events"] == []
    assert took < wait + 1, f"answered {took:.1f} s after it was sent, held {held} s"


def test_a_long_poll_not_let_in_by_the_end_of_its_wait_is_refused_then(
    server, game_id, database_url
):
    """As above, but the slot is held longer than the wait: 503 busy, within the wait."""
    events = f"/v1/games/{game_id}/events"
    wait, held = 1, 4
    with look_slot_held(server, database_url, events) as (pool, holder):
        sent = time.monotonic()
        late = pool.submit(read_answer, connect(server), get(f"{events}?wait={wait}"))
        answer = late.result(timeout=held)
        took = time.monotonic() - sent
        holder.rollback()
    assert answer[0] == 503 and answered_or_refused(*answer), answer
    assert took < wait + 1, f"answered {took:.1f} s after it was sent, held {held} s"


@contextmanager
def look_slot_held(server, database_url, events):
    """The server's one look slot held by a long poll whose first look waits on a lock
    that ``holder`` holds (``holder.rollback()`` lets it go); a pool to send more with.
    The first long poll is answered 200 by the end."""
    engine = create_engine(database_url)
    try:
        with ThreadPoolExecutor(2) as pool, engine.connect() as holder:
            holder.execute(text("LOCK TABLE games IN ACCESS EXCLUSIVE MODE"))
            first = pool.submit(read_answer, connect(server), get(f"{events}?wait=0.5"))
            waits_on_lock(holder)
            yield pool, holder
            assert first.result()[0] == 200
    finally:
        engine.dispose()


def test_a_long_poll_sent_after_its_connection_opened_waits_from_its_sending(server, game_id):
    """Its wait counts from the request, not from the connection's accept."""
    events = f"/v1/games/{game_id}/events"
    _, _, body = read_answer(connect(server), get(events))
    last = json.loads(body)["last_seq"]
    connection = connect(server)
    time.sleep(LATE)
    sent = time.monotonic()
    status, _, _ = read_answer(connection, get(f"{events}?after={last}&wait=2"))
    assert status == 200 and time.monotonic() - sent >= 1.9


def waits_on_lock(holder) -> None:
    """Return once a statement waits for a lock (the first look, for the one held)."""
    deadline = time.monotonic() + 10  # a bound, not a measure
    query = text("SELECT count(*) FROM pg_locks WHERE NOT granted")
    while not holder.execute(query).scalar():
        assert time.monotonic() < deadline, "no look waits on the lock"
        time.sleep(0.05)
