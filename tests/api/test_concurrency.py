"""Racing requests on PostgreSQL: the row lock makes every change happen once."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from .table import Table

pytestmark = pytest.mark.postgres
RACERS = 8


def race(app, request, times=RACERS):
    """Send ``request(client)`` from many threads at once, each with its own client."""
    with ThreadPoolExecutor(times) as pool:
        return list(pool.map(lambda _: request(app.test_client()), range(times)))


def test_the_same_move_sent_at_once_is_applied_once(app, client):
    table = Table.create(client, players=3, seed=8)
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    last_seq = table.events().json["last_seq"]

    answers = race(
        app,
        lambda c: c.post(
            f"/v1/games/{table.id}/moves",
            json=move,
            headers={"Authorization": f"Bearer {table.tokens[seat]}"},
        ),
    )

    statuses = sorted(answer.status_code for answer in answers)
    assert statuses.count(201) == 1
    assert set(statuses) <= {201, 409}
    new = table.events(after=last_seq).json["events"]
    assert [event["type"] for event in new].count("take") == 1


def test_one_idempotency_key_sent_at_once_gives_one_answer(app, client):
    table = Table.create(client, players=3, seed=8)
    seat = table.turn()
    move = table.view(seat).json["legal_moves"][0]
    headers = {"Authorization": f"Bearer {table.tokens[seat]}", "Idempotency-Key": "once"}

    answers = race(app, lambda c: c.post(f"/v1/games/{table.id}/moves", json=move, headers=headers))

    assert {answer.status_code for answer in answers} == {201}
    assert len({answer.get_data() for answer in answers}) == 1
    events = table.events().json["events"]
    assert [event["type"] for event in events].count("take") == 1


def test_joins_at_once_fill_the_table_exactly(app, client):
    table = Table.create(client, players=0, seats=4, deal=False)

    answers = race(app, lambda c: c.post(f"/v1/games/{table.id}/players", json={"name": "n"}))

    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [201] * 4 + [409] * (RACERS - 4)
    seats = sorted(answer.json["seat"] for answer in answers if answer.status_code == 201)
    assert seats == [0, 1, 2, 3]
