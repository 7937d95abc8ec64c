"""Your turn calls you back: when the turn comes to a seat whose tab is hidden, the tab's
title and icon say so, and both are put back once the tab is seen again. The sound's
switch is kept in the browser.

Headless Chromium shows every page, so the tests hide one as a browser does for a tab
in the background: ``document.hidden`` and ``document.visibilityState`` answer what the
test says, and a ``visibilitychange`` event tells the page when that changes."""

from playwright.sync_api import expect

from .tables import Table, say, wait_for_turn
from .test_play import clean

HIDE_SWITCH = """(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(Document.prototype, "visibilityState",
    { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  window.setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange"));
  };
})()"""
ICON = "() => document.querySelector('link[rel=icon]').href"


def test_a_hidden_tab_says_your_turn_in_its_title_until_it_is_seen(live, people):
    table = Table.create(live, "old-maid", seats=2, think=0.5)
    seat = table.join("Kai")
    table.deal(fill=True)  # the free seat: a basic bot
    guarded = people(locale="en-US")
    guarded.page.context.add_init_script(HIDE_SWITCH)
    page = table.open(guarded, seat)
    wait_for_turn(page)
    own_title, own_icon = page.title(), page.evaluate(ICON)
    game = next(e for e in live.call("GET", "/v1/catalog")["games"] if e["slug"] == "old-maid")
    calling = say(page, "turn_title", game=game["title"])
    assert own_title != calling, "a visible tab's turn leaves the title alone"

    page.evaluate("() => window.setHidden(true)")
    move = table.view(seat)["legal_moves"][0]  # a take: the turn goes to the bot
    live.call("POST", f"/v1/games/{table.id}/moves", move, table.tokens[seat])
    expect(page).to_have_title(calling, timeout=10_000)  # the bot took, and it is Kai's turn
    assert page.evaluate(ICON).startswith("data:image/svg+xml"), "the marked icon"

    page.evaluate("() => window.setHidden(false)")
    expect(page).to_have_title(own_title)
    assert page.evaluate(ICON) == own_icon
    clean(guarded)


def test_the_turn_sound_switch_is_kept_over_a_reload(live, people):
    table = Table.create(live, "old-maid", seats=2)
    seat = table.join("Lea")
    table.deal(fill=True)
    guarded = people(locale="en-US")
    page = table.open(guarded, seat)
    sound = page.get_by_role("button", name=say(page, "turn_sound"), exact=True)
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(sound).to_have_attribute("aria-pressed", "false")
    clean(guarded)
