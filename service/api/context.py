"""What a view needs from the request: the database session and the bearer token."""

from flask import current_app, g, request
from sqlalchemy.orm import Session

from ..errors import Unauthorized


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


def client() -> str:
    """Who is asking, for rate limits: the peer address (behind a proxy, configure
    werkzeug's ProxyFix so this is the client's and not the proxy's)."""
    return request.remote_addr or "unknown"
