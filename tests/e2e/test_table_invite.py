"""A private table's invite link: the host reads it on the waiting table (the code in
its fragment, which no request carries), copies it, and a friend who opens it takes a
seat with one press, after which the code leaves the address. Joining by code is at the
top of the lobby, within a phone's first screen; the name last used is offered again."""

from playwright.sync_api import expect

from .tables import say, seat_chip
from .test_play import (
    AXE,
    PHONE_DEVICE,
    axe,
    clean,
    code_shown,
    create_through_form,
    kept,
    no_serious,
    words,
)


def test_a_friend_opening_the_invite_link_takes_a_seat_in_one_press(live, people):
    host, friend = people(locale="en-US"), people(locale="en-US")
    host.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game_id = create_through_form(
        host.page, live, "go-fish", seats=3, visibility="private", name="Anna"
    )
    code = code_shown(host.page)
    link = host.page.get_by_label(say(host.page, "invite_link")).input_value()
    assert link.endswith(f"/play/table/{game_id}#code={code}"), link
    host.page.get_by_role("button", name=say(host.page, "copy"), exact=True).click()
    copied = host.page.get_by_role("status").filter(has_text=say(host.page, "copied"))
    expect(copied).to_be_visible()
    assert host.page.evaluate("() => navigator.clipboard.readText()") == link
    no_serious(axe(host.page, AXE.read_text()), "the waiting table with its invite")

    asked: list[str] = []
    friend.page.on("request", lambda request: asked.append(request.url))
    friend.page.goto(link)
    sit = friend.page.get_by_role("button", name=words(friend.page)["take_seat"], exact=True)
    expect(friend.page.locator('[data-action="join-code"]')).to_have_count(0)  # the link has it
    sit.click()
    expect(seat_chip(host.page, 1)).to_contain_text(say(friend.page, "default_name"))
    expect(seat_chip(friend.page, 1)).to_be_visible()
    assert "#" not in friend.page.url, "the code leaves the address once seated"
    (stored,) = kept(friend.page, game_id).values()
    assert '"token":' in stored and '"token":null' not in stored
    assert [url for url in asked if code in url] == [], "no request carries the code"
    clean(host)
    clean(friend)


def test_the_lobby_offers_the_name_last_used(live, people):
    guarded = people(locale="en-US")
    create_through_form(guarded.page, live, "old-maid", seats=2, name="Cleo")
    guarded.page.goto(f"{live.url}/play")
    form = guarded.page.locator("form.join")
    expect(form.get_by_label(say(guarded.page, "your_name"))).to_have_value("Cleo")
    clean(guarded)


def test_joining_by_code_is_on_a_phones_first_screen(live, people):
    guarded = people(locale="en-US", **PHONE_DEVICE)
    page = guarded.page
    page.goto(f"{live.url}/play")
    button = page.locator("form.join button")
    expect(button).to_be_visible()
    height = page.viewport_size["height"]
    for part in (page.locator('[data-action="join-code"]'), button):
        box = part.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, (box, height)
    clean(guarded)
