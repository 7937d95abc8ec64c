"""Who is at the table (``GET /v1/games/{id}/presence``): a person whose page is not open
at the table reads "away" at their seat, and no longer once they open it; a computer
player never does; the spectators are counted ("1 watching")."""

import pytest
from playwright.sync_api import expect

from .tables import Table, seat_chip
from .test_play import AXE, axe, clean, serious, words

# presence is written within a second, a closed stream's seat stays 5 s, pages look every 5 s
SEEN_MS = 15_000


@pytest.fixture(scope="module")
def axe_script() -> str:
    return AXE.read_text()


def test_a_seat_reads_away_until_its_player_opens_the_table(live, people, axe_script):
    anna, bea, onlooker = (people(locale="en-US") for _ in range(3))
    table = Table.create(live, "old-maid", seats=3, think=30, seed="20261207")
    table.join("Anna")
    table.join("Bea")
    table.add_bot()
    table.deal()
    table.open(anna, seat=0)
    said = words(anna.page)
    away = said["away"]
    expect(seat_chip(anna.page, 1)).to_contain_text(away, timeout=SEEN_MS)
    expect(seat_chip(anna.page, 0)).not_to_contain_text(away)  # her own page is here
    expect(seat_chip(anna.page, 2)).not_to_contain_text(away)  # a computer player
    watching = anna.page.locator(".watching")
    expect(watching).to_have_count(0)

    table.open(bea, seat=1)
    expect(seat_chip(anna.page, 1)).not_to_contain_text(away, timeout=SEEN_MS)
    expect(seat_chip(bea.page, 0)).not_to_contain_text(away, timeout=SEEN_MS)
    table.open(onlooker)
    expect(watching).to_have_text(said["watching_n"].replace("{n}", "1"), timeout=SEEN_MS)

    bea.page.goto(f"{live.url}/play")  # Bea leaves the table's page
    expect(seat_chip(anna.page, 1)).to_contain_text(away, timeout=SEEN_MS)
    assert serious(axe(anna.page, axe_script)) == []
    for person in (anna, bea, onlooker):
        clean(person)
