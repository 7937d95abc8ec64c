"""Long-polling the event log: at once when there is news, else wait for it, bounded."""

import threading
import time

import pytest

from service.api.context import ARRIVED

from .table import Table, bearer


def test_wait_returns_at_once_when_there_are_newer_events(client):
    table = Table.create(client, players=2, seed=3)
    start = time.monotonic()
    page = client.get(f"/v1/games/{table.id}/events?after=0&wait=10").json
    assert page["events"] and time.monotonic() - start < 2


def test_wait_gives_up_with_an_empty_page(client):
    table = Table.create(client, players=2, seed=3)
    last = table.events().json["last_seq"]
    start = time.monotonic()
    page = client.get(f"/v1/games/{table.id}/events?after={last}&wait=0.6").json
    assert page == {"events": [], "last_seq": last}
    assert 0.5 <= time.monotonic() - start < 5


def test_wait_wakes_up_when_a_move_is_made(app, client):
    table = Table.create(client, players=2, seed=3)
    last = table.events().json["last_seq"]
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]

    def move_soon():
        time.sleep(0.5)
        app.test_client().post(
            f"/v1/games/{table.id}/moves",
            json=move,
            headers={"Authorization": f"Bearer {table.tokens[seat]}"},
        )

    mover = threading.Thread(target=move_soon)
    start = time.monotonic()
    mover.start()
    page = client.get(f"/v1/games/{table.id}/events?after={last}&wait=20").json
    mover.join()
    assert page["events"] and page["events"][0]["type"] == "take"
    assert time.monotonic() - start < 10, "woken by the move, not by the time limit"


@pytest.mark.parametrize("waited, wait", [(10, 10), (3, 6)])
def test_a_long_poll_admitted_late_answers_within_its_wait_of_its_arrival(client, waited, wait):
    """Stamped as the served worker stamps a request that waited ``waited`` seconds for
    admission: it waits only what is left of its ``wait``, at once if nothing is."""
    table = Table.create(client, players=2, seed=3)
    last = table.events().json["last_seq"]
    start = time.monotonic()
    page = client.get(
        f"/v1/games/{table.id}/events?after={last}&wait={wait}",
        environ_overrides={ARRIVED: start - waited},
    ).json
    took = time.monotonic() - start
    assert page == {"events": [], "last_seq": last}
    left = wait - waited
    assert left - 0.1 <= took < left + 2, f"{took:.1f} s after a wait of {waited} s already"


def test_wait_is_bounded(client):
    table = Table.create(client, players=2, seed=3)
    answer = client.get(f"/v1/games/{table.id}/events?after=0&wait=31")
    assert answer.status_code == 422


@pytest.mark.parametrize("seat", [1, None])
def test_a_page_that_reaches_the_last_event_carries_the_view_when_asked(client, seat):
    table = Table.create(client, players=3, seed=23)
    headers = bearer(table.tokens[seat]) if seat is not None else {}
    for _ in range(4):
        before = table.events().json["last_seq"]
        table.play_one()
        url = f"/v1/games/{table.id}/events?after={before}&wait=5&view=1"
        page = client.get(url, headers=headers).json
        assert page["events"][-1]["seq"] == page["last_seq"]
        assert page["view"] == table.view(seat).json
        assert "view" not in client.get(url.replace("&view=1", ""), headers=headers).json


def test_a_page_short_of_the_last_event_carries_no_view(client):
    table = Table.create(client, players=3, seed=24)
    table.play_one()
    page = client.get(f"/v1/games/{table.id}/events?limit=1&view=true").json
    assert len(page["events"]) == 1 < page["last_seq"]
    assert "view" not in page
