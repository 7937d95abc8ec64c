"""The pages and modules of the web table, under ``/play``: one page, whose module shows
the lobby at ``/play``, a table at ``/play/table/<id>`` and a finished match's replay at
``/play/replay/<id>``, and its files. They use only the public API (``/v1``, or the
origin a deployment names in the page's ``card-table-api`` meta tag, which
``CORS_ORIGINS`` must then allow).

Everything comes from ``static/``: plain ES modules, no build step; the one library,
htm with Preact, is vendored in ``static/vendor/`` with its version and licences. The
page may load nothing from elsewhere and runs no inline script (its
Content-Security-Policy); tokens live in the browser's storage, never in a URL."""

from pathlib import Path
from uuid import UUID

from flask import Blueprint, Response, abort, send_from_directory

STATIC = Path(__file__).resolve().parent / "static"
PAGE_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)

blp = Blueprint("play", __name__, url_prefix="/play")


@blp.get("")
@blp.get("/")
def lobby() -> Response:
    return _page()


@blp.get("/table/<uuid:game_id>")
def table(game_id: UUID) -> Response:
    return _page()


@blp.get("/replay/<uuid:game_id>")
def replay(game_id: UUID) -> Response:
    return _page()


@blp.get("/static/<path:filename>")
def asset(filename: str) -> Response:
    if filename.endswith(".d.ts") or filename == "index.html":
        abort(404)
    return _file(filename)


def _page() -> Response:
    return _file("index.html")


def _file(filename: str) -> Response:
    """A static file, revalidated by its ETag; read into memory, so that it is gzipped
    like any answer (flask-compress passes a streamed file through as it is)."""
    response = send_from_directory(STATIC, filename, max_age=0)
    response.direct_passthrough = False
    response.set_data(response.get_data())
    response.headers["Content-Security-Policy"] = PAGE_POLICY
    return response
