"""Every relative link and #anchor in README.md and docs/*.md resolves: the file (or
folder) is there, and the anchor is a heading of the page it names, by GitHub's slugs
(lowercase, punctuation removed, each space a '-', a repeated heading's slug given -1,
-2, ...). Links inside code are text, not links."""

import re
from pathlib import Path

import pytest

from service.web.rules import DOCUMENTS

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE = re.compile(FENCED.pattern + r"|`[^`\n]*`", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
LINK = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
ELSEWHERE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|/)", re.IGNORECASE)  # a scheme, or absolute


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text (its links and code marks read as text)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """The anchors of a page's headings, a repeated one numbered as GitHub numbers it."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in HEADING.findall(FENCED.sub("", markdown)):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


# A translation of the rules takes the English page's anchors, heading for heading, as
# /rules?lang=fi serves it (``service.web.rules``).
TRANSLATED = {path.resolve(): DOCUMENTS["en"] for language, path in DOCUMENTS.items()}


def anchors_of(page: Path) -> set[str]:
    return anchors(TRANSLATED.get(page.resolve(), page).read_text())


def broken_links(page: Path) -> list[str]:
    """The relative links of ``page`` that name no file, or no heading of the page."""
    broken = []
    for target in LINK.findall(CODE.sub("", page.read_text())):
        if ELSEWHERE.match(target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors_of(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_and_anchor_resolves(page):
    assert broken_links(page) == []


def test_the_slugs_are_githubs():
    page = "# The two commands\n## Limits and faults\n### Past one machine: Citus\n"
    page += "## `make replicas`: several instances\n## Notes\n## Notes\n```\n# not a heading\n```\n"
    assert anchors(page) == {
        "the-two-commands",
        "limits-and-faults",
        "past-one-machine-citus",
        "make-replicas-several-instances",
        "notes",
        "notes-1",
    }


def test_a_broken_link_or_anchor_is_found(tmp_path):
    (tmp_path / "other.md").write_text("# Other page\n\n## A section\n")
    page = tmp_path / "page.md"
    page.write_text(
        "# Here\n\n[fine](other.md#a-section) [fine too](#here) [web](https://example.com)\n"
        "[no file](missing.md) [no heading](other.md#no-section) [nor here](#nowhere)\n"
        "![no picture](screenshots/none.png) `[in code](nothing.md)`\n"
    )
    assert broken_links(page) == [
        "missing.md: no such file",
        "other.md#no-section: no heading #no-section in other.md",
        "#nowhere: no heading #nowhere in page.md",
        "screenshots/none.png: no such file",
    ]
