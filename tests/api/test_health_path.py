"""``/v1/health`` has a path of its own in the served worker (``serving._health``): it is
answered before the app, exactly as the app answers it. Its speed is the bench's to
measure (``make bench-push``); here, what it answers, and that the app is not asked."""

import socket

import pytest
from gunicorn.config import Config
from gunicorn.glogging import Logger
from gunicorn.http.parser import RequestParser

from service.api.health import Health
from service.serving import Worker


@pytest.fixture
def worker(app):
    """A served worker as far as ``handle_request`` needs one."""
    worker = object.__new__(Worker)
    worker.wsgi, worker.cfg, worker.alive = app, Config(), True
    worker.log, worker.nr, worker.max_requests = Logger(worker.cfg), 0, 1_000_000
    return worker


def served(worker, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """The worker's answer to one request on a keep-alive connection."""
    ours, theirs = socket.socketpair()
    with ours, theirs:
        theirs.sendall(raw)
        request = next(RequestParser(worker.cfg, ours, ("127.0.0.1", 5000)))
        worker.handle_request(("127.0.0.1", 8000), request, ours, ("127.0.0.1", 5000))
        ours.shutdown(socket.SHUT_WR)
        answer = b"".join(iter(lambda: theirs.recv(65536), b""))
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


@pytest.fixture
def app_not_asked(monkeypatch):
    def refuse(_self):
        raise AssertionError("the app's view answered /v1/health")

    monkeypatch.setattr(Health, "get", refuse)


def test_health_is_answered_as_the_app_answers_it(worker, app):
    expected = app.test_client().get("/v1/health", headers={"X-Request-ID": "probe-1"})
    status, headers, body = served(worker, b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
    assert (status, body) == (expected.status_code, expected.data)
    for name in ("Content-Type", "Content-Length", "Vary"):
        assert headers[name] == expected.headers[name]
    assert len(headers["X-Request-ID"]) == 32  # a new id, as the app makes one

    given = b"GET /v1/health?x=1 HTTP/1.1\r\nHost: x\r\nX-Request-ID: probe-1\r\n\r\n"
    assert served(worker, given)[1]["X-Request-ID"] == expected.headers["X-Request-ID"]
    insane = b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Request-ID: no good\r\n\r\n"
    assert served(worker, insane)[1]["X-Request-ID"] != "no good"


@pytest.mark.usefixtures("app_not_asked")
def test_health_does_not_ask_the_app(worker):
    status, headers, body = served(worker, b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 200 and body.startswith(b'{"status":"ok","waiters":')
    status, headers, body = served(worker, b"HEAD /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 0


def test_what_it_could_not_match_goes_to_the_app(worker, monkeypatch):
    """An Origin (the app adds CORS headers) or a body (the app refuses one not JSON)."""
    asked = []
    monkeypatch.setattr(Health, "get", lambda _self: asked.append(1) or {"status": "ok"})
    served(worker, b"GET /v1/health HTTP/1.1\r\nHost: x\r\nOrigin: http://a.example\r\n\r\n")
    assert asked
    with_body = b"GET /v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
    assert served(worker, with_body)[0] == 415
