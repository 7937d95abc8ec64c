"""The rules of every game as the service plays them, for people: ``GET /rules`` is
``static/rules.md`` (docs/rules.md in the checkout links to it) as one HTML page, each
heading an anchor (``/rules#crazy-eights``, the catalogue's ``rules_url``), and ``GET
/rules.md`` the text itself. In Finnish, ``static/rules.fi.md``: chosen by ``?lang=fi``
(the web table's language) or else by the browser's Accept-Language. Its headings follow
the English ones one for one and take their anchors, so every link into the rules leads
to the same section in either language.

The page is CommonMark (markdown-it-py), raw HTML escaped."""

import functools
import html
import itertools
import re
from pathlib import Path

from flask import Blueprint, Response, request
from markdown_it import MarkdownIt

STATIC = Path(__file__).resolve().parent / "static"
DOCUMENTS = {"en": STATIC / "rules.md", "fi": STATIC / "rules.fi.md"}
DOCUMENT = DOCUMENTS["en"]
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
<html lang="{language}">
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
    return _answer(rendered(language()), "text/html")


@blp.get("/rules.md")
def text() -> Response:
    return _answer(DOCUMENTS[language()].read_text(encoding="utf-8"), "text/markdown")


def language() -> str:
    """The rules' language: ``?lang=`` as the page asks, else the browser's first."""
    asked = request.args.get("lang", "")
    if asked in DOCUMENTS:
        return asked
    return request.accept_languages.best_match(tuple(DOCUMENTS), default="en") or "en"


def _answer(body: str, mimetype: str) -> Response:
    response = Response(body, mimetype=mimetype)  # text/*: charset=utf-8 is added
    response.vary.add("Accept-Language")
    response.headers["Content-Security-Policy"] = POLICY
    response.cache_control.no_cache = True  # revalidated: the ETag
    response.add_etag()
    response.make_conditional(request)  # a 304 for the ETag the browser has
    return response


@functools.cache
def rendered(language: str = "en") -> str:
    """The page, made once per process and language: the documents change only with the
    package. Every language's headings take the English ones' anchors."""
    markdown = DOCUMENTS[language].read_text(encoding="utf-8")
    title = re.search(r"^# (.+)$", markdown, re.MULTILINE)
    body = to_html(markdown, anchors(DOCUMENTS["en"].read_text(encoding="utf-8")))
    return PAGE.format(
        language=language, title=html.escape(title[1] if title else "Rules"), body=body
    )


def headings(markdown: str) -> list[str]:
    """The document's headings, in order."""
    return re.findall(r"^#{1,6} (.+)$", markdown, flags=re.MULTILINE)


def anchors(markdown: str) -> list[str]:
    """The anchors of the document's headings, in order."""
    return [anchor(heading) for heading in headings(markdown)]


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces
    made hyphens (so a link into docs/rules.md works on both)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


# CommonMark with tables; raw HTML in the text stays text
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def to_html(markdown: str, given: list[str] | None = None) -> str:
    """The document as HTML, each heading with its anchor as ``id``: its own, or the
    ``given`` anchors in order (a translation's, from the original's headings)."""
    tokens = MARKDOWN.parse(markdown)
    ids = iter(given or [])
    for opening, inline in itertools.pairwise(tokens):
        if opening.type == "heading_open":
            opening.attrSet("id", next(ids, None) or anchor(inline.content))
    return MARKDOWN.renderer.render(tokens, MARKDOWN.options, {})
