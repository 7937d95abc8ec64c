"""What a served instance does with clients that misbehave at the HTTP level: its own
errors are problem documents, a chunked body is limited like any other, and a client
that goes silent is dropped (it costs a greenlet for a while, never the service)."""

import json
import socket
import time

import pytest

from tests.push.server import serve

pytestmark = pytest.mark.postgres
CLIENT_SECONDS = 2


@pytest.fixture(scope="module")
def server(database_url):
    with serve(database_url, workers=1, env={"CLIENT_SECONDS": str(CLIENT_SECONDS)}) as server:
        yield server


def exchange(server, raw: bytes, pause_after: float = 0) -> tuple[int, dict, bytes]:
    """Send raw bytes; returns the status, headers and body of the answer."""
    with socket.create_connection((server.host, server.port), timeout=30) as connection:
        connection.sendall(raw)
        time.sleep(pause_after)
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < _length(answer):
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def _length(answer: bytes) -> int:
    for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


def assert_problem(status, headers, body, expected: int, code: str):
    assert status == expected, body
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == expected and problem["code"] == code
    assert b"<html" not in body


def test_a_request_line_too_long_is_a_414_problem(server):
    answer = exchange(server, b"GET /v1/games?x=" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert_problem(*answer, 414, "uri_too_long")


def test_headers_too_large_are_a_431_problem(server):
    raw = b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n"
    assert_problem(*exchange(server, raw), 431, "headers_too_large")


def test_a_malformed_request_line_is_a_400_problem(server):
    assert_problem(*exchange(server, b"GET\r\n\r\n"), 400, "bad_request")


def chunked(body: bytes) -> bytes:
    head = b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    head += b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    chunks = [body[i : i + 65536] for i in range(0, len(body), 65536)]
    return head + b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in chunks) + b"0\r\n\r\n"


def test_a_chunked_body_beyond_the_limit_is_a_413(server):
    assert_problem(*exchange(server, chunked(b" " * 1_000_000)), 413, "payload_too_large")


def test_a_small_chunked_body_is_read(server, client):  # client: empties the tables after
    status, _, body = exchange(server, chunked(b'{"type": "old-maid", "seats": 2}'))
    assert status == 201, body


def test_a_client_that_stops_sending_its_body_is_dropped(server):
    raw = b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    raw += b'Content-Length: 100\r\n\r\n{"ty'
    start = time.monotonic()
    status, _, body = exchange(server, raw)
    assert status == 408  # the body stalled
    # the silence's bound ended it (not the body's, 10 s): said, not timed
    assert json.loads(body)["detail"] == f"the client sent nothing for {CLIENT_SECONDS} s"
    assert time.monotonic() - start >= CLIENT_SECONDS, "not before the bound"


def test_a_client_that_never_finishes_its_headers_is_disconnected(server):
    with socket.create_connection((server.host, server.port), timeout=30) as connection:
        connection.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n")
        start = time.monotonic()
        # without the bound it would wait for ever: recv's timeout (30 s) would end it
        assert connection.recv(100) == b"", "closed without an answer"
        assert time.monotonic() - start >= CLIENT_SECONDS - 0.1, "by the silence's bound"
