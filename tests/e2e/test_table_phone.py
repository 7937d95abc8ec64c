"""A table on a 390x844 phone: the header one line, and at your turn what you pick
from (the middle of the table) and your hand both on the screen, no sideways scroll."""

import pytest
from playwright.sync_api import expect

from .tables import Table, in_viewport, wait_for_turn
from .test_play import PHONE_DEVICE, clean, no_overflow

ONE_LINE_PX = 48  # the header's one line of text and its margins (it took 230 px)


@pytest.mark.parametrize("slug", ["old-maid", "go-fish", "crazy-eights"])
def test_at_your_turn_the_middle_and_your_hand_are_both_on_a_phone_screen(live, people, slug):
    options = {"target_score": None} if slug == "crazy-eights" else {}
    # seeded: instant bots could end a random round before the person's first turn
    table = Table.create(live, slug, seats=4, options=options, seed="12")
    seat = table.join("Kai Lindqvist")
    table.deal(fill=True)
    guarded = people(locale="en-US", **PHONE_DEVICE)
    page = table.open(guarded, seat, host=True)
    wait_for_turn(page)
    page.wait_for_timeout(300)  # brought into view as the turn starts
    header = page.locator(".table-head").bounding_box()
    assert header["height"] <= ONE_LINE_PX, f"the header is {header['height']} px tall"
    assert in_viewport(page, ".felt .middle"), "what you pick from, on the screen"
    assert in_viewport(page, ".hand"), "your hand, on the screen"
    width, viewport = no_overflow(page)
    assert width <= viewport
    expect(page.locator(".seat[data-seat]")).to_have_count(4)
    clean(guarded)
