"""Friends play again together: at a finished match one presses "Play again" and every
seated player's page goes to the new table by itself (``POST /v1/games/{id}/rematch``
with its own token, on the finished game's ``rematch`` event), each in the seat it had,
with no click and no reload; a spectator's page offers the new table to watch. A player
whose page was closed finds the seat held for them ("waiting for Bea…") and the old
table's page names who started the new match."""

import json
import re
import time

import pytest
from playwright.sync_api import expect

from .tables import Table, seat_chip
from .test_play import AXE, axe, clean, filled, serious, words

SOON_MS = 10_000
TOGETHER_S = 1.0  # from the click on one page to the other page seated at the new table


@pytest.fixture(scope="module")
def axe_script() -> str:
    return AXE.read_text()


def finished_table(live) -> Table:
    """Anna (seat 0, the host) and Bea (seat 1) at a private Old Maid table, dealt and
    ended by the host: a finished match."""
    table = Table.create(live, "old-maid", seats=2, think=0, seed="20261205")
    table.join("Anna")
    table.join("Bea")
    table.deal()
    live.call("POST", f"/v1/games/{table.id}/end", {}, table.host)
    return table


def own_chip(page, seat: int):
    """The seat the page's view says is its own (the chip marked as yours)."""
    return page.locator(f'.seat.own[data-seat="{seat}"]')


def test_seated_pages_go_to_the_new_table_together_when_one_plays_again(live, people, axe_script):
    anna, bea, onlooker = (people(locale="en-US") for _ in range(3))
    table = finished_table(live)
    table.open(anna, seat=0, host=True)
    table.open(bea, seat=1)
    table.open(onlooker)
    said = words(anna.page)
    for person in (anna, bea, onlooker):
        expect(person.page.locator(".round-end")).to_contain_text(said["match_over"])
        expect(person.page.locator(".link.live")).to_have_count(1)  # following the stream
    expect(bea.page.get_by_role("button", name=said["play_again"])).to_be_enabled()
    bea.page.evaluate("() => { window.notReloaded = true; }")
    bea_went = []
    bea.page.on("framenavigated", lambda frame: frame.parent_frame or bea_went.append(frame.url))

    clicked = time.monotonic()
    anna.page.get_by_role("button", name=said["play_again"]).click()
    new_table = re.compile(r"/play/table/(?!" + table.id + r")[0-9a-f-]{36}$")
    for person, seat, name in ((bea, 1, "Bea"), (anna, 0, "Anna")):
        left_ms = max(1, (clicked + TOGETHER_S - time.monotonic()) * 1000)
        expect(person.page).to_have_url(new_table, timeout=left_ms)
        left_ms = max(1, (clicked + TOGETHER_S - time.monotonic()) * 1000)
        expect(own_chip(person.page, seat)).to_contain_text(name, timeout=left_ms)
    took = time.monotonic() - clicked
    assert took <= TOGETHER_S, f"both seated at the new table {took:.2f} s after the click"

    new_id = anna.page.url.rsplit("/", 1)[1]
    assert bea.page.url.endswith(new_id)
    assert bea_went == [bea.page.url], "Bea's page went once, to the new table, by itself"
    assert bea.page.evaluate("() => window.notReloaded === true"), "and was not loaded again"
    assert live.call("GET", f"/v1/games/{table.id}")["next_game_id"] == new_id
    new = live.call("GET", f"/v1/games/{new_id}")
    assert (new["status"], new["visibility"], new["max_seats"]) == ("waiting", "private", 2)
    assert [(s["seat"], s["name"], s["held_until"]) for s in new["seats"]] == [
        (0, "Anna", None),
        (1, "Bea", None),
    ]
    kept = json.loads(bea.page.evaluate(f"localStorage.getItem('card-table:{new_id}')"))
    seen = live.call("GET", f"/v1/games/{new_id}/view", token=kept["token"])
    assert (kept["seat"], seen["seat"]) == (1, 1), "Bea keeps her seat's token there"

    # the onlooker is offered the new table to watch
    watch = onlooker.page.get_by_role("link", name=said["rematch_watch"])
    expect(watch).to_have_attribute("href", f"/play/table/{new_id}", timeout=SOON_MS)
    assert onlooker.page.url.endswith(table.id), "a spectator's page stays"
    assert serious(axe(onlooker.page, axe_script)) == []

    # the host deals with the page's own button: both play the new match
    anna.page.get_by_role("button", name=said["deal"], exact=True).click()
    for person in (anna, bea):
        expect(person.page.locator('[data-status="playing"]')).to_have_count(1, timeout=SOON_MS)
    for person in (anna, bea, onlooker):
        clean(person)


