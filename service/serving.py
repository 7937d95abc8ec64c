"""gunicorn's gevent worker, made fit to face the internet (``worker_class`` in
``gunicorn.conf.py``):

- a new connection's first request is read within ``CLIENT_SECONDS``, not gunicorn's
  keep-alive (the idle pause between requests, which ``gunicorn.conf.py`` sets to
  ``CLIENT_SECONDS`` too): with gunicorn's 2 s, a worker busy with a burst read late,
  and that bound closed those connections without a word (8,442 of 10,000 opened at
  once).
- a client that stops sending (a request or body only partly sent) or stops reading (a
  stream it no longer drains) is dropped after ``CLIENT_SECONDS`` of silence, so it holds
  a greenlet and a socket for that long at most; ``worker_connections`` caps how many
  sockets a worker holds at all. A client trickling one byte at a time stays within the
  cap; facing the internet, put a buffering proxy in front (see docs/limits.md).
- a body must arrive whole within ``BODY_SECONDS`` of its headers, trickled or not; the
  app reads it before its database deadline starts (``api.parsing.read_body``), so a slow
  client is answered 408, never as a database away.
- a body whose framing is broken (chunks malformed, a body short of its Content-Length
  when the client ends its side) is answered as the client's error (400, 408, 413: the
  one place is ``_body_error``), and its connection closed: where the next request
  would start is unknown.
- ``GET``/``HEAD /v1/health`` is answered here, before the app (``_health``): a load
  balancer's probe must not wait behind Flask's hooks or any waiter's work; and each turn
  of the loop accepts up to ``ACCEPTS_PER_TURN`` connections (``_Listener``), not
  gunicorn's one, so that new connections (a probe's among them) do not queue in the
  kernel's backlog while the loop is busy.
- each request's arrival is put in its environ (``context.ARRIVED``), so that a long
  poll's wait counts from it, not from when admission let it in: the connection's accept
  when its first request was there already, else when its head was read.
- an answer's head leaves with the first bytes of its body, in one send (``_Response``):
  gunicorn sends them apart, and every send on a socket wakes its reader once.
- the errors gunicorn answers itself (a request line or headers too long, a malformed
  request, an unknown transfer coding) are problem documents like every other error, not
  HTML pages. A transfer coding gunicorn would pass on undecoded (``gzip, chunked``) is
  refused as an unknown one (501): chunked is the only one the app can read.
"""

import json
import socket as sockets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from http import HTTPStatus
from typing import Any, TypeVar

from gevent import Timeout
from gevent.local import local
from gevent.server import StreamServer
from gevent.socket import socket
from gunicorn.http import wsgi
from gunicorn.http.body import ChunkedReader, LengthReader
from gunicorn.http.errors import (
    InvalidChunkSize,
    LimitRequestHeaders,
    NoMoreData,
    ParseException,
    UnsupportedTransferCoding,
)
from gunicorn.http.message import Request
from gunicorn.http.unreader import Unreader
from gunicorn.http.wsgi import Response
from gunicorn.workers import ggevent
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from . import metrics
from .admission import Admission, answered_by, is_waiting, stands_for_many
from .api import health, observe
from .api.context import ARRIVED, Proxies
from .api.observe import REQUEST_ID_HEADER, new_request_id
from .api.problems import HTTP_CODES, PROBLEM_MEDIA_TYPE, PROBLEM_TYPE
from .config import Config
from .errors import BodyTimeout, BodyTooLarge, MalformedFraming, ServiceError
from .settings import SETTINGS

CLIENT_SECONDS = SETTINGS.client_seconds
BODY_SECONDS = SETTINGS.body_seconds
# gunicorn's own refusals whose status alone would not say what was wrong
TITLES = {UnsupportedTransferCoding: "Transfer coding not supported"}
# A socket's address as accept() and getsockname() give it: (host, port) for IPv4, (host,
# port, flow, scope) for IPv6, a path (empty for a peer) for a UNIX socket.
Address = tuple[str | int, ...] | str
T = TypeVar("T")


