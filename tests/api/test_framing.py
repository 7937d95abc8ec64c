"""Broken request framing, sent raw to a served instance: each answer is a problem
document of its own (400 malformed, 408 stalled, 413 too large, 501 an unknown transfer
coding), never a 500 and never the database's 503, and the connection is closed after it
(where the next request would start is unknown). Nothing is created."""

import json
import select
import socket
import time
from dataclasses import dataclass

import pytest
import sqlalchemy as sa

from service.store.models import Game
from tests.push.server import serve

pytestmark = pytest.mark.postgres

# The body's bound above the database's: a stalled body must be told from a database away.
BODY_SECONDS = 1.5
DB_REQUEST_SECONDS = 1
CLIENT_SECONDS = 5  # silence per read: longer, so that BODY_SECONDS is what ends a stall
SETTINGS = {
    "BODY_SECONDS": str(BODY_SECONDS),
    "DB_REQUEST_SECONDS": str(DB_REQUEST_SECONDS),
    "CLIENT_SECONDS": str(CLIENT_SECONDS),
}

HEAD = (
    b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n"
)
BODY = b'{"type": "old-maid"}'
SIZE = b"%x" % len(BODY)

MALFORMED = (400, "malformed_framing", "Malformed body framing")
STALLED = (408, "request_timeout", "The body did not arrive in time")
TOO_LARGE = (413, "payload_too_large", "Request Entity Too Large")
UNKNOWN_CODING = (501, "not_implemented", "Transfer coding not supported")

CASES = {
    "chunk size zz": (HEAD + b"zz\r\n" + BODY + b"\r\n0\r\n\r\n", MALFORMED),
    "chunk size -1": (HEAD + b"-1\r\n" + BODY + b"\r\n0\r\n\r\n", MALFORMED),
    "chunk size 0x2": (HEAD + b"0x2\r\n" + BODY + b"\r\n0\r\n\r\n", MALFORMED),
    "data longer than declared": (HEAD + b"2\r\n" + BODY + b"\r\n0\r\n\r\n", MALFORMED),
    "no CRLF after the data": (HEAD + SIZE + b"\r\n" + BODY + b"0\r\n\r\n", MALFORMED),
    "a bad trailer": (HEAD + SIZE + b"\r\n" + BODY + b"\r\n0\r\nno colon\r\n\r\n", MALFORMED),
    "a chunk of 2**64 - 1": (HEAD + b"ffffffffffffffff\r\n" + BODY + b"\r\n", TOO_LARGE),
    "a declared chunk that never comes": (HEAD + b"100\r\n" + BODY, STALLED),
    "LF-only framing": (HEAD + SIZE + b"\n" + BODY + b"\n0\n\n", STALLED),
    "a Content-Length body that stops": (
        HEAD.replace(b"Transfer-Encoding: chunked", b"Content-Length: 100") + BODY,
        STALLED,
    ),
    "Transfer-Encoding xchunked": (
        HEAD.replace(b"chunked", b"xchunked") + SIZE + b"\r\n" + BODY + b"\r\n0\r\n\r\n",
        UNKNOWN_CODING,
    ),
}


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float  # from the last byte sent, or the first for a trickle
    closed: bool  # the server closed the connection after its answer


@pytest.fixture(scope="module")
def server(database_url):
    with serve(database_url, workers=1, env=SETTINGS) as server:
        yield server


@pytest.fixture
def games(database_url):
    """How many tables there are now (a function: call it before and after)."""
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        yield lambda: connection.scalar(sa.select(sa.func.count()).select_from(Game))
    engine.dispose()


def send(server, raw: bytes) -> Answer:
    with socket.create_connection((server.host, server.port), timeout=30) as connection:
        connection.sendall(raw)
        return receive(connection, time.monotonic())


def trickle(server) -> Answer:
    """A chunk of 256 bytes sent a byte every 0.2 s, until the server answers."""
    with socket.create_connection((server.host, server.port), timeout=30) as connection:
        start = time.monotonic()
        connection.sendall(HEAD + b"100\r\n")
        while time.monotonic() - start < 20 and not _readable(connection, 0.2):
            connection.sendall(b" ")
        return receive(connection, start)


def _readable(connection: socket.socket, seconds: float) -> bool:
    return bool(select.select([connection], [], [], seconds)[0])


def receive(connection: socket.socket, start: float) -> Answer:
    answer = b""
    while b"\r\n\r\n" not in answer or len(answer.partition(b"\r\n\r\n")[2]) < _length(answer):
        chunk = connection.recv(65536)
        assert chunk, f"closed before a whole answer: {answer!r}"
        answer += chunk
    seconds = time.monotonic() - start
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    closed = _readable(connection, 1) and connection.recv(1) == b""
    return Answer(int(lines[0].split()[1]), headers, body, seconds, closed)


def _length(answer: bytes) -> int:
    for line in answer.partition(b"\r\n\r\n")[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


def assert_problem(answer: Answer, expected: tuple[int, str, str]) -> dict:
    status, code, title = expected
    assert answer.status == status, answer.body
    assert answer.headers["content-type"] == "application/problem+json"
    problem = json.loads(answer.body)
    assert (problem["status"], problem["code"], problem["title"]) == expected
    assert "database" not in answer.body.decode().lower()
    assert "failed" not in problem["detail"], "a client's error is not the service failing"
    assert answer.headers.get("connection") == "close" and answer.closed
    return problem


# What the body's bound says when it ends a stall: not the silence's (CLIENT_SECONDS),
# not the database's. Every wait that runs out is a 408, so any other answer was not
# waited out: the answers' statuses and details say which bound, if any, ended a request,
# and no elapsed time has to (a slow machine stretches them all).
STALLED_DETAIL = f"the body did not arrive within {BODY_SECONDS:g} s"


@pytest.mark.parametrize("raw, expected", CASES.values(), ids=CASES.keys())
def test_broken_framing_is_a_problem_of_its_own(server, games, raw, expected):
    before = games()
    answer = send(server, raw)
    problem = assert_problem(answer, expected)
    assert games() == before
    if expected == STALLED:
        assert problem["detail"] == STALLED_DETAIL
        assert answer.seconds > BODY_SECONDS - 0.1, "not before the bound"


def test_a_trickled_body_is_stopped_at_the_body_bound(server, games):
    before = games()
    answer = trickle(server)
    problem = assert_problem(answer, STALLED)
    assert games() == before
    assert problem["detail"] == STALLED_DETAIL
    assert answer.seconds > BODY_SECONDS - 0.1, "not before the bound"


def test_an_unknown_transfer_coding_is_named(server):
    raw, expected = CASES["Transfer-Encoding xchunked"]
    problem = assert_problem(send(server, raw), expected)
    assert "xchunked" in problem["detail"]


def test_a_whole_chunked_body_is_still_read(server, client):  # client: empties the tables
    answer = send(server, HEAD + SIZE + b"\r\n" + BODY + b"\r\n0\r\n\r\n")
    assert answer.status == 201, answer.body
    assert not answer.closed, "a keep-alive connection stays open"
