"""The rules of every game as the service plays them, for people: ``GET /rules`` is
``static/rules.md`` (docs/rules.md in the checkout links to it) as one HTML page, each
heading an anchor (``/rules#crazy-eights``, the catalogue's ``rules_url``), and ``GET
/rules.md`` the text itself.

The page is CommonMark (markdown-it-py), raw HTML escaped."""

import functools
import html
import itertools
import re
from pathlib import Path

from flask import Blueprint, Response, request
from markdown_it import MarkdownIt

DOCUMENT = Path(__file__).resolve().parent / "static" / "rules.md"
# The page's two style sheets and nothing else: no script, no picture, no frame.
POLICY = "; ".join(
    [
        "default-src 'none'",
        "style-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)
PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="stylesheet" href="/play/static/play.css">
  <link rel="stylesheet" href="/play/static/rules.css">
</head>
<body>
<main class="rules">
{body}
</main>
</body>
</html>
"""

blp = Blueprint("rules", __name__)


@blp.get("/rules")
def page() -> Response:
    return _answer(rendered(), "text/html")


@blp.get("/rules.md")
def text() -> Response:
    return _answer(DOCUMENT.read_text(encoding="utf-8"), "text/markdown")


def _answer(body: str, mimetype: str) -> Response:
    response = Response(body, mimetype=mimetype)  # text/*: charset=utf-8 is added
    response.headers["Content-Security-Policy"] = POLICY
    response.cache_control.no_cache = True  # revalidated: the ETag
    response.add_etag()
    response.make_conditional(request)  # a 304 for the ETag the browser has
    return response


@functools.cache
def rendered() -> str:
    """The page, made once per process: the document changes only with the package."""
    markdown = DOCUMENT.read_text(encoding="utf-8")
    title = re.search(r"^# (.+)$", markdown, re.MULTILINE)
    return PAGE.format(title=html.escape(title[1] if title else "Rules"), body=to_html(markdown))


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces
    made hyphens (so a link into docs/rules.md works on both)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


# CommonMark with tables; raw HTML in the text stays text
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def to_html(markdown: str) -> str:
    """The document as HTML, each heading with its anchor as ``id``."""
    tokens = MARKDOWN.parse(markdown)
    for opening, inline in itertools.pairwise(tokens):
        if opening.type == "heading_open":
            opening.attrSet("id", anchor(inline.content))
    return MARKDOWN.renderer.render(tokens, MARKDOWN.options, {})
