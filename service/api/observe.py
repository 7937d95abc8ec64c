"""Every request gets an id (the client's ``X-Request-ID`` if it is a sane one, else a
new one), echoed in the answer, named in its log lines and in its problem document's
``instance``; every answer writes one access line and counts in the metrics."""

import logging
import re
import time
import uuid

from flask import Flask, Response, g, request

from .. import logs, metrics

log = logging.getLogger(logs.ACCESS_LOGGER)  # its lines' fields: logs.ACCESS_FIELDS
REQUEST_ID_HEADER = "X-Request-ID"
# RFC 3986 unreserved characters only: the id is a valid URI reference (``instance``)
# and safe in a header and a log line.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._~-]{1,128}")
# A metric's labels must be few: any other method a client makes up counts as "other".
KNOWN_METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}


def request_id() -> str:
    """The id of the request being served."""
    if "request_id" not in g:
        g.request_id = new_request_id()
    return g.request_id


def new_request_id() -> str:
    return uuid.uuid4().hex


def _start() -> None:
    g.started = time.perf_counter()
    given = request.headers.get(REQUEST_ID_HEADER, "")
    g.request_id = given if SANE_REQUEST_ID.fullmatch(given) else new_request_id()


def _finish(response: Response) -> Response:
    seconds = time.perf_counter() - g.get("started", time.perf_counter())
    response.headers[REQUEST_ID_HEADER] = request_id()
    route = request.url_rule.rule if request.url_rule else "unmatched"
    method = request.method if request.method in KNOWN_METHODS else "other"
    metrics.request_done(route, method, response.status_code, seconds)
    done(request_id(), request.method, request.path, route, response.status_code, seconds)
    return response


def done(request_id: str, method: str, path: str, route: str, status: int, seconds: float) -> None:
    """The request's access line (the app's and the worker's own answers alike)."""
    log.info(
        "%s %s %s",
        method,
        path,
        status,
        extra={
            "request_id": request_id,
            "method": method,
            "path": path,
            "route": route,
            "status": status,
            "duration_ms": round(seconds * 1000, 2),
        },
    )


def init_app(app: Flask) -> None:
    # First in, last out: the id exists before any other hook runs, and the access line
    # sees the final answer (after CORS, compression and the error handlers).
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_finish)
