"""The card-table service: ``create_app`` builds the WSGI application."""

import inspect
from collections.abc import Callable
from typing import Any, NoReturn
from urllib.parse import urlsplit, urlunsplit

from flask import Flask, Request, Response, request
from flask.typing import ResponseReturnValue
from flask_compress import Compress
from flask_cors import CORS
from sqlalchemy.exc import DBAPIError
from werkzeug.routing import RequestRedirect

from . import metrics
from .api.context import Proxies, release_unit
from .api.reading import ReadingOrderJSONProvider
from .api.routing import RememberingMap
from .config import Config
from .errors import DatabaseUnavailable
from .store import changes
from .store.changes import Hub
from .store.db import DeadlineExceeded, make_engine
from .store.presence import Presence


class App(Flask):
    json_provider_class = ReadingOrderJSONProvider
    url_map_class = RememberingMap

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Whether each function is a coroutine's, by its code (a closure made per request
        # shares its code): Flask asks for every hook and view of every request
        # (nineteen times a move), and inspect's answer unwraps the function each time.
        self._coroutines: dict[object, bool] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        code = getattr(getattr(func, "__func__", func), "__code__", None)
        if code is None:  # not a plain function or method: ask each time
            return super().ensure_sync(func)
        coroutine = self._coroutines.get(code)
        if coroutine is None:
            coroutine = self._coroutines[code] = inspect.iscoroutinefunction(func)
        return self.async_to_sync(func) if coroutine else func

    def dispatch_request(self) -> ResponseReturnValue:
        """A request whose database work overran its deadline is answered 503. A read
        that found its pooled connection dead (PostgreSQL restarted, or dropped it) runs
        once more on a fresh one: connections are checked before use only when they sat
        idle (``store.db``), and a read changes nothing it could do twice."""
        try:
            try:
                return super().dispatch_request()
            except DBAPIError as error:
                if not (error.connection_invalidated and request.method in SAFE_METHODS):
                    raise
                release_unit()  # SQLAlchemy discarded the pool's older connections too
                return super().dispatch_request()
        except DeadlineExceeded as error:
            raise DatabaseUnavailable(str(error)) from None

    def raise_routing_exception(self, request: Request) -> NoReturn:
        """werkzeug's redirects of the routing (``/v1//games`` to ``/v1/games``) name the
        host the client's Host header gave: a link to anywhere. They name only the path."""
        redirect = request.routing_exception
        if isinstance(redirect, RequestRedirect):
            redirect.new_url = _path_only(redirect.new_url)
        super().raise_routing_exception(request)


def _path_only(url: str) -> str:
    """The path and query of ``url``, the path with one leading slash: ``//host`` would be
    a host again."""
    parts = urlsplit(url)
    return urlunsplit(("", "", "/" + parts.path.lstrip("/"), parts.query, ""))


SAFE_METHODS = {"GET", "HEAD"}


def create_app(test_config: dict | None = None) -> Flask:
    app = App(__name__, static_folder=None)  # the docs' files: api/docs.py
    app.config.from_object(Config)
    if test_config:
        app.config.update(test_config)
    # who the client is, for the quotas (a bad address or network fails the start)
    app.extensions["proxies"] = Proxies(app.config["FORWARDED_ALLOW_IPS"], app.config["PROXY_HOPS"])
    engine = make_engine(
        app.config["DATABASE_URL"],
        app.config["DB_POOL_SIZE"],
        app.config["DB_MAX_OVERFLOW"],
        app.config["DB_POOL_TIMEOUT"],
        app.config["DB_REQUEST_SECONDS"],
    )
    app.extensions["db_engine"] = engine
    # Listening from the first waiter on (not before: a process nobody waits on would be
    # woken by every move of every table for nothing).
    hints = app.config["HINTS_DATABASE_URL"] or app.config["DATABASE_URL"]
    changes.send_hints(engine, hints)
    app.extensions["changes"] = Hub(hints)
    app.extensions["presence"] = Presence(engine)

    from . import web
    from .api import caching, init_api, observe
    from .api.context import close_unit, refuse_if_told, start_deadline
    from .api.parsing import read_body

    observe.init_app(app)  # before CORS and gzip: its access line sees their work
    _allow_origins(app)
    _gzip(app)
    app.after_request(caching.tag_body)  # after gzip's hook, so it runs before it
    init_api(app)
    web.init_app(app)  # /play: the web table, on the public API alone
    metrics.init_app(app)
    app.before_request(refuse_if_told)  # the worker's refusal (service.admission)
    app.before_request(read_body)  # before the deadline: sending is no database work
    app.before_request(start_deadline)
    app.teardown_appcontext(close_unit)
    return app


# What a page on another origin may send and read (API.md's headers).
CORS_REQUEST_HEADERS = [
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "If-Match",
    "If-None-Match",
    "Last-Event-ID",
    "X-Request-ID",
]
CORS_RESPONSE_HEADERS = ["ETag", "Idempotent-Replayed", "Location", "Retry-After", "X-Request-ID"]


def _allow_origins(app: Flask) -> None:
    """Browsers on ``CORS_ORIGINS`` may call the API (none by default). Tokens travel in
    the Authorization header, never in cookies, so no credentials mode is needed."""
    origins = app.config["CORS_ORIGINS"]
    if not origins:
        return
    anyone = "*" in origins
    CORS(
        app,
        resources={r"/v1/*": {}},
        origins="*" if anyone else origins,
        send_wildcard=anyone,  # "*" itself: one answer for every origin, cacheable
        allow_headers=CORS_REQUEST_HEADERS,
        expose_headers=CORS_RESPONSE_HEADERS,
        methods=["GET", "POST", "DELETE", "OPTIONS"],
        max_age=600,
    )
    if not anyone:  # the answer names the origin that asked: caches must keep them apart
        app.after_request(_vary_by_origin)


def _vary_by_origin(response: Response) -> Response:
    response.vary.add("Origin")
    return response


def _gzip(app: Flask) -> None:
    """gzip for answers of GZIP_MIN_BYTES or more; never for the event stream, whose
    events must leave as they happen. Validators are weak (``W/"7"``), so compressing
    leaves them as they are."""
    app.config.update(
        COMPRESS_ALGORITHM=["gzip"],
        COMPRESS_STREAMS=False,
        COMPRESS_MIN_SIZE=app.config["GZIP_MIN_BYTES"],
        COMPRESS_MIMETYPES=[
            "application/json",
            "application/problem+json",
            "text/html",
            "text/css",
            "text/javascript",
            "application/javascript",
            "image/svg+xml",  # the cards' pictures
        ],
    )
    Compress(app)
