"""The rules of every game as the service plays them, for people: ``GET /rules`` is
``static/rules.md`` (docs/rules.md in the checkout links to it) as one HTML page, each
heading an anchor (``/rules#crazy-eights``, the catalogue's ``rules_url``), and ``GET
/rules.md`` the text itself.

The service depends on no markdown library, so the page is made here from the few
constructs the document uses: headings, paragraphs, lists (one level), tables, and
inline code, bold and links. Every other character is text, escaped."""

import functools
import html
import re
from pathlib import Path

from flask import Blueprint, Response, request

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


def to_html(markdown: str) -> str:
    """The document's blocks, separated by blank lines, as HTML."""
    blocks = re.split(r"\n[ \t]*\n", markdown.strip())
    return "\n".join(_block(block.splitlines()) for block in blocks)


def _block(lines: list[str]) -> str:
    first = lines[0]
    heading = re.match(r"(#{1,6}) (.+)", first)
    if heading:
        level, words = len(heading[1]), heading[2]
        tag = f'<h{level} id="{anchor(words)}">{_inline(words)}</h{level}>'
        return tag + ("\n" + _block(lines[1:]) if lines[1:] else "")
    if first.startswith("|"):
        return _table(lines)
    if first.startswith("- "):
        return _list(lines)
    return f"<p>{_inline(' '.join(line.strip() for line in lines))}</p>"


def _list(lines: list[str]) -> str:
    """Items start with "- "; an indented line goes on the item above, and an indented
    "- " starts a list inside it (one level deep)."""
    items: list[list[str]] = []
    for line in lines:
        if line.startswith("- "):
            items.append([line[2:]])
        else:
            items[-1].append(line[2:] if line.startswith("  ") else line)
    return "<ul>" + "".join(f"<li>{_item(item)}</li>" for item in items) + "</ul>"


def _item(lines: list[str]) -> str:
    inner = next((n for n, line in enumerate(lines) if line.startswith("- ")), len(lines))
    words = _inline(" ".join(line.strip() for line in lines[:inner]))
    return words + (_list(lines[inner:]) if inner < len(lines) else "")


def _table(lines: list[str]) -> str:
    """A header row, the ``| --- |`` line, then the rows."""
    head, *rows = [_cells(line) for line in lines if not re.match(r"\|\s*-", line)]
    header = "".join(f"<th>{cell}</th>" for cell in head)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"


def _cells(line: str) -> list[str]:
    return [_inline(cell.strip()) for cell in line.strip().strip("|").split("|")]


def _inline(text: str) -> str:
    """Code spans as they are; around and over them (a bold phrase may hold one), bold
    and links. Each span waits behind a mark no text has while the rest is read."""
    spans: list[str] = []

    def keep(code: re.Match[str]) -> str:
        spans.append(f"<code>{html.escape(code[1])}</code>")
        return f"\0{len(spans) - 1}\0"

    marked = _marks(html.escape(re.sub(r"`([^`]+)`", keep, text)))
    return re.sub(r"\0(\d+)\0", lambda mark: spans[int(mark[1])], marked)


def _marks(escaped: str) -> str:
    escaped = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escaped)
    # only links within the service or its page: the document links nowhere else
    return re.sub(r"\[([^\]]+)\]\(((?:#|/)[^)\s]*)\)", r'<a href="\2">\1</a>', escaped)