# Waiting requests: a share per client address, first looks at the pool's pace (half of
# it: moves and the rest keep the other half)
ADMISSION = Admission(SETTINGS.waiters_per_client, max(1, SETTINGS.db_pool_size // 2))
PROXIES = Proxies(SETTINGS.forwarded_allow_ips, SETTINGS.proxy_hops)  # as the app's


class _Connection(local):
    """What the greenlet of one connection knows of it."""

    served = False  # a request of it was read: the next one's wait is keep-alive's
    client: socket | None = None
    accepted: float | None = None  # its accept, if its first request was there by then
    arrived: float | None = None  # when the request being served arrived, until the app has it


_connection = _Connection()
# Keep-alive connections waiting for their next request: they hold no request, so a
# stopping worker closes them at once rather than waiting out their keep-alive.
_between_requests: set[socket] = set()


# Connections accepted each time the listener is ready (gevent's default). gunicorn
# accepts one per turn with several workers, to share them out; but a turn that runs
# waiters' first looks lasts tens of milliseconds, so at a hundred new connections a
# second (long polls answered and sent again, probes) the backlog grew to 170 and a
# health probe waited there 1 to 3 s (tests/push/bench.py, 2,000 waiters). A busy worker
# accepts nothing meanwhile: the idle one takes the many.
ACCEPTS_PER_TURN = 100
HEALTH_PATH = "/v1/health"


class _Listener(StreamServer):
    """gevent's server as gunicorn makes it, deaf to gunicorn's ``max_accept = 1``."""

    max_accept = property(lambda _self: ACCEPTS_PER_TURN, lambda _self, _value: None)

    def do_read(self) -> tuple[socket, Address, float] | None:
        """The connection accepted, and when (the handler's last argument); with TLS,
        whose handler takes none, only the connection."""
        accepted = super().do_read()
        if accepted and not self.ssl_enabled:
            return (*accepted, time.monotonic())
        return accepted

    def close(self) -> None:
        """Stop accepting (the worker is stopping), and end the idle keep-alive
        connections: their clients open new ones, with another worker."""
        super().close()
        for client in list(_between_requests):
            with suppress(OSError):
                client.shutdown(sockets.SHUT_RDWR)  # their reads end, as at a hang-up


class _Arrivals:
    """The app as the worker calls it: each request's environ is given its arrival
    first. Anything else is the app's own (``_health`` reads its extensions)."""

    def __init__(self, app: Callable) -> None:
        self.app = app

    def __call__(self, environ: dict, start_response: Callable) -> object:
        if _connection.arrived is not None:  # None: not stamped (HTTP/2), the app takes now
            environ[ARRIVED], _connection.arrived = _connection.arrived, None
        return self.app(environ, start_response)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.app, name)


class Worker(GeventWorker):
    wsgi: Any  # the app gunicorn loaded (``load_wsgi``)

    def run(self) -> None:
        ggevent.StreamServer = _Listener  # the name gunicorn's run makes its servers with
        wsgi.Response = _Response  # and the one its requests make their answers with
        super().run()

    def load_wsgi(self) -> None:
        super().load_wsgi()
        self.wsgi = _Arrivals(self.wsgi)

    def handle(
        self, listener: socket, client: socket, addr: Address, accepted: float | None = None
    ) -> None:
        client.settimeout(CLIENT_SECONDS)  # instead of GeventWorker's "block forever"
        _connection.client = client
        # a first request already there came between the accept and now: the accept is
        # the earliest the process knows; one that comes later is stamped when read
        _connection.accepted = accepted if accepted and _has_bytes(client) else None
        AsyncWorker.handle(self, listener, client, addr)

    @contextmanager
    def timeout_ctx(self) -> Iterator[None]:
        """The bound on reading a request's head; when it runs out the connection is
        closed without an answer. gunicorn's keep-alive bounds the pause between two
        requests of a connection, but it bounded the first one's too: that one has
        ``CLIENT_SECONDS``, as long as any silence of a client. A served connection
        waits in ``_between_requests`` meanwhile, for a stopping worker to end."""
        served, client = _connection.served, _connection.client
        if served:
            _between_requests.add(client)
        try:
            with Timeout(self.cfg.keepalive if served else CLIENT_SECONDS, False):
                yield
        finally:
            _between_requests.discard(client)

    def handle_request(
        self, listener_name: Address, req: Request, sock: socket, addr: Address
    ) -> None:
        """The app reads the body through ``_Body``; gunicorn then drains what is left
        of it through its own."""
        accepted, _connection.accepted = _connection.accepted, None  # the next: when read
        arrived = _connection.arrived = time.monotonic() if accepted is None else accepted
        _connection.served = True
        if _health(self, req, sock):
            return None
        _refuse_transfer_codings(req)
        body = req.body
        req.body = _Body(req, BODY_SECONDS)
        try:
            with _admitted(req, addr, arrived):
                return super().handle_request(listener_name, req, sock, addr)
        finally:
            req.body = body

    def handle_error(self, req: Request, client: socket, addr: Address, exc: BaseException) -> None:
        """gunicorn decides the status and logs; we write the answer."""
        page = _Page()
        super().handle_error(req, page, addr, exc)
        status = page.status()
        reason = HTTPStatus(status).phrase  # gunicorn's 501 says "Bad Request"
        # a 501 is the client's coding we lack, not a failure: only a 500 is kept quiet
        detail = "The service failed; it is logged." if status == 500 else str(exc)
        request_id = new_request_id()
        body = json.dumps(
            {
                "type": PROBLEM_TYPE.format(HTTP_CODES.get(status, "http_error")),
                "title": TITLES.get(type(exc), reason),
                "status": status,
                "detail": detail,
                "code": HTTP_CODES.get(status, "http_error"),
                "instance": request_id,
            },
            sort_keys=True,
        ).encode()
        head = (
            f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\nContent-Length: {len(body)}\r\n"
            f"{REQUEST_ID_HEADER}: {request_id}\r\n\r\n"
        )
        try:
            client.sendall(head.encode("latin-1") + body)
        except OSError:
            self.log.debug("the client left before its error answer")


class _Response(Response):
    """gunicorn's answer, but for its head: held until the body's first bytes (or the
    end) and sent with them."""

    _head = b""
    headers_sent: bool

    def send_headers(self) -> None:
        if self.headers_sent:
            return
        lines = [*self.default_headers(), *(f"{k}: {v}\r\n" for k, v in self.headers)]
        self._head = f"{''.join(lines)}\r\n".encode("latin-1")
        self.headers_sent = True

    def _emit_body(self, data: bytes) -> None:
        self._send(b"%X\r\n%s\r\n" % (len(data), data) if self.chunked else data)

    def sendfile(self, respiter: Any) -> bool:
        self.send_headers()
        self._send(b"")  # the file goes out by itself, after the head
        return bool(super().sendfile(respiter))

    def close(self) -> None:
        self.send_headers()
        self._send(b"0\r\n\r\n" if self.chunked else b"")

    def _send(self, data: bytes) -> None:
        head, self._head = self._head, b""
        if head or data:
            self.sock.sendall(head + data)


def _has_bytes(client: socket) -> bool:
    """Whether the client has sent something not yet read (without waiting for it)."""
    client.settimeout(0)
    try:
        return bool(client.recv(1, sockets.MSG_PEEK))
    except OSError:  # nothing yet
        return False
    finally:
        client.settimeout(CLIENT_SECONDS)


def _health(worker: Worker, req: Request, sock: socket) -> bool:
    """Answer ``GET``/``HEAD /v1/health`` as the app does (body, headers, access line,
    metrics) without it: with thousands of waiters, Flask's hooks and the run queue
    behind them made a probe late. What this answer could not match goes to the app: a
    body, an ``Origin`` (CORS headers), another method. True when answered."""
    if req.path != HEALTH_PATH or req.method not in ("GET", "HEAD"):
        return False
    reader = req.body.reader
    if not (isinstance(reader, LengthReader) and reader.length == 0):
        return False
    app = worker.wsgi
    listener = getattr(app, "extensions", {}).get("changes")  # another app (a bench's)?
    if listener is None:
        return False
    given = ""
    for name, value in req.headers:
        if name == "ORIGIN":
            return False
        if name == REQUEST_ID_HEADER.upper():
            given = value
    started = time.perf_counter()
    request_id = given if observe.SANE_REQUEST_ID.fullmatch(given) else new_request_id()
    body = app.json.dumps(health.answer(listener), separators=(",", ":"))
    data = (body + "\n").encode()
    response = Response(req, sock, worker.cfg)
    if not worker.alive:
        response.force_close()
    response.start_response(
        "200 OK",
        [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(data))),
            ("Vary", "Accept-Encoding"),
            (REQUEST_ID_HEADER, request_id),
        ],
    )
    if req.method == "GET":
        response.write(data)
    response.close()
    seconds = time.perf_counter() - started
    metrics.request_done(HEALTH_PATH, req.method, 200, seconds)
    observe.done(request_id, req.method, req.path, HEALTH_PATH, 200, seconds)
    if response.should_close():
        raise StopIteration()  # as gunicorn's own handle_request ends a connection
    return True


