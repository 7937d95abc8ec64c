"""A refusal never breaks the table page: it says what went wrong (a code it has no
words for by the problem's own title), reads the table again (summary and view) and
goes on with live buttons; a move after it is made as any other. A refusal goes once
the table moves on, and the loser of a race to deal the next round is not told off."""

import json
import re

from playwright.sync_api import expect

from .tables import Table, enabled_moves, say, wait_for_turn
from .test_play import MOVES, VIEW, clean

TITLE = "Somebody else was quicker"
DEAL = re.compile(r"/v1/games/[0-9a-f-]{36}/deal$")
STREAM = re.compile(r"/v1/games/[0-9a-f-]{36}/stream\?")


def refuse(route):
    problem = {"type": "about:blank", "title": TITLE, "status": 409,
               "code": "never_heard_of_it", "instance": "test"}  # fmt: skip
    route.fulfill(status=409, content_type="application/problem+json", body=json.dumps(problem))


def test_a_refusal_with_an_unknown_code_is_said_and_play_goes_on(live, people):
    table = Table.create(live, "crazy-eights", seats=2, options={"target_score": None})
    seat = table.join("Fay")
    table.deal(fill=True)  # the free seat: a basic bot
    guarded = people(locale="en-US")
    page = table.open(guarded, seat)
    wait_for_turn(page)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(f"{request.method} {request.url}"))

    page.route(MOVES, refuse)
    move = enabled_moves(page).first.get_attribute("data-move")
    enabled_moves(page).first.click()
    expect(page.get_by_role("alert")).to_contain_text(TITLE)
    # the table read again, summary and view, and its buttons live again
    summary = re.compile(rf"GET .*/v1/games/{table.id}$")
    view = re.compile(rf"GET .*/v1/games/{table.id}/view$")
    page.wait_for_timeout(500)
    after = asked[asked.index(next(a for a in asked if "/moves" in a)) :]
    assert any(summary.match(a) for a in after) and any(view.match(a) for a in after), after
    expect(page.locator('[data-status="playing"]')).to_have_count(1)
    expect(page.locator(f"[data-move='{move}']:enabled")).to_have_count(1)
    assert page.locator("[data-move]:disabled").count() == 0

    page.unroute(MOVES, refuse)
    with page.expect_response(MOVES) as answer:
        page.locator(f"[data-move='{move}']:enabled").click()
    assert answer.value.status == 201
    expect(page.get_by_role("alert")).to_have_count(0)
    clean(guarded, refused=[409])


def test_a_log_that_ends_before_the_page_read_is_read_again_from_scratch(live, people):
    """As after a database restored from a backup: the page has seen an event past the
    log's end (here a stream that brings one, then closes). Resumed from it, the stream
    is refused 409 after_past_end, and the page reads the table again and follows it."""
    table = Table.create(live, "crazy-eights", seats=2, options={"target_score": None})
    seat = table.join("Ida")
    table.deal(fill=True)
    guarded = people(locale="en-US")
    page = guarded.page
    ahead = {"seq": 10_000, "round": 1, "type": "reaction", "seat": seat,
             "at": "2026-01-01T00:00:00Z", "data": {}}  # fmt: skip
    future = [f"retry: 100\n\nid: 10000\ndata: {json.dumps(ahead)}\n\n"]

    def from_the_future(route):
        if future:
            route.fulfill(status=200, content_type="text/event-stream", body=future.pop())
        else:
            route.continue_()

    streams: list[tuple[str | None, int]] = []
    page.route(STREAM, from_the_future)
    page.on(
        "response",
        lambda r: (
            "/stream" in r.url
            and streams.append((r.request.headers.get("last-event-id"), r.status))
        ),
    )
    table.open(guarded, seat)
    for _ in range(100):  # 10 s at most: a bound, not a measure
        if len(streams) >= 3:
            break
        page.wait_for_timeout(100)
    assert streams[:3] == [("0", 200), ("10000", 409), ("0", 200)], streams
    wait_for_turn(page)
    expect(page.locator(".link.live")).to_have_count(1)
    clean(guarded, refused=[409])


def test_a_table_that_fails_to_draw_is_read_again_and_comes_back(live, people):
    """A view the page cannot draw (here, one without its moves) shows a notice instead
    of a frozen table, and the table is read again until it draws."""
    table = Table.create(live, "crazy-eights", seats=2, options={"target_score": None})
    seat = table.join("Gil")
    table.deal(fill=True)  # the free seat: a basic bot
    guarded = people(locale="en-US")
    page = guarded.page

    def broken(route):
        answer = route.fetch()
        view = {**answer.json(), "legal_moves": None, "version": 10**9}
        route.fulfill(response=answer, body=json.dumps(view))

    page.route(VIEW, broken)
    table.open(guarded, seat, drawn=False)
    expect(page.get_by_role("alert")).to_be_visible()
    page.unroute(VIEW, broken)
    wait_for_turn(page)
    expect(page.locator('[data-status="playing"]')).to_have_count(1)
    failed = [error for error in guarded.errors if "the table failed to draw" in error]
    assert failed, "the page says in the console why it read the table again"
    guarded.errors[:] = [error for error in guarded.errors if error not in failed]
    clean(guarded)


def test_a_refusal_goes_once_the_table_moves_on(live, people):
    table = Table.create(live, "crazy-eights", seats=2, options={"target_score": None})
    seat = table.join("Hugo")
    table.deal(fill=True)  # the free seat: a basic bot
    guarded = people(locale="en-US")
    page = table.open(guarded, seat)
    wait_for_turn(page)
    page.route(MOVES, refuse)
    enabled_moves(page).first.click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(TITLE)
    page.unroute(MOVES, refuse)
    page.wait_for_timeout(500)
    expect(alert).to_contain_text(TITLE)  # the table read again after it is the same table

    move = table.view(seat)["legal_moves"][0]  # Hugo's move from his other device
    live.call("POST", f"/v1/games/{table.id}/moves", move, table.tokens[seat])
    expect(alert).to_have_count(0)
    clean(guarded, refused=[409])


def test_the_loser_of_a_race_to_deal_sees_no_refusal_in_the_next_round(live, people):
    table = Table.create(live, "old-maid", seats=2, think=0.05)
    guarded = people(locale="en-US")
    page = table.open(guarded, host=True)
    table.deal(fill=True)  # two bots; the host's page watches
    deal_next = page.get_by_role("button", name=say(page, "deal_next"), exact=True)
    expect(deal_next).to_be_enabled(timeout=60_000)

    def dealt_first_by_another(route):
        table.deal()  # the other seat's press arrives first
        route.continue_()

    page.route(DEAL, dealt_first_by_another)
    with page.expect_response(DEAL) as answer:
        deal_next.click()
    assert answer.value.status == 409, "the page's deal came second"
    expect(page.locator(".table-head .status")).to_contain_text(say(page, "round_n", n=2))
    expect(page.get_by_role("alert")).to_have_count(0)
    clean(guarded, refused=[409])
