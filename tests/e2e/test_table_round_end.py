"""The end of a round, as a panel brought into view on a laptop and on a phone: who lost
and why (Old Maid's odd card shown), the standings, and the button to deal the next
round focused; after the deal the table is back in view. After a match, "Play again"
makes a new table like the old one: the same game, options, seats, clock and bots, each
friend's seat held for them ("waiting for Jo…")."""

import time

import pytest
from playwright.sync_api import expect

from .tables import Table, in_viewport, say, seat_chip
from .test_play import DESKTOP, PHONE_DEVICE, TABLE_URL, Player, clean, play_together, words

ACTIVE_TEXT = "() => document.activeElement && document.activeElement.textContent.trim()"


def play_a_round(table: Table, guarded, seat: int) -> Player:
    table.open(guarded, seat, host=True)
    player = Player("Player", guarded, "old-maid")
    play_together([player])
    assert player.error is None, player.error
    assert player.status == "round_over", player.status
    return player


@pytest.mark.parametrize("device", [{"viewport": DESKTOP}, PHONE_DEVICE], ids=["desktop", "phone"])
def test_the_round_end_is_in_view_says_why_and_focuses_the_next_deal(live, people, device):
    table = Table.create(live, "old-maid", seats=2)
    seat = table.join("Gus")
    table.deal(fill=True)  # the free seat: a basic bot
    guarded = people(locale="en-US", **device)
    page = guarded.page
    play_a_round(table, guarded, seat)
    panel = page.locator(".round-end")
    expect(panel).to_be_visible()
    page.wait_for_timeout(300)  # scrolled and focused as it is drawn
    assert in_viewport(page, ".round-end"), "the whole panel on the screen"
    assert page.evaluate(ACTIVE_TEXT) == words(page)["deal_next"]
    view = table.view(seat)
    loser = table.summary()["seats"][view["loser"]]["name"]
    # the reader is "you": "You lost the round, left holding the queen of diamonds."
    you_lost = words(page)["round_lost_by_you"].rstrip(".")
    expect(panel.locator(".verdict")).to_contain_text(you_lost if view["loser"] == seat else loser)
    expect(panel.locator(".verdict img.card")).to_have_count(1)  # the odd card itself
    expect(panel.locator(".standings tbody tr")).to_have_count(2)

    page.keyboard.press("Enter")
    expect(page.locator('[data-status="playing"]')).to_have_count(1)
    expect(panel).to_have_count(0)
    page.wait_for_timeout(300)
    top = page.evaluate("() => document.querySelector('.felt').getBoundingClientRect().top")
    assert -2 <= top < page.viewport_size["height"] / 3, f"the table in view again: top {top}"
    clean(guarded)


def test_play_again_makes_the_same_table_with_the_same_bots(live, people):
    table = Table.create(
        live, "old-maid", seats=3, clock=45, think=0.2, options={"preset": "family"}
    )
    seat = table.join("Hal")
    table.add_bot()
    table.add_bot("random")
    table.deal()
    guarded = people(locale="en-US")
    page = table.open(guarded, seat, host=True)
    live.call("POST", f"/v1/games/{table.id}/end", token=table.host)
    expect(page.locator('[data-status="finished"]')).to_have_count(1)
    again = page.get_by_role("button", name=words(page)["play_again"], exact=True)
    expect(again).to_be_focused()
    again.click()
    page.wait_for_url(lambda url: TABLE_URL.search(url) and table.id not in url)
    new_id = TABLE_URL.search(page.url).group(1)
    old, new = table.summary(), live.call("GET", f"/v1/games/{new_id}")
    same = ("type", "options", "max_seats", "turn_seconds", "think_seconds", "visibility")
    assert {key: new[key] for key in same} == {key: old[key] for key in same}
    assert [(s["name"] if not s["bot"] else None, s["bot"]) for s in new["seats"]] == [
        ("Hal", None), (None, "basic"), (None, "random")]  # fmt: skip
    assert new["status"] == "playing", "bots alone: dealt at once"
    expect(page.locator('[data-status="playing"]')).to_have_count(1)
    clean(guarded)


def test_play_again_where_friends_sat_holds_their_seats(live, people):
    table = Table.create(live, "go-fish", seats=3, visibility="public")
    seat = table.join("Ida")
    table.join("Jo")
    table.add_bot()
    table.deal()
    guarded = people(locale="en-US")
    page = table.open(guarded, seat, host=True)
    live.call("POST", f"/v1/games/{table.id}/end", token=table.host)
    page.get_by_role("button", name=words(page)["play_again"], exact=True).click()
    page.wait_for_url(lambda url: TABLE_URL.search(url) and table.id not in url)
    new = live.call("GET", f"/v1/games/{TABLE_URL.search(page.url).group(1)}")
    assert new["visibility"] == "private" and new["status"] == "waiting"
    held = [(s["name"], s["bot"], s["held_until"] is not None) for s in new["seats"]]
    assert held == [("Ida", None, False), ("Jo", None, True), ("Otto", "basic", False)]
    expect(seat_chip(page, 1)).to_contain_text(say(page, "held_for", name="Jo"))
    clean(guarded)


STANDINGS = """() => {
  const table = document.querySelector(".round-end .standings");
  const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
  return [...table.querySelectorAll("tbody tr")].map((tr) => Object.fromEntries(
    [...tr.querySelectorAll("td")].map((td, i) => [heads[i], td.textContent.trim()])));
}"""


def test_a_mystery_date_round_end_shows_the_rounds_won_and_lost(live, people):
    """A Mystery Date round ends with a ``won`` event, not a ``round_over``: the standings
    show the summary as it is after it, not as it was at the deal."""
    table = Table.create(live, "mystery-date", seats=2, think=0.02, seed=7)
    guarded = people(locale="en-US")
    page = table.open(guarded, host=True)
    table.deal(fill=True)  # two bots; the host's page watches them play
    expect(page.locator('[data-status="round_over"]')).to_have_count(1, timeout=60_000)
    say = words(page)
    summary = table.summary()
    assert sorted(seat["rounds_won"] for seat in summary["seats"]) == [0, 1]
    counted = [(str(s["rounds_won"]), str(s["rounds_lost"])) for s in summary["seats"]]

    def shown():
        return [(row[say["won"]], row[say["lost"]]) for row in page.evaluate(STANDINGS)]

    deadline = time.monotonic() + 5  # the page reads the summary again as the round ends
    while shown() != counted and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert shown() == counted
    clean(guarded)