# What a request's Transfer-Encoding may list: chunked, which gunicorn decodes, and the
# identity that changes nothing.
TRANSFER_CODINGS = {"chunked", "identity"}


def _refuse_transfer_codings(req: Request) -> None:
    """gunicorn takes ``gzip, chunked`` (and deflate, compress) and hands the app the body
    still in that coding, which it would read as plain: refused as any coding unknown."""
    for name, value in req.headers:
        if name != "TRANSFER-ENCODING":
            continue
        codings = {coding.strip(" \t").lower() for coding in value.split(",")}
        if not codings <= TRANSFER_CODINGS:
            raise UnsupportedTransferCoding(value)  # the connection closes after its 501


@contextmanager
def _admitted(req: Request, addr: Address, arrived: float) -> Iterator[None]:
    """A waiting request holds its address's share and a look slot for its whole life,
    or is refused (``admission``): a long poll by the end of its wait since it
    ``arrived``. Any other request goes through."""
    if not is_waiting(req.method, req.path, req.query):
        yield
        return
    peer = str(addr[0]) if isinstance(addr, tuple) else ""
    forwarded = ", ".join(value for name, value in req.headers if name == "X-FORWARDED-FOR")
    client = PROXIES.client(peer, forwarded or None)
    limited = not stands_for_many(client, peer)
    answer_by = answered_by(req.path, req.query, arrived)
    with ADMISSION.admitted(client, limited, answer_by):
        yield


