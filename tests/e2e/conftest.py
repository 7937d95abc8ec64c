"""The service under gunicorn (gevent workers, ``tests/push/server.py``) on 127.0.0.1,
Debian's chromium driven by Playwright, and a second local web server that plays
another origin. Without chromium (``make e2e`` installs it) the browser tests are
skipped; screenshots land in ``tests/e2e/screenshots/``."""

import json
import os
import shutil
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from ..push.server import HOST, serve

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PAGES = Path(__file__).resolve().parent / "other_origin"
OPERATION_METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


@dataclass
class Live:
    """The service at ``url`` (``http://127.0.0.1:<port>``), no trailing slash."""

    url: str

    def call(self, method: str, path: str, body: dict | None = None, token: str | None = None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def operations(self) -> list[tuple[str, str]]:
        """(first tag, operationId) of every operation of the spec the service serves."""
        spec = self.call("GET", "/v1/openapi.json")
        return [
            (operation["tags"][0], operation["operationId"])
            for item in spec["paths"].values()
            for method, operation in item.items()
            if method in OPERATION_METHODS
        ]


@dataclass
class Guarded:
    """A page whose every request is watched: a request for anywhere but 127.0.0.1 is
    aborted before it leaves and recorded in ``outside``. ``blocked``: the requests the
    browser refused itself (the documentation pages' Content-Security-Policy);
    ``errors``: what the page's scripts reported as errors."""

    page: object
    outside: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # the console's, and uncaught ones


def _local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in {"data", "blob", "about"} or parts.hostname == HOST


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM} (make e2e installs Debian's)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


@pytest.fixture
def guarded(browser) -> Iterator[Guarded]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    guarded = Guarded(page)

    def route(route):
        if _local(route.request.url):
            route.continue_()
        else:
            guarded.outside.append(route.request.url)
            route.abort("blockedbyclient")

    def failed(request):
        if request.failure == "csp":
            guarded.blocked.append(request.url)

    def console(message):
        if message.type == "error":
            guarded.errors.append(message.text)

    context.route("**/*", route)
    page.on("requestfailed", failed)
    page.on("console", console)
    page.on("pageerror", lambda error: guarded.errors.append(f"uncaught: {error}"))
    yield guarded
    context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@contextmanager
def _page_server() -> Iterator[str]:
    """``other_origin/`` served on a port of its own: another origin. Yields its URL."""
    handler = partial(_Quiet, directory=str(PAGES))
    server = ThreadingHTTPServer((HOST, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def page_origin() -> Iterator[str]:
    """The origin of the page that the service lets in (its CORS_ORIGINS)."""
    with _page_server() as url:
        yield url


@pytest.fixture(scope="session")
def stranger_origin() -> Iterator[str]:
    """Another origin, which the service does not list."""
    with _page_server() as url:
        yield url


@pytest.fixture(scope="session")
def live(database_url, page_origin) -> Iterator[Live]:
    """The service, letting ``page_origin`` call it from a browser."""
    with serve(database_url, workers=1, env={"CORS_ORIGINS": page_origin}) as server:
        yield Live(f"http://{server.host}:{server.port}")


@pytest.fixture(scope="session")
def closed(database_url) -> Iterator[Live]:
    """The service with no CORS_ORIGINS (the default): no other origin may call it."""
    with serve(database_url, workers=1, env={"CORS_ORIGINS": ""}) as server:
        yield Live(f"http://{server.host}:{server.port}")


def guard(context, page) -> Guarded:
    """``page`` of ``context`` watched as the ``guarded`` fixture watches its page: a
    request for anywhere but 127.0.0.1 aborted and recorded, the requests the page's
    Content-Security-Policy refused, the errors its scripts reported."""
    guarded = Guarded(page)

    def route(route):
        if _local(route.request.url):
            route.continue_()
        else:
            guarded.outside.append(route.request.url)
            route.abort("blockedbyclient")

    def failed(request):
        if request.failure == "csp":
            guarded.blocked.append(request.url)

    def console(message):
        if message.type == "error":
            guarded.errors.append(message.text)

    context.route("**/*", route)
    page.on("requestfailed", failed)
    page.on("console", console)
    page.on("pageerror", lambda error: guarded.errors.append(f"uncaught: {error}"))
    return guarded


def open_guarded(browser, **options) -> Guarded:
    """A guarded page in a new browser context of its own (another person, another
    device): ``options`` are ``browser.new_context``'s; 1280x800 unless told."""
    options.setdefault("viewport", {"width": 1280, "height": 800})
    context = browser.new_context(**options)
    context.set_default_timeout(15_000)
    return guard(context, context.new_page())


@pytest.fixture
def people(browser) -> Iterator:
    """``people(**options)``: a guarded page in a browser context of its own, as many as
    the test asks for; all closed after it."""
    opened: list[Guarded] = []

    def person(**options) -> Guarded:
        opened.append(open_guarded(browser, **options))
        return opened[-1]

    yield person
    for guarded in opened:
        guarded.page.context.close()
