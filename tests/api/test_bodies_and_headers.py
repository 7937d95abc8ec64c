"""Bodies and headers the service must not take at their word (issue 35): a body cut
short of its Content-Length, a body in a content coding or under a transfer coding the
service does not decode, a Host header a redirect would repeat, and the documentation
page's inline script. Each refusal is a problem document and changes nothing.

Served through gunicorn and sent raw where an HTTP client cannot send the request."""

import gzip
import json
import re
import socket
import time
from urllib.parse import urlsplit

import pytest

from tests.push.server import serve

from . import test_framing
from .test_framing import (
    BODY,
    HEAD,
    MALFORMED,
    SETTINGS,
    UNKNOWN_CODING,
    assert_problem,
    receive,
    send,
)

pytestmark = pytest.mark.postgres

games = test_framing.games  # the fixture: how many tables there are now


@pytest.fixture(scope="module")
def server(database_url):
    with serve(database_url, workers=1, env=SETTINGS) as server:
        yield server


def with_length(length: int) -> bytes:
    return HEAD.replace(b"Transfer-Encoding: chunked", b"Content-Length: %d" % length)


# Content-Length


def test_a_body_shorter_than_its_content_length_is_malformed(server, games):
    """The client ends its side after 20 of the 100 bytes it announced: what came is not
    the body it meant (a stall, with no end, is the 408 of test_framing)."""
    before = games()
    with socket.create_connection((server.host, server.port), timeout=30) as connection:
        connection.sendall(with_length(100) + BODY)
        connection.shutdown(socket.SHUT_WR)
        answer = receive(connection, time.monotonic())
    problem = assert_problem(answer, MALFORMED)
    assert "Content-Length" in problem["detail"]
    assert games() == before


# Transfer-Encoding


def chunked(coding: bytes, body: bytes) -> bytes:
    head = HEAD.replace(b"Transfer-Encoding: chunked", b"Transfer-Encoding: " + coding)
    return head + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"


TRANSFER_CODINGS = {
    "gzip, chunked (a plain body)": (b"gzip, chunked", BODY),
    "gzip, chunked (a gzipped body)": (b"gzip, chunked", gzip.compress(BODY)),
    "deflate, chunked": (b"deflate, chunked", BODY),
    "compress, chunked": (b"compress, chunked", BODY),
}


@pytest.mark.parametrize("coding, body", TRANSFER_CODINGS.values(), ids=TRANSFER_CODINGS.keys())
def test_a_transfer_coding_besides_chunked_is_not_implemented(server, games, coding, body):
    """gunicorn takes a coding below chunked and hands the body on undecoded."""
    before = games()
    problem = assert_problem(send(server, chunked(coding, body)), UNKNOWN_CODING)
    assert coding.split(b",")[0].decode() in problem["detail"]
    assert games() == before


def test_identity_below_chunked_is_still_read(server, client):  # client: empties the tables
    answer = send(server, chunked(b"identity, chunked", BODY))
    assert answer.status == 201, answer.body


# Content-Encoding

UNSUPPORTED_CODING = (415, "unsupported_content_coding", "Content coding not supported")


@pytest.mark.parametrize("coding", ["gzip", "br", "deflate", "identity, gzip", "x-custom"])
def test_a_body_in_a_content_coding_is_refused(client, coding):
    body = gzip.compress(BODY) if coding == "gzip" else BODY
    headers = {"Content-Type": "application/json", "Content-Encoding": coding}
    answer = client.post("/v1/games", data=body, headers=headers)
    assert answer.status_code == 415, answer.data
    assert answer.content_type == "application/problem+json"
    problem = answer.json
    assert (problem["status"], problem["code"], problem["title"]) == UNSUPPORTED_CODING
    assert coding.split(", ")[-1] in problem["detail"]
    assert answer.headers["Accept-Encoding"] == "identity"
    assert client.get("/v1/games").json["games"] == [], "nothing was created"


def test_a_body_in_the_identity_coding_is_read(client):
    headers = {"Content-Type": "application/json", "Content-Encoding": "identity"}
    assert client.post("/v1/games", data=BODY, headers=headers).status_code == 201


def test_a_served_body_in_a_content_coding_is_refused(server, games):
    before = games()
    head = with_length(len(BODY)).replace(b"\r\n\r\n", b"\r\nContent-Encoding: gzip\r\n\r\n")
    answer = send(server, head + BODY)
    assert answer.status == 415, answer.body
    assert json.loads(answer.body)["code"] == UNSUPPORTED_CODING[1]
    assert games() == before


# Redirects

EVIL_HOST = "evil.example"


def test_a_redirect_names_no_host(server):
    """The tester's case: a path with ``//`` under a Host of the client's choosing."""
    raw = f"GET /v1//games?limit=5 HTTP/1.1\r\nHost: {EVIL_HOST}\r\n\r\n".encode()
    answer = send(server, raw)
    assert answer.status == 308
    assert answer.headers["location"] == "/v1/games?limit=5"


SAMPLE_ARGUMENT = {"uuid": "00000000-0000-4000-8000-000000000000"}


def redirecting_paths(app) -> list[str]:
    """``/``, and every GET route of more than one segment with its last ``/`` doubled
    (merged by a 308; leading ones werkzeug drops unseen)."""
    paths = ["/"]
    for rule in app.url_map.iter_rules():
        sample = re.sub(r"<(?:(\w+):)?\w+>", lambda m: SAMPLE_ARGUMENT.get(m[1], "x"), rule.rule)
        head, _, tail = sample.rpartition("/")
        if "GET" in rule.methods and head:
            paths.append(f"{head}//{tail}")
    return paths


def test_no_redirect_takes_its_host_from_the_request(app, client):
    redirects = {}
    for path in redirecting_paths(app):
        answer = client.get(f"{path}?next=1", headers={"Host": EVIL_HOST})
        assert 300 <= answer.status_code < 400, f"{path}: {answer.status_code}"
        redirects[path] = answer.headers["Location"]
    for path, location in redirects.items():
        parts = urlsplit(location)
        assert not (parts.scheme or parts.netloc), f"{path} -> {location}"
        assert location.startswith("/") and not location.startswith("//"), location
    assert redirects["/v1//games"] == "/v1/games?next=1"


# The documentation pages

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.IGNORECASE)


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_doc_pages_run_no_inline_script(client, page):
    answer = client.get(page)
    assert answer.status_code == 200
    policy = dict(
        directive.strip().split(" ", 1)
        for directive in answer.headers["Content-Security-Policy"].split(";")
    )
    assert policy["script-src"] == "'self'"
    html = answer.get_data(as_text=True)
    assert not INLINE_SCRIPT.search(html), INLINE_SCRIPT.search(html)
    for src in re.findall(r'<script[^>]*\ssrc="([^"]+)"', html):
        script = client.get(src)
        assert script.status_code == 200, src
        assert script.mimetype == "text/javascript", src
