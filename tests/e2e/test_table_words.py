"""What the table says must be whole and true: the status line says connecting, live or
finished as it is ("Connecting…" was shown while a card was playable, "Live" after the
match had finished); on a 390 px phone no heading is cut short ("Crazy Eigh…") and
every Mystery Date piece tells its player apart (each read "bas…")."""

import pytest
from playwright.sync_api import expect

from .tables import Table, say, wait_for_turn
from .test_play import DESKTOP, PHONE_DEVICE, clean

# Every heading of the table page whose text is cut (wider than its box), as "tag: text".
CUT_HEADINGS = """() => [...document.querySelectorAll("h1, h2, h3")]
  .filter((h) => h.offsetParent !== null && h.scrollWidth > h.clientWidth)
  .map((h) => `${h.tagName}: ${h.textContent} (${h.scrollWidth} > ${h.clientWidth})`)"""


def playing_crazy_eights_for_two(live, people):
    """Ada's page at a dealt table of two, her turn: the table, the page, its guard."""
    table = Table.create(live, "crazy-eights", seats=2, seed="5")
    seat = table.join("Ada")
    table.deal(fill=True)
    guarded = people(locale="en-US", viewport=DESKTOP)
    page = table.open(guarded, seat, host=True)
    wait_for_turn(page)
    return table, page, guarded


def test_the_status_line_says_live_while_playing_and_over_once_finished(live, people, screenshots):
    table, page, guarded = playing_crazy_eights_for_two(live, people)
    status = page.locator("[data-link]")
    expect(status).to_have_attribute("data-link", "live")
    expect(status).to_have_text(say(page, "link_live"))
    live.call("POST", f"/v1/games/{table.id}/end", {}, table.host)
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "finished")
    expect(status).to_have_attribute("data-link", "finished")
    expect(status).to_have_text(say(page, "link_finished"))
    page.screenshot(path=screenshots / "words-finished-table.png", full_page=True)
    clean(guarded)


@pytest.mark.parametrize("lang", ["en-US", "fi-FI"])
@pytest.mark.parametrize("slug", ["crazy-eights", "mystery-date"])
def test_no_heading_is_cut_short_on_a_phone(live, people, screenshots, slug, lang):
    options = {"target_score": None} if slug == "crazy-eights" else {}
    table = Table.create(live, slug, seats=4, options=options, seed="12")
    seat = table.join("Kai Lindqvist")
    table.deal(fill=True)
    guarded = people(locale=lang, **PHONE_DEVICE)
    page = table.open(guarded, seat, host=True)
    wait_for_turn(page)
    page.wait_for_timeout(300)
    page.screenshot(path=screenshots / f"phone-headings-{slug}-{lang}.png")
    assert page.evaluate(CUT_HEADINGS) == []
    if slug == "mystery-date":
        pieces = page.locator(".piece")
        expect(pieces).to_have_count(4)
        shown = pieces.evaluate_all(
            "ps => ps.map((p) => p.querySelector('[aria-hidden]').textContent)"
        )
        assert len(set(shown)) == 4, shown
        cut = pieces.evaluate_all("ps => ps.filter((p) => p.scrollWidth > p.clientWidth).length")
        assert cut == 0
    clean(guarded)


def test_settings_are_kept_across_a_reload(live, people, screenshots):
    """Motion off, the four-colour deck and the hand by suit: chosen once, kept."""
    _, page, guarded = playing_crazy_eights_for_two(live, people)
    page.locator("[data-settings] summary").click()
    page.locator('[data-setting="speed"]').select_option("off")
    page.locator('[data-setting="four-colour"]').check()
    page.locator('[data-setting="sort"]').select_option("suit")
    page.screenshot(path=screenshots / "words-settings.png")
    for reloaded in (False, True):
        if reloaded:
            page.reload()
            wait_for_turn(page)
            page.locator("[data-settings] summary").click()
        expect(page.locator('[data-setting="speed"]')).to_have_value("off")
        expect(page.locator('[data-setting="four-colour"]')).to_be_checked()
        expect(page.locator('[data-setting="sort"]')).to_have_value("suit")
        hand = page.locator(".hand [data-card]").evaluate_all("cs => cs.map((c) => c.dataset.card)")
        suits = ["SHCD".index(card[-1]) for card in hand]
        assert suits == sorted(suits), hand
        sources = page.locator(".hand img.card").evaluate_all("cs => cs.map((c) => c.src)")
        assert sources and all("/four-colour/" in src for src in sources), sources
    clean(guarded)


def test_the_newest_pair_of_each_seat_is_shown_on_a_phone(live, people):
    table = Table.create(live, "old-maid", seats=4, seed="3")
    seat = table.join("Ada")
    table.deal(fill=True)
    guarded = people(locale="en-US", **PHONE_DEVICE)
    page = table.open(guarded, seat, host=True)
    wait_for_turn(page)
    players = [p for p in table.view(seat)["players"] if p["pairs"]]
    assert players, "pairs laid at the deal"
    for player in players:
        newest = page.locator(f'[data-seat-pairs="{player["seat"]}"] li.newest')
        expect(newest).to_have_count(2)
        shown = newest.evaluate_all("ls => ls.map((l) => l.dataset.card)")
        assert sorted(shown) == sorted(player["pairs"][-1])
        for card in range(2):
            expect(newest.nth(card)).to_be_visible()
    clean(guarded)


def test_a_finnish_table_links_to_the_finnish_rules_at_its_games_section(live, people):
    table = Table.create(live, "crazy-eights", seats=2, seed="5")
    seat = table.join("Ada")
    table.deal(fill=True)
    guarded = people(locale="fi-FI", viewport=DESKTOP)
    page = table.open(guarded, seat, host=True)
    link = page.locator("a.full-rules")
    expect(link).to_have_text(say(page, "full_rules", game="Hullut kasit"))
    href = link.get_attribute("href")
    assert "lang=fi" in href and href.endswith("#crazy-eights"), href
    page.goto(href)
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.locator("#crazy-eights")).to_have_text("Hullut kasit")
    clean(guarded)
