"""The assets of the documentation pages, served by the service itself, so that ``/docs``
(Swagger UI) and ``/redoc`` (ReDoc) work with no internet access.

- Swagger UI: the files of swagger-ui-dist that the PyPI package ``swagger-ui-bundle-v2``
  ships (pinned in pyproject.toml), at ``/docs/assets/swagger-ui-<version>/``.
- ReDoc: its standalone bundle, vendored from npm in ``service/static/redoc/`` (the
  version on the first line of its ``VERSION`` file), at ``/docs/assets/redoc-<version>/``.

The version is part of every URL, so the answers are cached for a year as immutable; an
upgrade changes the URLs (``OPENAPI_SWAGGER_UI_URL`` and ``OPENAPI_REDOC_URL`` in
``service/config.py`` name them). These routes are not operations of the API and are not
in its OpenAPI document; a missing file is a 404 problem document like any other.

The two pages get a Content-Security-Policy that lets them load nothing from elsewhere
(ReDoc's sidebar would fetch its vendor's logo from a CDN) and run no inline script:
Swagger UI's page is ours (``swagger_ui_page``), flask-smorest's with its inline start
moved to ``service/static/docs/swagger-ui-start.js``, at ``/docs/assets/``."""

import functools
from pathlib import Path

from flask import Blueprint, Response, abort, render_template_string, request, send_from_directory
from swagger_ui_bundle import swagger_ui_path

SWAGGER_UI_DIR = Path(str(swagger_ui_path))
SWAGGER_UI = SWAGGER_UI_DIR.name  # "swagger-ui-5.31.0"
# Only what the page loads: not the package's demo page (index.html and its
# swagger-initializer.js, which fetch the Petstore from the internet).
SWAGGER_UI_FILES = frozenset(
    path.name
    for path in SWAGGER_UI_DIR.iterdir()
    if path.suffix in {".css", ".js", ".map", ".png"} and path.name != "swagger-initializer.js"
)

REDOC_DIR = Path(__file__).resolve().parent.parent / "static" / "redoc"
REDOC_VERSION = (REDOC_DIR / "VERSION").read_text().split()[0]  # "2.5.4"
REDOC = f"redoc-{REDOC_VERSION}"
REDOC_FILES = frozenset(path.name for path in REDOC_DIR.iterdir() if path.is_file())

# The service's own files of the pages: their URLs name no version, so they are revalidated.
DOCS_DIR = Path(__file__).resolve().parent.parent / "static" / "docs"
SWAGGER_UI_START = "swagger-ui-start.js"

ONE_YEAR = 365 * 24 * 3600

DOC_PAGES = {"api-docs.openapi_swagger_ui", "api-docs.openapi_redoc"}  # /docs, /redoc
# Scripts from the service alone, none inline; inline styles: both UIs set them; blob:
# ReDoc's search worker; data: the icons. No 'unsafe-eval': neither page needs it
# (tests/e2e fails on any report of this policy but the logo's).
DOC_PAGE_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)

blp = Blueprint("docs", __name__, url_prefix="/docs/assets")


@blp.get(f"/{SWAGGER_UI}/<filename>")
def swagger_ui(filename: str) -> Response:
    return _asset(SWAGGER_UI_DIR, SWAGGER_UI_FILES, filename)


@blp.get(f"/{SWAGGER_UI_START}")
def swagger_ui_start() -> Response:
    response = send_from_directory(DOCS_DIR, SWAGGER_UI_START)
    response.cache_control.no_cache = True
    return response


# flask-smorest's page (swagger_ui.html) but for its inline script, which starts Swagger UI
# with the spec's URL and the config: the container holds them, and a file starts it.
SWAGGER_UI_PAGE = """<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8">
    <title>{{ title }}</title>
    <link href="{{ swagger_ui_url }}swagger-ui.css" rel="stylesheet" type="text/css"/>
  </head>
  <body>
    <div id="swagger-ui-container" data-spec-url="{{ spec_url }}"
         data-config='{{ swagger_ui_config | tojson }}'></div>
    <script src="{{ swagger_ui_url }}swagger-ui-standalone-preset.js"></script>
    <script src="{{ swagger_ui_url }}swagger-ui-bundle.js"></script>
    <script src="{{ url_for('docs.swagger_ui_start') }}"></script>
  </body>
</html>
"""


def swagger_ui_page(title: str, spec_url: str, swagger_ui_url: str, config: dict) -> str:
    """``/docs``: Swagger UI, started by a file of the service (``swagger_ui_start``)."""
    return render_template_string(
        SWAGGER_UI_PAGE,
        title=title,
        spec_url=spec_url,
        swagger_ui_url=swagger_ui_url,
        swagger_ui_config=config,
    )


# ReDoc's sidebar shows its vendor's logo from a CDN, which the page's policy blocks (a
# console error on every visit, and a request to the internet were it allowed): the
# bundle is served with a blank picture in its place; the vendored file stays as fetched.
REDOC_BUNDLE = "redoc.standalone.js"
CDN_LOGO = b"https://cdn.redoc.ly/redoc/logo-mini.svg"
BLANK_LOGO = b"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"


@functools.cache
def _redoc_bundle() -> bytes:
    bundle = (REDOC_DIR / REDOC_BUNDLE).read_bytes()
    if bundle.count(CDN_LOGO) != 1:
        raise RuntimeError(f"ReDoc {REDOC_VERSION}: its logo's URL moved; see service/api/docs.py")
    return bundle.replace(CDN_LOGO, BLANK_LOGO)


@blp.get(f"/{REDOC}/<filename>")
def redoc(filename: str) -> Response:
    if filename != REDOC_BUNDLE:
        return _asset(REDOC_DIR, REDOC_FILES, filename)
    response = Response(_redoc_bundle(), mimetype="text/javascript")
    response.headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    response.add_etag()
    response.make_conditional(request)
    return response


def _asset(directory: Path, names: frozenset[str], filename: str) -> Response:
    if filename not in names:
        abort(404)
    response = send_from_directory(directory, filename, max_age=ONE_YEAR)
    response.cache_control.immutable = True
    return response


@blp.after_app_request
def _confine_doc_pages(response: Response) -> Response:
    if request.endpoint in DOC_PAGES:
        response.headers.setdefault("Content-Security-Policy", DOC_PAGE_POLICY)
    return response
