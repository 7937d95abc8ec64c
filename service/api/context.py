"""What a view needs from the request: the database session, the bearer token, the
process's listener and the client's connection."""

import socket

from flask import current_app, g, request
from sqlalchemy.orm import Session

from ..errors import Unauthorized
from ..store.changes import Hub


def session() -> Session:
    """One session per request, closed (and rolled back if uncommitted) at teardown."""
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessions"]()
    return g.db_session


def close_session(_error=None) -> None:
    db_session = g.pop("db_session", None)
    if db_session is not None:
        db_session.close()


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


def client_socket() -> socket.socket | None:
    """The client's connection under gunicorn, so a wait ends when the client hangs up."""
    return request.environ.get("gunicorn.socket")


def client() -> str:
    """Who is asking, for rate limits: the peer address (behind a proxy, configure
    werkzeug's ProxyFix so this is the client's and not the proxy's)."""
    return request.remote_addr or "unknown"
