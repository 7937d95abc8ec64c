"""Whose action it is, said on every page at the table, and no order given on a page
whose player is not the one to act: "Take a card from Bob" was drawn over Bob's own
page while Alice picked from him, "Roll the die." while the computer rolled."""

from playwright.sync_api import expect

from .tables import Table, enabled_moves, say
from .test_play import clean


def test_only_the_taker_is_told_to_take_in_old_maid(live, people):
    table = Table.create(live, "old-maid", seats=2)
    alice, bob = table.join("Alice"), table.join("Bob")
    table.deal()
    guarded = {seat: people(locale="en-US") for seat in (alice, bob)}
    pages = {seat: table.open(guarded[seat], seat) for seat in (alice, bob)}
    for _ in range(2):  # one turn each way
        view = table.view(alice)
        taker, giver = view["to_act"][0], view["offer"]["from_seat"]
        names = {alice: "Alice", bob: "Bob"}
        order = say(pages[taker], "offer_from", seat=names[giver])
        expect(pages[taker].locator(".offer h2")).to_have_text(order)
        expect(pages[giver].locator(".offer h2")).to_have_text(
            say(pages[giver], "offer_taking_you", taker=names[taker])
        )
        expect(pages[giver].get_by_text(order)).to_have_count(0)
        expect(pages[taker].locator(".turn-heading")).to_have_text(
            say(pages[taker], "head_take_mine", **{"from": names[giver]})
        )
        expect(pages[giver].locator(".turn-heading")).to_have_text(
            say(pages[giver], "head_take_from_you", who=names[taker])
        )
        with pages[taker].expect_response(lambda answer: answer.url.endswith("/moves")):
            enabled_moves(pages[taker]).first.click()
        if table.view(alice)["status"] != "playing":
            break
    for watched in guarded.values():
        clean(watched)


def test_no_roll_order_on_your_page_while_the_computer_plays_mystery_date(live, people):
    table = Table.create(live, "mystery-date", seats=2, think=2.5)
    seat = table.join("Uma")
    bot = table.add_bot()
    table.deal()
    guarded = people(locale="en-US")
    page = table.open(guarded, seat)
    phases = [
        say(page, f"phase_{phase}")
        for phase in ("roll", "discard", "give", "take", "pile", "outfit")
    ]
    bot_chip = page.locator(f'.seat[data-seat="{bot}"].acting')
    for _ in range(40):  # play on until the computer's turn has been seen
        if bot_chip.count():
            text = page.locator(".play").inner_text()
            assert [phase for phase in phases if phase in text] == []
            said = page.locator(".turn-heading").inner_text()
            assert not said.startswith(say(page, "head_mine")), said
            break
        if enabled_moves(page).count():
            enabled_moves(page).first.click()
        page.wait_for_timeout(250)
    else:
        raise AssertionError("the computer never had a turn")
    clean(guarded)
