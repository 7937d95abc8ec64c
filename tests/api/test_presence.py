"""Who is at a table (``GET /v1/games/{id}/presence``): the seats with a live stream open
on any instance, and the spectators; each process counts its own streams and keeps them
in the database, where every instance reads them."""

import time
import uuid
from datetime import timedelta

import pytest
import requests

from service.store import presence
from service.store.presence import Presence
from tests.push.server import serve

from .table import Table
from .test_errors import assert_problem


def at_table(client, table):
    answer = client.get(f"/v1/games/{table.id}/presence")
    assert answer.status_code == 200, answer.json
    here = [seat["seat"] for seat in answer.json["seats"] if seat["here"]]
    return here, answer.json["spectators"]


@pytest.fixture
def two_instances(app):
    engine = app.extensions["db_engine"]
    return Presence(engine, writer=False), Presence(engine, writer=False)


def test_seats_with_a_stream_open_on_any_instance_are_here(client, two_instances):
    table = Table.create(client, players=3, seats=3)
    game = uuid.UUID(table.id)
    one, other = two_instances
    assert at_table(client, table) == ([], 0)

    one.opened(game, 0)
    other.opened(game, 2)
    other.opened(game, None)
    one.opened(game, None)
    one.flush()
    other.flush()

    assert at_table(client, table) == ([0, 2], 2)


def test_a_seat_stays_here_a_moment_after_its_stream_closed(client, app, monkeypatch):
    table = Table.create(client, players=2, seats=2)
    game = uuid.UUID(table.id)
    instance = Presence(app.extensions["db_engine"], writer=False)
    moment = [1000.0]
    monkeypatch.setattr(presence.time, "monotonic", lambda: moment[0])
    instance.opened(game, 1)
    instance.flush()

    instance.closed(game, 1)
    instance.flush()
    assert at_table(client, table) == ([1], 0), "a reconnection does not flicker it away"

    moment[0] += presence.GRACE.total_seconds()
    instance.flush()
    assert at_table(client, table) == ([], 0)


def test_an_instance_that_stopped_writing_counts_no_longer(client, app, still_clock):
    table = Table.create(client, players=2, seats=2)
    instance = Presence(app.extensions["db_engine"], writer=False)
    instance.opened(uuid.UUID(table.id), 0)
    instance.flush()

    still_clock[0] += presence.STALE + timedelta(seconds=1)

    assert at_table(client, table) == ([], 0)


def test_an_instance_dates_its_rows_anew_while_its_streams_stay_open(
    client, app, still_clock, monkeypatch
):
    tables = [Table.create(client, players=2, seats=2) for _ in range(2)]
    moment = [1000.0]
    monkeypatch.setattr(presence.time, "monotonic", lambda: moment[0])
    instance = Presence(app.extensions["db_engine"], writer=False)
    for table in tables:
        instance.opened(uuid.UUID(table.id), 1)
    instance.flush()

    for _ in range(4):  # past STALE, a refresh at a time
        still_clock[0] += presence.REFRESH
        moment[0] += presence.REFRESH.total_seconds()
        instance.flush()

    assert [at_table(client, table) for table in tables] == [([1], 0)] * 2


def test_a_refresh_that_failed_is_tried_again_at_the_next_flush(
    client, app, still_clock, monkeypatch
):
    """Not a refresh later: rows dated every REFRESH would otherwise go stale after two
    failed ones, with their streams open."""
    table = Table.create(client, players=2, seats=2)
    moment = [1000.0]
    monkeypatch.setattr(presence.time, "monotonic", lambda: moment[0])
    instance = Presence(app.extensions["db_engine"], writer=False)
    instance.opened(uuid.UUID(table.id), 1)
    instance.flush()
    refresh, tries = Presence._refresh, []

    def failing_once(self, connection, game_ids):
        tries.append(game_ids)
        if len(tries) == 1:
            raise ConnectionError("the database is away")
        return refresh(self, connection, game_ids)

    monkeypatch.setattr(Presence, "_refresh", failing_once)
    moment[0] += presence.REFRESH.total_seconds()
    with pytest.raises(ConnectionError):
        instance.flush()
    moment[0] += presence.FLUSH_SECONDS
    instance.flush()

    assert len(tries) == 2


def test_a_row_gone_missing_is_written_again_after_a_refresh(client, app, still_clock, monkeypatch):
    table = Table.create(client, players=2, seats=2)
    engine = app.extensions["db_engine"]
    moment = [1000.0]
    monkeypatch.setattr(presence.time, "monotonic", lambda: moment[0])
    instance = Presence(engine, writer=False)
    instance.opened(uuid.UUID(table.id), 0)
    instance.flush()
    with engine.begin() as connection:  # as retention does to a stale row
        connection.execute(presence.delete(presence.ROWS))

    moment[0] += presence.REFRESH.total_seconds()
    instance.flush()  # finds the row missing
    moment[0] += presence.FLUSH_SECONDS
    instance.flush()

    assert at_table(client, table) == ([0], 0)


def test_an_unknown_game_is_not_found(client):
    answer = client.get(f"/v1/games/{uuid.uuid4()}/presence")
    assert_problem(answer, 404, "not_found")


@pytest.mark.postgres
def test_a_live_stream_on_a_served_instance_makes_its_seat_here(database_url, client):
    table = Table.create(client, players=2, seats=2)
    with serve(database_url, workers=1) as server:
        base = f"http://{server.host}:{server.port}/v1/games/{table.id}"
        headers = {"Authorization": f"Bearer {table.tokens[1]}"}
        with requests.get(f"{base}/stream", headers=headers, stream=True, timeout=30) as live:
            assert live.status_code == 200
            assert _until(lambda: at_table(client, table) == ([1], 0))
        assert _until(lambda: at_table(client, table) == ([], 0))


def _until(check, seconds=20.0):
    """Whether ``check`` came true within ``seconds`` (a bound, not a measure)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if check():
            return True
        time.sleep(0.2)
    return False
