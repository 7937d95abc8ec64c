"""Long-polling the event log: at once when there is news, else wait for it, bounded."""

import threading
import time

from .table import Table


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


def test_wait_is_bounded(client):
    table = Table.create(client, players=2, seed=3)
    answer = client.get(f"/v1/games/{table.id}/events?after=0&wait=31")
    assert answer.status_code == 422
