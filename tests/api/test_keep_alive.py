"""A keep-alive connection between two requests, on a served instance: it may idle as
long as any client may be silent (``CLIENT_SECONDS``), and a stopping worker ends it at
once, since it holds no request."""

import os
import signal
import socket
import time

import pytest

from tests.api.test_framing import _readable, receive
from tests.push.server import serve

pytestmark = pytest.mark.postgres

HEALTH = b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"
GUNICORN_KEEPALIVE = 2  # gunicorn's default, seconds
GRACEFUL_SECONDS = 30  # gunicorn's default wait for a stopping worker's connections


def asked(connection: socket.socket) -> int:
    connection.sendall(HEALTH)
    return receive(connection, time.monotonic()).status


def test_a_keep_alive_connection_idles_as_long_as_any_client_may(database_url):
    client_seconds = 5
    env = {"CLIENT_SECONDS": str(client_seconds)}
    with (
        serve(database_url, workers=1, env=env) as server,
        socket.create_connection((server.host, server.port), timeout=30) as connection,
    ):
        assert asked(connection) == 200
        time.sleep(GUNICORN_KEEPALIVE + 1)
        assert asked(connection) == 200, "served on the same connection"
        assert _readable(connection, client_seconds + 3), "closed after CLIENT_SECONDS"
        assert connection.recv(1) == b""


def test_a_stopping_worker_ends_its_idle_keep_alive_connections(database_url):
    env = {"CLIENT_SECONDS": "120"}
    with (
        serve(database_url, workers=1, env=env) as server,
        socket.create_connection((server.host, server.port), timeout=60) as connection,
    ):
        assert asked(connection) == 200
        os.kill(server.master, signal.SIGTERM)
        # not left to its keep-alive (120 s) nor to the graceful timeout (30 s)
        assert _readable(connection, GRACEFUL_SECONDS / 2), "ended when the worker stopped"
        assert connection.recv(1) == b""
