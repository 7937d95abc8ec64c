"""A whole round of Old Maid played from ``/docs`` as its quick start tells a person to:
every body is one of the page's own examples, and what the test types is only what a
person copies from an answer (a table's id, a token). Then Swagger UI's Schema tabs name
the members of the move and view unions (ReDoc, the union of a view's legal_moves), and
neither documentation page reports an error.

Screenshots: ``docs-quickstart.png``, ``docs-move-examples.png`` and
``docs-schema-names.png`` in ``tests/e2e/screenshots/`` (copies in ``docs/screenshots/``)."""

import json
import re
import time

from playwright.sync_api import expect

ROUND_SECONDS = 300  # a deadline for the whole round, not a measure
POLL_SECONDS = 0.5  # between two looks at the view while the computer player thinks
# The quick start's examples, by the summaries the page shows in its dropdowns
CREATE_EXAMPLE = "Old Maid for two: you and a computer player"
JOIN_EXAMPLE = "Take a seat"
TAKE_EXAMPLE = "Old Maid: take the card at position 0 from seat 1's hand"
TAKE = {"type": "take", "from_seat": 1, "position": 0}
VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", event => window.__violations.push(
    `${event.effectiveDirective} refused ${event.blockedURI}`));
"""


def test_a_round_of_old_maid_from_the_docs_page(live, guarded, screenshots):
    page = guarded.page
    _watch(page)
    page.goto(f"{live.url}/docs")
    expect(page.get_by_role("heading", name="Quick start: a round of Old Maid")).to_be_visible()
    expect(page.locator(".opblock").first).to_be_visible()
    page.screenshot(path=screenshots / "docs-quickstart.png")

    # 1. a table, with the first example (prefilled)
    create = _open(page, "create_game")
    _example(create, CREATE_EXAMPLE)
    status, game = _execute(create)
    assert status == 201, game
    assert game["type"] == "old-maid" and game["max_seats"] == 2, game

    # 2. a seat, with the example "Take a seat" (the first one, prefilled)
    join = _open(page, "join_game")
    _example(join, JOIN_EXAMPLE)
    _path(join, game["id"])
    status, joined = _execute(join)
    assert status == 201, joined
    seat, token = joined["seat"], joined["token"]

    # 3. the host deals, with the operation's example: a computer player takes seat 1
    _authorize(page, game["host_token"])
    deal = _open(page, "deal")
    assert _body(deal) == {"fill_with_bots": "basic"}
    _path(deal, game["id"])
    status, dealt = _execute(deal)
    assert status == 200, dealt
    assert dealt["status"] == "playing", dealt

    # 4 and 5, until the round is over: the view, and when it is this seat's turn, the
    # example move (take the card at position 0 from seat 1's hand)
    _authorize(page, token)
    view = _open(page, "get_view")
    _path(view, game["id"])
    moves = _open(page, "play_move")
    _example(moves, TAKE_EXAMPLE)
    assert _body(moves) == TAKE
    _path(moves, game["id"])
    moves.evaluate("block => block.scrollIntoView()")  # its summary atop the screen
    page.screenshot(path=screenshots / "docs-move-examples.png")

    taken = 0
    give_up = time.monotonic() + ROUND_SECONDS
    while True:
        status, seen = _execute(view)
        assert status == 200, seen
        assert seen["seat"] == seat, seen
        if seen["status"] == "round_over":
            break
        assert time.monotonic() < give_up, f"no round_over within {ROUND_SECONDS} s: {seen}"
        if seat in seen["to_act"] and seen["legal_moves"]:
            assert TAKE in seen["legal_moves"], (
                f"the example {TAKE} is not among this seat's legal_moves: {seen}"
            )
            status, answer = _execute(moves)
            assert status == 201, f"the example move refused: {answer}"
            taken += 1
        else:
            page.wait_for_timeout(POLL_SECONDS * 1000)
    assert taken > 0
    assert seen["status"] == "round_over"

    _no_errors(guarded)


def test_schema_tabs_name_the_members_of_the_unions(live, guarded, screenshots):
    page = guarded.page
    _watch(page)
    page.goto(f"{live.url}/docs")

    # POST /moves: the request body's Schema tab lists the moves by name
    moves = _open(page, "play_move")
    request_body = moves.locator(".opblock-section-request-body")
    request_body.get_by_role("tab", name="Schema").click()
    move = _schema(request_body, "Move")
    _unfold(move.locator(".json-schema-2020-12-keyword--oneOf").first)
    members = move.locator(
        ":scope > .json-schema-2020-12-body > .json-schema-2020-12-keyword--oneOf"
        " > .json-schema-2020-12-keyword__children > li"
    )
    expect(members).to_have_count(13)
    names = [text.split()[-1] for text in _titles(members)]
    assert names[:3] == ["ResumeMove", "TakeMove", "PlayMove"], names
    assert "object" not in names
    for name in ("TakeMove", "PlayMove", "AskMove", "RollMove"):
        expect(request_body.get_by_text(re.compile(rf"^#\d+ {name}$"))).to_be_visible()
    request_body.evaluate("section => section.scrollIntoView()")
    page.screenshot(path=screenshots / "docs-schema-names.png")

    # GET /view: OldMaidView's legal_moves are Old Maid's moves, by name
    view = _open(page, "get_view")
    ok = view.locator('.responses-table tr.response[data-code="200"]')
    ok.get_by_role("tab", name="Schema").click()
    union = _schema(ok, "View")
    _unfold(union.locator(".json-schema-2020-12-keyword--oneOf").first)
    old_maid = _schema(union, "OldMaidView")
    expect(old_maid.locator(".json-schema-2020-12__title").first).to_have_text("#0 OldMaidView")
    _unfold(old_maid)
    legal_moves = _schema(old_maid, "legal_moves")
    _unfold(legal_moves)
    items = legal_moves.locator(".json-schema-2020-12-keyword--items").first
    _unfold(items.locator(".json-schema-2020-12").first)
    _unfold(items.locator(".json-schema-2020-12-keyword--oneOf").first)
    expect(items.get_by_text("#0 ResumeMove", exact=True)).to_be_visible()
    expect(items.get_by_text("#1 TakeMove", exact=True)).to_be_visible()
    expect(items.get_by_text(re.compile(r"^#2 "))).to_have_count(0)  # no other game's move

    # ... and OldMaidLegalMove is that union's name, in the page's list of schemas
    legal_move = _schema(page.locator("section.models"), "OldMaidLegalMove")
    expect(legal_move).to_be_visible()
    _unfold(legal_move)
    _unfold(legal_move.locator(".json-schema-2020-12-keyword--oneOf").first)
    expect(legal_move.get_by_text("#0 ResumeMove", exact=True)).to_be_visible()
    expect(legal_move.get_by_text("#1 TakeMove", exact=True)).to_be_visible()

    _no_errors(guarded)


def test_redoc_names_the_legal_moves_and_reports_no_error(live, guarded):
    page = guarded.page
    _watch(page)
    page.goto(f"{live.url}/redoc")
    expect(page.locator('[data-section-id="tag/games/operation/play_move"]')).to_have_count(1)
    page.get_by_role("menuitem", name="games").first.click()
    # the view's legal_moves by its union's name (Swagger UI calls an array's items
    # "Items" whatever their title; ReDoc shows the title)
    view = page.locator('[data-section-id="tag/games/operation/get_view"]')
    view.get_by_role("button", name="200").first.click()
    expand = page.get_by_role("button", name="expand legal_moves")
    expect(view.locator("tr", has=expand).last).to_contain_text("Array of any (OldMaidLegalMove)")
    page.wait_for_timeout(1000)  # time for the sidebar's logo to be drawn (a blank one)
    _no_errors(guarded)


# Swagger UI, as a person uses it


def _open(page, operation: str):
    """The operation's block, unfolded (ready to send: the page has Try it out on)."""
    block = page.locator(f"#operations-games-{operation}")
    block.locator(".opblock-summary-control").click()
    expect(block.get_by_role("button", name="Execute")).to_be_visible()
    return block


