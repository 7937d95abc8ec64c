"""What a view needs from the request: the unit of work, the bearer token, the
process's listener and the client's connection."""

import ipaddress
import logging
import socket
import time

from flask import current_app, g, request

from .. import admission
from ..errors import Busy, TooManyRequests, Unauthorized
from ..store.changes import Hub
from ..store.db import DeadlineExceeded
from ..store.db import start_deadline as start_database_deadline
from ..store.unit import Unit

log = logging.getLogger(__name__)


def unit() -> Unit:
    """The request's unit of work, closed (what is uncommitted rolled back) at teardown."""
    if "db_unit" not in g:
        g.db_unit = Unit(current_app.extensions["db_engine"])
    return g.db_unit


# Requests that wait bound each of their looks at the database instead (``reads._look``).
WAITING_ENDPOINTS = {"games.Events", "games.Stream", "quickplay.Ticket"}
READY_SECONDS = 1.0


def refuse_if_told() -> None:
    """The worker's refusal of a waiting request (``service.admission``), answered here
    so that it is a problem document like any other."""
    refused = admission.refusal()
    if refused is None:
        return
    if refused.status == 429:
        raise TooManyRequests(refused.detail, refused.retry_after)
    raise Busy(refused.detail, refused.retry_after)


def start_deadline() -> None:
    """Bound the database work of this request (see ``store.db``)."""
    if request.endpoint in WAITING_ENDPOINTS:
        return
    ready = request.endpoint == "health.Ready"
    seconds = READY_SECONDS if ready else current_app.config["DB_REQUEST_SECONDS"]
    g.stop_deadline = start_database_deadline(seconds)


def close_unit(_error: BaseException | None = None) -> None:
    """At the end of the request: give the connection back, then stop the deadline."""
    try:
        release_unit()
    finally:
        g.pop("stop_deadline", lambda: None)()


def release_unit() -> None:
    """Give the connection back (rolled back if uncommitted); the next ``unit()`` is a
    new one. Never raises: a failure here would reach the client as the server's own 500
    page."""
    db_unit = g.pop("db_unit", None)
    try:
        if db_unit is not None:
            db_unit.close()
    except (Exception, DeadlineExceeded) as error:  # the connection is discarded
        log.warning("closing a unit of work failed: %s", error)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("use 'Authorization: Bearer <token>'")
    return token.strip()


def hub() -> Hub:
    """The process's listener, which wakes waiting requests."""
    return current_app.extensions["changes"]


# The environ's key under which the served worker (``serving``) puts when the request
# arrived, on ``time.monotonic``'s clock: before any wait for admission.
ARRIVED = "cardtable.arrived"


def arrived() -> float:
    """When the request arrived (``time.monotonic``): as the worker saw it, else now."""
    stamped = request.environ.get(ARRIVED)
    return time.monotonic() if stamped is None else stamped


def client_socket() -> socket.socket | None:
    """The client's connection under gunicorn, so a wait ends when the client hangs up."""
    return request.environ.get("gunicorn.socket")


def client() -> str:
    """Who is asking, for rate limits: the peer address, or behind proxies the address
    they forwarded (``Proxies``)."""
    forwarded = request.headers.get("X-Forwarded-For")
    return current_app.extensions["proxies"].client(request.remote_addr or "", forwarded)


class Proxies:
    """Which peers may say who their client is (``FORWARDED_ALLOW_IPS``: addresses,
    networks or ``*``, as gunicorn reads it), and through how many proxies at most
    (``PROXY_HOPS``).

    ``X-Forwarded-For`` is read from its right, the end each proxy appends to: an address
    is taken only when the one who wrote it, the peer first, is a listed proxy, and then
    replaces it; the first address that is not a proxy's is the client. Anything left of
    it, its own doing, is never read (nginx's ``real_ip_recursive``, uvicorn's
    ``ProxyHeadersMiddleware``). werkzeug's ProxyFix takes a fixed position from the
    right whoever the peer is, which lets a direct client choose its address."""

    def __init__(self, allowed: str, hops: int):
        entries = [entry.strip() for entry in allowed.split(",") if entry.strip()]
        self.anyone = "*" in entries
        # strict, as gunicorn's: 10.0.0.1/8 (host bits set) is a mistake, not 10.0.0.0/8
        self.networks = [ipaddress.ip_network(entry) for entry in entries if entry != "*"]
        self.hops = hops

    def client(self, peer: str, forwarded: str | None) -> str:
        address = peer
        hops = [hop.strip() for hop in (forwarded or "").split(",") if hop.strip()]
        for _ in range(self.hops):
            if not hops or not self.is_proxy(address):
                break
            address = hops.pop()
        return address or "unknown"

    def is_proxy(self, address: str) -> bool:
        """A peer with no address (a UNIX socket) is one, as gunicorn has it: only local
        processes reach the socket, the proxy's among them."""
        if self.anyone or not address:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:  # "unknown", a port, a name: not an address we listed
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
            ip = ip.ipv4_mapped  # 127.0.0.1 as seen by a socket bound to [::]
        return any(ip in network for network in self.networks)