class _Page:
    """Stands in for the client's socket while gunicorn writes its HTML error page."""

    def __init__(self) -> None:
        self.written = b""

    def sendall(self, data: bytes) -> None:
        self.written += data

    def gettimeout(self) -> None:
        return None

    def setblocking(self, _flag: int) -> None:
        pass

    def status(self) -> int:
        """The status of ``HTTP/1.1 414 URI Too Long``."""
        return int(self.written.split(b" ", 2)[1])


class _Body:
    """The body as the app reads it (``wsgi.input``): gunicorn's, bounded in time, its
    failures turned into the client's problems (``_body_error``). Such a failure closes
    the connection after the answer: where the next request starts is unknown."""

    def __init__(self, req: Request, seconds: float) -> None:
        self._req = req
        self._body = req.body
        self._deadline = time.monotonic() + seconds
        reader = self._body.reader  # nothing read from it yet
        if isinstance(reader, ChunkedReader):
            self._body.reader = _Chunks(req, req.unreader)
        elif isinstance(reader, LengthReader):
            self._body.reader = _Length(req.unreader, reader.length)

    def read(self, size: int | None = None) -> bytes:
        return self._guard(self._body.read, size)

    def readline(self, size: int | None = None) -> bytes:
        return self._guard(self._body.readline, size)

    def readlines(self, size: int | None = None) -> list[bytes]:
        return self._guard(self._body.readlines, size)

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def _guard(self, read: Callable[[int | None], T], size: int | None) -> T:
        # a gevent timer, not the socket's: a trickle never leaves the socket silent
        timer = Timeout(max(self._deadline - time.monotonic(), 0))
        timer.start()
        try:
            return read(size)
        except BaseException as error:
            problem = _body_error(error, timer)
            if problem is None:
                raise
            self._req.force_close()
            raise problem from error
        finally:
            timer.close()


class _ChunkTooLarge(InvalidChunkSize):
    def __init__(self, size: int):
        super().__init__(b"%x" % size)
        self.size = size


class _Chunks(ChunkedReader):
    """gunicorn's reader of a chunked body, which would wait for a chunk of any declared
    size: one larger than a whole body may be is refused at once."""

    def parse_chunk_size(
        self, unreader: Unreader, data: bytes | None = None
    ) -> tuple[int, bytes | None]:
        size, rest = super().parse_chunk_size(unreader, data)
        if size > Config.MAX_CONTENT_LENGTH:
            raise _ChunkTooLarge(size)
        return size, rest


class _ShortBody(NoMoreData):
    def __init__(self, missing: int):
        super().__init__()
        self.missing = missing


class _Length(LengthReader):
    """gunicorn's reader of a body of known length, which returns what came when the
    client ends its side early: a body short of its Content-Length is broken framing, not
    a whole body to act on."""

    def read(self, size: int) -> bytes:
        wanted = min(self.length, size)
        data: bytes = super().read(size)
        if len(data) < wanted:
            raise _ShortBody(self.length + wanted - len(data))
        return data


def _body_error(error: BaseException, timer: Timeout) -> ServiceError | None:
    """What a failed read of the body tells the client; None: not the client's doing
    (the worker stopping, say), left as it is."""
    limit = Config.MAX_CONTENT_LENGTH
    if error is timer:
        return BodyTimeout(f"the body did not arrive within {BODY_SECONDS:g} s")
    if isinstance(error, TimeoutError):  # the socket's: nothing came for that long
        return BodyTimeout(f"the client sent nothing for {CLIENT_SECONDS:g} s")
    if isinstance(error, _ChunkTooLarge):
        return BodyTooLarge(f"a chunk of {error.size} bytes; a body has {limit} at most")
    if isinstance(error, LimitRequestHeaders):  # the trailers
        return BodyTooLarge(str(error))
    if isinstance(error, _ShortBody):
        return MalformedFraming(f"the body ended {error.missing} bytes short of its Content-Length")
    if isinstance(error, NoMoreData | ConnectionError):  # a reset, too: nobody reads it
        return MalformedFraming("the body ended before its framing did")
    if isinstance(error, ParseException):
        return MalformedFraming(str(error)[:200])  # it quotes what the client sent
    return None
