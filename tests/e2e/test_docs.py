"""Swagger UI at /docs and ReDoc at /redoc in chromium, with no request leaving the
machine: their assets come from the service itself (``service/api/docs.py``)."""

import json

from playwright.sync_api import expect


def test_swagger_ui_renders_authorizes_and_tries_operations(live, guarded, screenshots):
    page = guarded.page
    operations = live.operations()
    page.goto(f"{live.url}/docs")

    # every operation of the spec, and nothing else
    blocks = page.locator(".opblock")
    expect(blocks).to_have_count(len(operations))
    ids = blocks.evaluate_all("blocks => blocks.map(block => block.id)")
    assert sorted(ids) == sorted(f"operations-{tag}-{name}" for tag, name in operations)
    # the page down to the last operation (the schemas below are left out)
    bottom = page.locator(".opblock-tag-section").last.bounding_box()
    clip = {"x": 0, "y": 0, "width": 1280, "height": bottom["y"] + bottom["height"] + 16}
    page.screenshot(path=screenshots / "docs.png", full_page=True, clip=clip)

    # Try it out: POST /v1/games with the prefilled example
    create = page.locator("#operations-games-create_game")
    created = _try_out(create, {})
    assert created["status"] == 201, created
    game = created["body"]
    assert game["type"] == "old-maid" and game["host_token"]
    created["answer"].screenshot(path=screenshots / "docs-create-201.png")

    # two players take a seat (over HTTP); the second one's token goes into Authorize
    live.call("POST", f"/v1/games/{game['id']}/players", {"name": "Ann"})
    seat = live.call("POST", f"/v1/games/{game['id']}/players", {"name": "Bo"})
    assert seat["seat"] == 1
    page.locator(".auth-wrapper .btn.authorize").click()
    dialog = page.locator(".modal-ux")
    dialog.locator("input").fill(seat["token"])
    dialog.locator(".auth-btn-wrapper .btn.authorize").click()
    expect(dialog.get_by_role("button", name="Remove authorization")).to_be_visible()
    expect(dialog.get_by_role("heading", name="Authorized", exact=True)).to_be_visible()
    page.screenshot(path=screenshots / "docs-authorized.png")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)

    # Try it out: the view of that table, as the authorized seat
    view = page.locator("#operations-games-get_view")
    answer = _try_out(view, {"game_id": game["id"]})
    assert answer["status"] == 200, answer
    assert answer["body"]["game_id"] == game["id"]
    assert answer["body"]["seat"] == 1
    assert "Authorization: Bearer" in answer["curl"]
    answer["answer"].screenshot(path=screenshots / "docs-view-200.png")

    assert guarded.outside == []
    assert guarded.errors == []


def test_redoc_renders_every_operation(live, guarded, screenshots):
    page = guarded.page
    operations = live.operations()
    page.goto(f"{live.url}/redoc")
    sections = page.locator('[data-section-id^="tag/"][data-section-id*="/operation/"]')
    expect(sections).to_have_count(len(operations))
    ids = sections.evaluate_all("sections => sections.map(s => s.dataset.sectionId)")
    assert sorted(ids) == sorted(f"tag/{tag}/operation/{name}" for tag, name in operations)
    page.get_by_role("menuitem", name="games").first.click()  # the sidebar: open the games
    page.screenshot(path=screenshots / "redoc.png")
    # the search (a web worker of ReDoc's, from a blob: URL the policy allows)
    page.get_by_placeholder("Search...").fill("deal")
    results = page.locator('[data-role="search:results"] li')
    expect(results.first).to_contain_text("Shuffle and deal")

    # ReDoc's sidebar logo, from a CDN, is a blank picture as the service serves it
    assert (guarded.outside, guarded.blocked, guarded.errors) == ([], [], [])


def _try_out(block, parameters: dict[str, str]) -> dict:
    """Open an operation, "Try it out", fill ``parameters``, "Execute": the status, the
    JSON body and the curl command that Swagger UI shows, and the part of the page that
    shows them (``answer``)."""
    block.locator(".opblock-summary").first.click()
    expect(block.get_by_role("button", name="Cancel")).to_be_visible()  # tryItOutEnabled
    for name, value in parameters.items():
        block.locator(f'tr[data-param-name="{name}"] input').fill(value)
    block.get_by_role("button", name="Execute").click()
    live = block.locator(".live-responses-table .response")
    expect(live).to_have_count(1)
    status = int(live.locator(".response-col_status").inner_text().strip())
    body = live.locator(".response-col_description .highlight-code pre").first.inner_text()
    curl = block.locator(".curl-command").inner_text()
    answer = block.locator(".live-responses-table").locator("xpath=..")
    return {"status": status, "body": json.loads(body), "curl": curl, "answer": answer}
