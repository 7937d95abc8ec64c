"""The rules as the service plays them, served to browsers: ``/rules`` is docs/rules.md
as one HTML page whose headings keep the document's anchors, ``/rules.md`` the text
itself, and the catalogue links every game to its section (``rules_url``)."""

import re
from pathlib import Path

from service.engine import GAMES

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
RAW_MARKDOWN = re.compile(r"\*\*|`|^\s*(#|- |\|)", re.MULTILINE)


def page(client) -> str:
    answer = client.get("/rules")
    assert answer.status_code == 200
    assert answer.content_type == "text/html; charset=utf-8"
    return answer.get_data(as_text=True)


def ids(html: str) -> set[str]:
    return set(re.findall(r' id="([^"]+)"', html))


def test_the_catalogue_links_every_game_to_its_section_of_the_rules(client):
    games = client.get("/v1/catalog").json["games"]
    assert {game["slug"]: game["rules_url"] for game in games} == {
        slug: f"/rules#{slug}" for slug in GAMES
    }
    anchors = ids(page(client))
    for game in games:
        path, _, anchor = game["rules_url"].partition("#")
        assert client.get(path).status_code == 200
        assert anchor in anchors, game["rules_url"]


def test_the_page_is_the_document_with_its_anchors_and_no_markdown_left(client):
    html = page(client)
    text = DOC.read_text(encoding="utf-8")
    headings = re.findall(r"^#{1,6} (.+)$", text, flags=re.MULTILINE)
    assert len(re.findall(r"<h[1-6] id=", html)) == len(headings)
    assert len(re.findall(r"<tr>", html)) == len(re.findall(r"^\|(?! ---)", text, re.MULTILINE))
    body = re.sub(r"<code>.*?</code>", "", html, flags=re.DOTALL)
    assert not RAW_MARKDOWN.search(re.sub(r"<[^>]+>", "", body)), "a construct left as text"
    for link in re.findall(r'href="#([^"]+)"', html):
        assert link in ids(html), f"#{link} leads nowhere"


def test_the_page_loads_nothing_from_elsewhere_and_runs_no_script(client):
    answer = client.get("/rules")
    policy = answer.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src" not in policy
    assert not re.search(r"(src|href)=\"(https?:)?//", answer.get_data(as_text=True))


def test_the_text_is_served_as_it_is_in_the_checkout(client):
    answer = client.get("/rules.md")
    assert answer.status_code == 200
    assert answer.content_type == "text/markdown; charset=utf-8"
    assert answer.data == DOC.read_bytes()


def test_the_page_is_not_sent_twice(client):
    etag = client.get("/rules").headers["ETag"]
    assert client.get("/rules", headers={"If-None-Match": etag}).status_code == 304


def test_the_rules_are_in_finnish_for_a_finnish_page_with_the_same_anchors(client):
    """``?lang=fi`` (the web table asks so) or a Finnish browser: rules.fi.md, whose
    headings carry the English ones' anchors, so every ``rules_url`` leads there too."""
    english = page(client)
    asked = client.get("/rules?lang=fi").get_data(as_text=True)
    by_browser = client.get("/rules", headers={"Accept-Language": "fi-FI,fi;q=0.9,en;q=0.5"})
    assert '<html lang="fi">' in asked and "Pelien säännöt" in asked
    assert by_browser.get_data(as_text=True) == asked
    assert "Accept-Language" in by_browser.headers["Vary"]
    assert ids(asked) == ids(english)
    assert (
        client.get("/rules?lang=en", headers={"Accept-Language": "fi"}).get_data(as_text=True)
        == english
    )
    finnish = DOC.with_name("rules.fi.md").read_bytes()
    assert client.get("/rules.md?lang=fi").data == finnish
