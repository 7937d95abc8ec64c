"""Every seat change shows at once on every page at the table: a friend who joins by
the code, a computer player the host adds, a friend who leaves before the deal. The
pages learn of them from the stream's ``joined`` and ``vacated`` events, not from a
reload."""

import json

from playwright.sync_api import expect

from .tables import seat_chip
from .test_play import clean, code_shown, create_through_form, join_with_code, kept, words

AT_ONCE_MS = 1000


def test_a_friend_joining_and_a_bot_added_show_on_the_other_page_within_a_second(live, people):
    host, friend = people(locale="en-US"), people(locale="en-US")
    game_id = create_through_form(
        host.page, live, "go-fish", seats=4, visibility="private", think=0, name="Anna"
    )
    code = code_shown(host.page)
    expect(seat_chip(host.page, 0)).to_contain_text("Anna")
    host.page.wait_for_timeout(500)  # the host's stream is open before the friend comes
    join_with_code(friend.page, live, code, "Bea")
    expect(seat_chip(host.page, 1)).to_contain_text("Bea", timeout=AT_ONCE_MS)

    expect(seat_chip(friend.page, 1)).to_contain_text("Bea")
    friend.page.wait_for_timeout(500)
    host.page.get_by_role("button", name=words(host.page)["add_bot"], exact=True).click()
    expect(seat_chip(friend.page, 2)).to_be_visible(timeout=AT_ONCE_MS)
    bot = live.call("GET", f"/v1/games/{game_id}")["seats"][2]["name"]
    expect(seat_chip(friend.page, 2)).to_contain_text(bot)

    # the friend leaves before the deal: gone from the host's page at once
    (stored,) = kept(friend.page, game_id).values()
    live.call("POST", f"/v1/games/{game_id}/leave", token=json.loads(stored)["token"])
    expect(host.page.locator(".seat", has_text="Bea")).to_have_count(0, timeout=AT_ONCE_MS)
    expect(host.page.locator(".seat[data-seat]")).to_have_count(2)
    clean(host)
    clean(friend, refused=[401])  # her token retired behind her page's back
