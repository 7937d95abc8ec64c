"""Play now from the top of the lobby: a game, its players, your name and "people only"
make a ticket (``POST /v1/quickplay``), the page waits in the queue (counting down to the
computer players, with Cancel), long-polls the ticket, and once seated goes to the table
with the ticket's token as its seat's. Two people who press it sit at one table."""

import json
import re
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from ..push.server import serve
from .conftest import Live
from .tables import seat_chip
from .test_play import AXE, axe, clean, filled, pattern, serious, words

FILL_S = 4  # the service's QUICKPLAY_FILL_SECONDS here: computer players come this soon
SOON_MS = 10_000
TABLE = re.compile(r"/play/table/([0-9a-f-]{36})$")


@pytest.fixture(scope="module")
def quick(database_url, page_origin):
    """The service with computer players filling Play now's tables after ``FILL_S``."""
    env = {"CORS_ORIGINS": page_origin, "QUICKPLAY_FILL_SECONDS": str(FILL_S)}
    with serve(database_url, workers=1, env=env) as server:
        yield Live(f"http://{server.host}:{server.port}")


@pytest.fixture(scope="module")
def axe_script() -> str:
    return AXE.read_text()


def title(live, slug: str) -> str:
    catalogue = live.call("GET", "/v1/catalog")["games"]
    return next(entry["text"]["en"]["title"] for entry in catalogue if entry["slug"] == slug)


def press_play_now(page, said, slug: str, players: int, name: str, people_only: bool) -> None:
    form = page.locator('[data-action="play-now"]')
    form.locator('[data-choice="game"]').select_option(slug)
    form.locator('[data-choice="seats"]').select_option(str(players))
    form.get_by_label(said["your_name"], exact=True).fill(name)
    form.get_by_label(said["play_now_people_only"]).set_checked(people_only)
    form.get_by_role("button", name=said["play_now"]).click()


def seated_where(live, page, name: str) -> int:
    """The page's seat at its table, as the table says and the page's token plays it."""
    game_id = TABLE.search(page.url).group(1)
    seats = live.call("GET", f"/v1/games/{game_id}")["seats"]
    seat = next(s["seat"] for s in seats if s["name"] == name)
    expect(page.locator(f'.seat.own[data-seat="{seat}"]')).to_contain_text(name)
    kept = json.loads(page.evaluate(f"localStorage.getItem('card-table:{game_id}')"))
    view = live.call("GET", f"/v1/games/{game_id}/view", token=kept["token"])
    assert (kept["seat"], view["seat"]) == (seat, seat)
    return seat


def test_two_people_who_press_play_now_sit_down_at_one_table(quick, people, axe_script):
    anna, bea = people(locale="en-US"), people(locale="en-US")
    for person in (anna, bea):
        person.page.goto(f"{quick.url}/play")
    said = words(anna.page)

    press_play_now(anna.page, said, "old-maid", 2, "Anna", people_only=True)
    queue = anna.page.locator(".queue")
    looking = filled(said["play_now_looking"], game=title(quick, "old-maid"), n="2")
    expect(queue).to_contain_text(looking)
    expect(queue).to_contain_text(said["play_now_people_wait"])
    expect(queue.get_by_role("button", name=said["cancel"])).to_be_enabled()
    assert serious(axe(anna.page, axe_script)) == []

    press_play_now(bea.page, said, "old-maid", 2, "Bea", people_only=True)
    for person in (anna, bea):
        expect(person.page).to_have_url(TABLE, timeout=SOON_MS)
    assert anna.page.url == bea.page.url, "one table"
    seats = {seated_where(quick, anna.page, "Anna"), seated_where(quick, bea.page, "Bea")}
    assert seats == {0, 1}
    game_id = TABLE.search(anna.page.url).group(1)
    summary = quick.call("GET", f"/v1/games/{game_id}")
    assert [s["bot"] for s in summary["seats"]] == [None, None], "people only"
    clean(anna)
    clean(bea)


def test_computer_players_fill_the_table_when_the_countdown_ends(quick, people):
    dana = people(locale="en-US")
    dana.page.goto(f"{quick.url}/play")
    said = words(dana.page)

    press_play_now(dana.page, said, "crazy-eights", 3, "Dana", people_only=False)
    timer = dana.page.locator(".queue [role=timer]")
    expect(timer).to_have_text(pattern(said["play_now_bots_in"], n=r"[1-4]"))
    first = int(re.search(r"\d+", timer.inner_text()).group())
    expect(timer).not_to_have_text(re.compile(rf"\b{first}\b"))  # it counts down
    expect(dana.page).to_have_url(TABLE, timeout=FILL_S * 1000 + SOON_MS)
    seat = seated_where(quick, dana.page, "Dana")
    game_id = TABLE.search(dana.page.url).group(1)
    bots = [s["seat"] for s in quick.call("GET", f"/v1/games/{game_id}")["seats"] if s["bot"]]
    assert sorted([*bots, seat]) == [0, 1, 2]
    for bot in bots:
        expect(seat_chip(dana.page, bot)).to_have_class(re.compile(r"\bbot\b"))
    clean(dana)


def test_cancel_leaves_the_queue(quick, people):
    eve = people(locale="en-US")
    eve.page.goto(f"{quick.url}/play")
    said = words(eve.page)
    posted = lambda r: r.url.endswith("/v1/quickplay") and r.request.method == "POST"  # noqa: E731
    with eve.page.expect_response(posted) as made:
        press_play_now(eve.page, said, "go-fish", 2, "Eve", people_only=True)
    ticket = made.value.json()

    eve.page.locator(".queue").get_by_role("button", name=said["cancel"]).click()
    form = eve.page.locator('[data-action="play-now"]')
    expect(form.get_by_role("button", name=said["play_now"])).to_be_enabled()
    request = urllib.request.Request(
        f"{quick.url}/v1/quickplay/{ticket['id']}",
        headers={"Authorization": f"Bearer {ticket['token']}"},
    )
    with pytest.raises(urllib.error.HTTPError) as gone:
        urllib.request.urlopen(request, timeout=10)
    assert gone.value.code == 404
    assert eve.page.url.endswith("/play")
    clean(eve, refused=[404])
