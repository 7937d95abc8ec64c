"""Friends play again together: at a finished match the host presses "Play again", the
friend's page joins the same new table (``POST /v1/games/{id}/rematch``), and both sit
at it within a few seconds; the old table's page names who started it and who won."""

import re

from playwright.sync_api import expect

from .tables import Table, seat_chip
from .test_play import clean, filled, words

SOON_MS = 10_000


def test_friends_who_finished_a_match_play_again_at_one_table(live, people):
    host, friend = people(locale="en-US"), people(locale="en-US")
    table = Table.create(live, "old-maid", seats=2, think=0, seed="20261205")
    table.join("Anna")
    table.join("Bea")
    table.deal()
    play_a_round(live, table)
    table.open(host, seat=0, host=True)
    table.open(friend, seat=1)
    said = words(host.page)

    live.call("POST", f"/v1/games/{table.id}/end", {}, table.host)  # the match is over
    seats = live.call("GET", f"/v1/games/{table.id}")["seats"]
    best = min(seats, key=lambda seat: seat["rounds_lost"])  # Old Maid: the other lost
    assert [seat["rounds_lost"] for seat in seats].count(0) == 1
    won, lost = str(best["rounds_won"]), str(best["rounds_lost"])
    winner = filled(said["match_won_rounds"], seats=best["name"], won=won, lost=lost)
    for person in (host, friend):
        panel = person.page.locator(".round-end")
        expect(panel).to_contain_text(said["match_over"], timeout=SOON_MS)
        expect(panel).to_contain_text(said["host_ended"])
        expect(panel).to_contain_text(winner)
        expect(panel.get_by_role("button", name=said["play_again"])).to_be_enabled()

    host.page.get_by_role("button", name=said["play_again"]).click()
    expect(host.page).to_have_url(re.compile(r"/play/table/(?!" + table.id + ")"), timeout=SOON_MS)
    new_id = host.page.url.rsplit("/", 1)[1]
    assert live.call("GET", f"/v1/games/{table.id}")["next_game_id"] == new_id

    friend.page.get_by_role("button", name=said["play_again"]).click()
    expect(friend.page).to_have_url(re.compile(f"/play/table/{new_id}$"), timeout=SOON_MS)
    for person in (host, friend):
        expect(seat_chip(person.page, 0)).to_contain_text("Anna", timeout=SOON_MS)
        expect(seat_chip(person.page, 1)).to_contain_text("Bea", timeout=SOON_MS)
    new = live.call("GET", f"/v1/games/{new_id}")
    assert (new["status"], new["visibility"], new["max_seats"]) == ("waiting", "private", 2)

    # the host deals with the page's own button: both play the new match
    host.page.get_by_role("button", name=said["deal"], exact=True).click()
    for person in (host, friend):
        expect(person.page.locator('[data-status="playing"]')).to_have_count(1, timeout=SOON_MS)

    # the finished table's page, opened again, says who started the new match
    table.open(friend, seat=1)
    started = friend.page.locator(".rematch")
    expect(started).to_contain_text(filled(said["rematch_started"], seat="Anna"), timeout=SOON_MS)
    expect(started.get_by_role("button", name=said["rematch_join"])).to_be_visible()
    clean(host)
    clean(friend)


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