def _example(block, summary: str) -> None:
    """Choose the request body's example by the summary its dropdown shows."""
    chooser = block.locator(".opblock-section-request-body select.examples-select-element")
    chooser.select_option(label=summary)
    expect(chooser.locator("option:checked")).to_have_text(summary)


def _body(block) -> dict:
    """The request body the page will send, as it shows it (never typed here)."""
    return json.loads(block.locator("textarea.body-param__text").input_value())


def _path(block, game_id: str) -> None:
    """Type the table's id into the path parameter (copied from an answer)."""
    field = block.locator('tr[data-param-name="game_id"] input')
    field.fill(game_id)


def _execute(block) -> tuple[int, dict]:
    """Clear the last answer, Execute, and read the new one from the page: its status
    and its body, parsed."""
    clear = block.get_by_role("button", name="Clear")
    if clear.count():
        clear.click()
    answer = block.locator(".live-responses-table tr.response")
    expect(answer).to_have_count(0)
    block.get_by_role("button", name="Execute").click()
    expect(answer).to_have_count(1)
    status = int(answer.locator(".response-col_status").inner_text().strip())
    body = answer.locator(".response-col_description .highlight-code pre").first
    return status, json.loads(body.inner_text())


def _authorize(page, token: str) -> None:
    """Authorize with ``token`` (copied from an answer), logging out of any other."""
    page.locator(".auth-wrapper .btn.authorize").click()
    dialog = page.locator(".modal-ux")
    logout = dialog.get_by_role("button", name="Remove authorization")
    if logout.count():
        logout.click()
    dialog.locator("input").fill(token)
    dialog.locator(".auth-btn-wrapper .btn.authorize").click()
    expect(dialog.get_by_role("heading", name="Authorized", exact=True)).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)


def _schema(within, title: str):
    """The first schema box in ``within`` titled ``title`` (or ``#<n> title``: a member
    of a union), by its own title, not by one of its members'."""
    own = (
        "./div[contains(@class, 'json-schema-2020-12-head')]"
        "//div[contains(@class, 'json-schema-2020-12__title')]"
    )
    named = f"normalize-space() = '{title}' or substring-after(normalize-space(), ' ') = '{title}'"
    return within.locator(f"xpath=.//article[{own}[{named}]]").first


def _unfold(box) -> None:
    """Open a schema box or keyword (its own accordion, not its children's)."""
    accordion = box.locator(":scope > .json-schema-2020-12-head > .json-schema-2020-12-accordion")
    if not accordion.count():
        accordion = box.locator(":scope > .json-schema-2020-12-accordion")
    icon = accordion.locator(".json-schema-2020-12-accordion__icon")
    if "--collapsed" in (icon.get_attribute("class") or ""):
        accordion.click()
    expect(icon).to_have_class(re.compile("--expanded"))


def _titles(members) -> list[str]:
    return members.locator(
        ":scope > .json-schema-2020-12 > .json-schema-2020-12-head .json-schema-2020-12__title"
    ).all_inner_texts()


# What the browser reports


def _watch(page) -> None:
    """Record the page's Content-Security-Policy reports in ``window.__violations``."""
    page.context.add_init_script(VIOLATIONS)


def _no_errors(guarded) -> None:
    """No error in the console, no request for elsewhere, no refusal of the policy."""
    assert guarded.errors == []
    assert guarded.outside == [] and guarded.blocked == []
    assert guarded.page.evaluate("window.__violations") == []
