"""A page on another origin (a second local web server, another port) calls the API with
``fetch``: allowed when its origin is in the service's CORS_ORIGINS, refused by the
browser (``fetch`` throws a TypeError) when the service lists no origin, or not that one."""

import re

import pytest

REQUEST_ID = re.compile(r"[0-9a-zA-Z-]{8,}")


def test_a_listed_origin_plays_through_the_api(live, page_origin, guarded, screenshots):
    page = guarded.page
    page.goto(f"{page_origin}/index.html")
    steps = page.evaluate("api => playOneMove(api)", live.url)
    page.screenshot(path=screenshots / "cors-allowed.png", full_page=True)

    answers = [steps[name] for name in ("catalog", "create", "deal", "summary", "view")]
    answers += [*steps["seats"], steps["move"], steps["retry"]]
    assert all("error" not in answer for answer in answers), answers
    assert all(REQUEST_ID.fullmatch(answer["requestId"] or "") for answer in answers)

    assert steps["catalog"]["status"] == 200 and steps["catalog"]["body"]["games"]
    create = steps["create"]
    assert create["status"] == 201
    assert create["location"].endswith(f"/v1/games/{create['body']['id']}")
    assert [seat["status"] for seat in steps["seats"]] == [201, 201]
    assert steps["deal"]["status"] == 200, steps["deal"]
    summary = steps["summary"]
    assert summary["status"] == 200 and summary["body"]["status"] == "playing"
    assert summary["etag"] == f'W/"{summary["body"]["version"]}"'
    view = steps["view"]
    assert view["status"] == 200 and view["body"]["seat"] == summary["body"]["to_act"][0]
    assert view["body"]["legal_moves"]
    # the move, sent with Idempotency-Key and If-Match (the summary's ETag), and again
    move, retry = steps["move"], steps["retry"]
    assert move["status"] == 201, move
    assert move["body"]["view"]["version"] > summary["body"]["version"]
    assert (retry["status"], retry["body"]) == (move["status"], move["body"])
    assert guarded.outside == []


@pytest.mark.parametrize("refusing", ["no_origins", "other_origin"])
def test_the_browser_refuses_an_origin_not_listed(
    refusing, live, closed, page_origin, stranger_origin, guarded, screenshots
):
    """``no_origins``: the service runs without CORS_ORIGINS (the default);
    ``other_origin``: it lists an origin, but not the page's."""
    page = guarded.page
    if refusing == "no_origins":
        origin, api = page_origin, closed.url
    else:
        origin, api = stranger_origin, live.url
    page.goto(f"{origin}/index.html")
    answers = page.evaluate("api => tryCalls(api)", api)
    page.screenshot(path=screenshots / f"cors-refused-{refusing}.png", full_page=True)

    for answer in answers.values():
        assert answer.get("error") == "TypeError", answer
    # the service itself answers anyone who is not a browser
    assert closed.call("GET", "/v1/catalog")["games"]
    assert guarded.outside == []
