"""The seats around the table, as each player sees them: you at the bottom, the others
clockwise from your left across the top to your right, each a face with initials, a
name, a card count and a state, and a clock ring that runs down to the seat's deadline
and changes colour in its last seconds. Seat chips and your hand come from one view."""

import re

from playwright.sync_api import expect

from .tables import Table, enabled_moves, say, seat_chip, wait_for_turn
from .test_play import clean


def boxes(page) -> dict[int, dict]:
    """Each seat chip's box on the screen, by seat."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(".seat[data-seat]")]
             .map((e) => [e.dataset.seat, e.getBoundingClientRect().toJSON()]))"""
    )


def test_you_sit_at_the_bottom_and_the_others_clockwise_from_your_left(live, people):
    table = Table.create(live, "old-maid", seats=4, clock=60, think=30)
    table.join("Anna Berg")
    bo = table.join("Bo")
    table.add_bot()
    table.add_bot()
    table.deal()
    guarded = people(locale="en-US")
    page = table.open(guarded, bo)
    expect(page.locator(".seat[data-seat]")).to_have_count(4)
    seats = {int(seat): box for seat, box in boxes(page).items()}
    assert sorted(seats) == [0, 1, 2, 3]
    others = sorted((seat for seat in seats if seat != bo), key=lambda seat: seats[seat]["x"])
    assert others == [2, 3, 0], "clockwise from Bo's left (seat 2) to his right (seat 0)"
    assert all(seats[bo]["y"] > seats[seat]["y"] + seats[seat]["height"] / 2 for seat in others)
    expect(seat_chip(page, bo)).to_have_class(re.compile(r"\bown\b"))
    expect(seat_chip(page, 0).locator(".initials")).to_have_text("AB")
    expect(seat_chip(page, 1).locator(".initials")).to_have_text("Bo")
    for bot in (2, 3):
        expect(seat_chip(page, bot)).to_have_class(re.compile(r"\bbot\b"))
    # each seat's count and state, and yours the count of the hand beside it
    view = table.view(bo)
    for player in view["players"]:
        expect(seat_chip(page, player["seat"])).to_contain_text(
            say(page, "cards_n", n=player["cards"])
        )
    held = page.locator(".hand .cards > li").count()
    assert held == len(view["hand"])
    expect(seat_chip(page, bo)).to_contain_text(say(page, "cards_n", n=held))
    clean(guarded)


def test_the_clock_ring_runs_down_and_turns_colour_in_its_last_seconds(live, people):
    table = Table.create(live, "crazy-eights", seats=2, clock=7, options={"target_score": None})
    dana = table.join("Dana")
    table.add_bot()
    table.deal()
    guarded = people(locale="en-US")
    page = table.open(guarded, dana)
    own = seat_chip(page, dana)
    ring = own.locator("svg.ring circle.left")
    expect(ring).to_be_visible(timeout=15_000)  # the bot may play first
    timer = own.get_by_role("timer")
    expect(timer).to_have_attribute("aria-label", re.compile(r"\d"))
    assert "⏱" not in page.locator("body").inner_text()

    def look() -> tuple[float, str, bool]:
        dash = float(ring.get_attribute("stroke-dasharray").split()[0])
        stroke = ring.evaluate("e => getComputedStyle(e).stroke")
        return dash, stroke, "low" in (own.get_attribute("class") or "")

    first = look()
    page.wait_for_timeout(1200)
    later = look()
    assert later[0] < first[0], f"the ring ran down: {first} then {later}"
    assert not first[2], "not low at the turn's start"
    expect(own).to_have_class(re.compile(r"\blow\b"), timeout=7000)
    assert look()[1] != first[1], "the ring's colour changed in the last seconds"
    # other seats have no clock while one seat acts
    expect(page.locator(".seat:not(.own) svg.ring")).to_have_count(0)
    clean(guarded)


def test_your_seat_counts_the_hand_beside_it_after_every_move(live, people):
    table = Table.create(live, "crazy-eights", seats=3, options={"target_score": None})
    eve = table.join("Eve")
    table.deal(fill=True)
    guarded = people(locale="en-US")
    page = table.open(guarded, eve)
    for _ in range(5):
        wait_for_turn(page)
        enabled_moves(page).first.click()
        page.wait_for_timeout(300)
        # both read from one drawing of the page
        held, chip = page.evaluate(
            """seat => [document.querySelectorAll(".hand .cards > li").length,
                       document.querySelector(`.seat[data-seat="${seat}"]`).textContent]""",
            eve,
        )
        assert say(page, "cards_n", n=held) in chip, (held, chip)
        if page.locator('[data-status="playing"]').count() == 0:
            break
    clean(guarded)