def test_a_page_that_long_polls_follows_the_rematch_too(live, people):
    anna, bea = people(locale="en-US"), people(locale="en-US")
    table = finished_table(live)
    # Bea's browser cannot read streams: her page long-polls the finished game's log
    problem = {"code": "unavailable", "title": "Service unavailable"}
    bea.page.context.route(
        "**/stream?*", lambda route: route.fulfill(status=503, json=problem, headers={})
    )
    # a long poll waits; the finished table's shuffle check reads the log without waiting
    with bea.page.expect_request(re.compile(r"/events\?after=\d+&wait="), timeout=SOON_MS * 2):
        table.open(bea, seat=1)
    table.open(anna, seat=0, host=True)
    said = words(anna.page)
    expect(bea.page.locator(".round-end")).to_contain_text(said["match_over"])

    anna.page.get_by_role("button", name=said["play_again"]).click()
    expect(anna.page).to_have_url(re.compile(r"/play/table/(?!" + table.id + ")"), timeout=SOON_MS)
    new_id = anna.page.url.rsplit("/", 1)[1]
    expect(bea.page).to_have_url(re.compile(f"/play/table/{new_id}$"), timeout=SOON_MS)
    expect(own_chip(bea.page, 1)).to_contain_text("Bea", timeout=SOON_MS)
    clean(anna)
    clean(bea, refused=[503])


def test_a_seat_is_held_for_a_player_who_was_away_and_the_old_table_names_the_starter(
    live, people, axe_script
):
    anna, bea = people(locale="en-US"), people(locale="en-US")
    table = Table.create(live, "old-maid", seats=2, think=0, seed="20261205")
    table.join("Anna")
    table.join("Bea")
    table.deal()
    play_a_round(live, table)
    table.open(anna, seat=0, host=True)
    said = words(anna.page)

    live.call("POST", f"/v1/games/{table.id}/end", {}, table.host)  # the match is over
    seats = live.call("GET", f"/v1/games/{table.id}")["seats"]
    best = min(seats, key=lambda seat: seat["rounds_lost"])  # Old Maid: the other lost
    assert [seat["rounds_lost"] for seat in seats].count(0) == 1
    won, lost = str(best["rounds_won"]), str(best["rounds_lost"])
    winner = filled(said["match_won_rounds"], seats=best["name"], won=won, lost=lost)
    panel = anna.page.locator(".round-end")
    expect(panel).to_contain_text(said["match_over"], timeout=SOON_MS)
    expect(panel).to_contain_text(said["host_ended"])
    expect(panel).to_contain_text(winner)

    anna.page.get_by_role("button", name=said["play_again"]).click()
    expect(anna.page).to_have_url(re.compile(r"/play/table/(?!" + table.id + ")"), timeout=SOON_MS)
    new_id = anna.page.url.rsplit("/", 1)[1]
    held = filled(said["held_for"], name="Bea")
    expect(seat_chip(anna.page, 1)).to_contain_text(held, timeout=SOON_MS)
    expect(seat_chip(anna.page, 1)).to_have_class(re.compile(r"\bheld\b"))
    assert serious(axe(anna.page, axe_script)) == []

    # Bea opens the finished table later: it names who started, and she joins by a click
    table.open(bea, seat=1)
    started = bea.page.locator(".rematch")
    expect(started).to_contain_text(filled(said["rematch_started"], seat="Anna"), timeout=SOON_MS)
    assert bea.page.url.endswith(table.id), "a page opened after the rematch stays"
    started.get_by_role("button", name=said["rematch_join"]).click()
    expect(bea.page).to_have_url(re.compile(f"/play/table/{new_id}$"), timeout=SOON_MS)
    expect(own_chip(bea.page, 1)).to_contain_text("Bea", timeout=SOON_MS)
    expect(seat_chip(anna.page, 1)).to_contain_text("Bea", timeout=SOON_MS)
    expect(seat_chip(anna.page, 1)).not_to_contain_text(held)
    expect(seat_chip(anna.page, 1)).not_to_have_class(re.compile(r"\bheld\b"))
    clean(anna)
    clean(bea)


def play_a_round(live, table: Table) -> None:
    """The seats to act send their first legal move until the round is over."""
    for _ in range(500):
        summary = table.summary()
        if summary["status"] != "playing":
            assert summary["status"] == "round_over"
            return
        seat = summary["turn"]
        move = table.view(seat)["legal_moves"][0]
        live.call("POST", f"/v1/games/{table.id}/moves", move, table.tokens[seat])
    raise AssertionError("the round never ended")
