"""Choices that make moves, and the controls around them: every one that makes a move
carries ``data-move`` (Go Fish's second step too); the keyboard's focus stays at the hand
after a move; "Leave the table" asks first; "Share this code" shows only while a seat is
free for a person."""

import json

from playwright.sync_api import expect

from .tables import Table, enabled_moves, say, seat_chip, wait_for_turn
from .test_play import clean, words

IN_PLAY = "() => !!document.activeElement && !!document.activeElement.closest('.play')"
ON_A_MOVE = """() => { const e = document.activeElement;
  return !!e && !e.disabled && (e.hasAttribute('data-move') || !!e.closest('.hand .cards')); }"""


def test_go_fish_asks_carry_data_move_at_both_steps(live, people):
    table = Table.create(live, "go-fish", seats=3, think=0.3)
    seat = table.join("Lea")
    table.deal(fill=True)
    guarded = people(locale="en-US")
    page = table.open(guarded, seat, host=True)
    wait_for_turn(page)
    legal = {json.dumps(move, separators=(",", ":")) for move in table.view(seat)["legal_moves"]}
    first_step = page.locator(".hand button:not([data-move]):enabled")
    expect(first_step.first).to_be_visible()  # two others to ask: every rank is a choice
    first_step.first.click()
    chooser = page.locator(".chooser")
    options = chooser.locator("button")
    cancel = chooser.get_by_role("button", name=words(page)["cancel"], exact=True)
    expect(cancel).to_have_count(1)
    asks = chooser.locator("button[data-move]")
    assert asks.count() == options.count() - 1 >= 2
    assert set(asks.evaluate_all("bs => bs.map(b => b.dataset.move)")) <= legal
    expect(asks.first).to_be_focused()  # the second step is where the keyboard is
    clean(guarded)


def test_the_keyboard_stays_at_the_hand_after_a_move(live, people):
    table = Table.create(live, "crazy-eights", seats=2, options={"target_score": None})
    seat = table.join("Max")
    table.deal(fill=True)  # the free seat: a basic bot
    guarded = people(locale="en-US")
    page = table.open(guarded, seat, host=True)
    for _ in range(3):
        wait_for_turn(page)
        tabs = 0
        while not page.evaluate(ON_A_MOVE):
            page.keyboard.press("Tab")
            tabs += 1
            assert tabs < 60, "no move by Tab"
        if _:  # after the first move: the focus was kept where the moves are
            assert tabs <= 1, f"{tabs} Tabs to the next move"
        if page.evaluate("() => !document.activeElement.hasAttribute('data-move')"):
            page.keyboard.press("Enter")  # a card of several moves: its chooser
            expect(page.locator(".chooser button[data-move]").first).to_be_focused()
        page.keyboard.press("Enter")
        page.wait_for_timeout(400)
        assert page.evaluate(IN_PLAY), "the focus stayed at the hand after the move"
        if page.locator('[data-status="playing"]').count() == 0:
            break
    clean(guarded)


def test_leaving_the_table_asks_first(live, people):
    table = Table.create(live, "old-maid", seats=2, think=5)
    seat = table.join("Ned")
    table.deal(fill=True)  # the free seat: a basic bot
    guarded = people(locale="en-US")
    page = table.open(guarded, seat, host=True)
    leave = page.get_by_role("button", name=words(page)["leave"], exact=True)
    leave.click()
    expect(page.get_by_text(words(page)["leave_confirm"])).to_be_visible()
    assert table.summary()["seats"][seat]["bot"] is None, "nothing happens before the answer"
    stay = page.get_by_role("button", name=words(page)["stay"], exact=True)
    stay.click()
    expect(page.get_by_text(words(page)["leave_confirm"])).to_have_count(0)
    leave.click()
    yes = page.get_by_role("button", name=words(page)["leave_yes"], exact=True)
    expect(yes).to_be_focused()
    yes.click()
    expect(seat_chip(page, seat).locator(".kind")).not_to_have_text(words(page)["human"])
    assert table.summary()["seats"][seat]["bot"] == "basic"
    clean(guarded)


def test_the_code_to_share_shows_only_while_a_seat_is_free_for_a_person(live, people):
    table = Table.create(live, "go-fish", seats=3)
    seat = table.join("Ola")
    guarded = people(locale="en-US")
    page = table.open(guarded, seat, host=True)
    share = page.get_by_text(say(page, "code_to_share"))
    expect(share).to_be_visible()
    expect(page.locator(".code strong")).to_have_text(table.code)
    table.add_bot()
    expect(share).to_be_visible()  # one seat free still
    table.add_bot()
    expect(share).to_have_count(0)  # every seat taken
    table.deal()
    expect(page.locator('[data-status="playing"]')).to_have_count(1)
    expect(share).to_have_count(0)
    clean(guarded)


def test_a_move_button_carries_its_move_everywhere(live, people):
    """Every enabled button in the play area makes a move (``data-move``) or opens a
    choice of moves; nothing else there is pressed to play."""
    table = Table.create(live, "old-maid", seats=3)
    seat = table.join("Pia")
    table.deal(fill=True)
    guarded = people(locale="en-US")
    page = table.open(guarded, seat, host=True)
    wait_for_turn(page)
    loose = page.evaluate(
        """() => [...document.querySelectorAll('.play button:enabled')]
             .filter((b) => !b.hasAttribute('data-move') && !b.hasAttribute('aria-expanded'))
             .map((b) => b.outerHTML.slice(0, 120))"""
    )
    assert loose == []
    assert enabled_moves(page).count() > 0
    clean(guarded)
