"""Reactions at the table: a seated player's reaction (``POST /v1/games/{id}/reactions``)
shows on every page as a bubble at that player's seat within a second, and goes after a
moment; a spectator sees it but has no buttons; each person may hide the others'
reactions (remembered by the browser); too many at once is a short note that goes."""

import re
import time

import pytest
from playwright.sync_api import expect

from .tables import Table, seat_chip
from .test_play import AXE, axe, clean, pattern, serious, words

SHOWN_S = 1.0  # from the click on one page to the bubble on another
GONE_MS = 6_000


@pytest.fixture(scope="module")
def axe_script() -> str:
    return AXE.read_text()


def dealt_table(live) -> Table:
    """Anna (seat 0) and Bea (seat 1) at a private Old Maid table, dealt: Anna to take."""
    table = Table.create(live, "old-maid", seats=2, think=0, seed="20261206")
    table.join("Anna")
    table.join("Bea")
    table.deal()
    return table


def bubble(page, seat: int):
    return seat_chip(page, seat).locator(".reaction-bubble")


def button(page, said: dict, reaction: str):
    return page.get_by_role("button", name=said[f"reaction_{reaction}"], exact=True)


def test_a_reaction_shows_at_the_seat_on_every_page(live, people, axe_script):
    anna, bea, onlooker = (people(locale="en-US") for _ in range(3))
    table = dealt_table(live)
    table.open(anna, seat=0)
    table.open(bea, seat=1)
    table.open(onlooker)
    said = words(anna.page)
    for person in (anna, bea, onlooker):
        expect(person.page.locator(".link.live")).to_have_count(1)
    expect(onlooker.page.locator(".reaction-buttons")).to_have_count(0)

    clicked = time.monotonic()
    button(anna.page, said, "well_played").click()
    for person in (bea, onlooker, anna):
        left_ms = max(1, (clicked + SHOWN_S - time.monotonic()) * 1000)
        shown = bubble(person.page, 0)
        expect(shown).to_have_attribute("data-reaction", "well_played", timeout=left_ms)
    took = time.monotonic() - clicked
    assert took <= SHOWN_S, f"the bubble showed {took:.2f} s after the click"
    shown = bubble(bea.page, 0)
    expect(shown).to_have_accessible_name(said["reaction_well_played"])
    chip, at = seat_chip(bea.page, 0).bounding_box(), shown.bounding_box()
    middle = (at["x"] + at["width"] / 2, at["y"] + at["height"] / 2)
    assert chip["x"] <= middle[0] <= chip["x"] + chip["width"] + at["width"], (chip, at)
    assert chip["y"] - at["height"] <= middle[1] <= chip["y"] + chip["height"], (chip, at)
    expect(bubble(bea.page, 1)).to_have_count(0)
    said_aloud = pattern(
        said["ev_reaction"], who="Anna", reaction=re.escape(said["reaction_well_played"])
    )
    expect(bea.page.locator(".reaction-said")).to_have_text(said_aloud)
    assert serious(axe(bea.page, axe_script)) == []

    for person in (anna, bea, onlooker):
        expect(bubble(person.page, 0)).to_have_count(0, timeout=GONE_MS)
    for person in (anna, bea, onlooker):
        clean(person)


def test_hidden_reactions_stay_hidden_and_too_many_is_a_passing_note(live, people):
    anna, bea = people(locale="en-US"), people(locale="en-US")
    table = dealt_table(live)
    table.open(anna, seat=0)
    table.open(bea, seat=1)
    said = words(bea.page)
    mute = bea.page.get_by_label(said["reactions_mute"])
    mute.check()
    bea.page.reload()
    expect(mute).to_be_checked()  # remembered by the browser
    expect(bea.page.locator(".link.live")).to_have_count(1)

    button(anna.page, said, "hello").click()
    expect(bubble(anna.page, 0)).to_have_attribute("data-reaction", "hello")
    button(bea.page, said, "wow").click()  # logged after Anna's: seen after it
    expect(bubble(bea.page, 1)).to_have_attribute("data-reaction", "wow")
    assert bubble(bea.page, 0).count() == 0, "Anna's, a moment before, hidden"
    expect(bubble(anna.page, 1)).to_have_attribute("data-reaction", "wow")

    # three reactions in ten seconds at most: the fourth is a note that goes by itself
    for reaction in ("laugh", "oops"):  # after "hello"
        button(anna.page, said, reaction).click()
        expect(bubble(anna.page, 0)).to_have_attribute("data-reaction", reaction)
    button(anna.page, said, "thumbs_up").click()
    note = anna.page.locator(".reaction-note")
    expect(note).to_contain_text(said["reactions_wait"].split("{n}")[0])
    expect(anna.page.locator(".notice")).to_have_count(0)
    expect(note).to_have_text("", timeout=GONE_MS)
    clean(anna, refused=[429])
    clean(bea)
