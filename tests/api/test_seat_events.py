"""Every seat change is an event: a seat taken (by code, by the game's path, the host's
bot, the bots that fill the table at the first deal) is `joined`, a seat left at a
waiting table is `vacated`. Another seat, a spectator and the host see them, on the
events page, through a long poll already waiting and through the stream, numbered
with no gaps."""

import json
import threading
import time
from collections.abc import Callable

import pytest

from .table import Table, bearer
from .test_stream import read_stream

READERS = ["seat", "spectator", "host"]


def waiting_table(client) -> Table:
    """Three players at a private table of five seats, not dealt yet."""
    return Table.create(
        client, type="go-fish", players=3, seats=5, deal=False, visibility="private"
    )


def headers_of(table: Table, reader: str) -> dict[str, str]:
    """Another seat's (seat 2's, which moves up when seat 1 leaves), nobody's, the host's."""
    return {"seat": bearer(table.tokens[2]), "spectator": {}, "host": bearer(table.host)}[reader]


def join_by_code(client, table: Table) -> list[tuple]:
    answer = client.post("/v1/tables/join", json={"code": table.code, "name": "Ada"})
    assert answer.status_code == 201, answer.json
    return [("joined", 3, 0, {"name": "Ada", "bot": None})]


def join_by_path(client, table: Table) -> list[tuple]:
    body = {"name": "Ada", "code": table.code}
    answer = client.post(f"/v1/games/{table.id}/players", json=body)
    assert answer.status_code == 201, answer.json
    return [("joined", 3, 0, {"name": "Ada", "bot": None})]


def host_adds_a_bot(client, table: Table) -> list[tuple]:
    path = f"/v1/games/{table.id}/players"
    answer = client.post(path, json={"bot": "random"}, headers=bearer(table.host))
    assert answer.status_code == 201, answer.json
    return [("joined", 3, 0, {"name": "Otto", "bot": "random"})]


def deal_filling_with_bots(client, table: Table) -> list[tuple]:
    path = f"/v1/games/{table.id}/deal"
    answer = client.post(path, json={"fill_with_bots": "basic"}, headers=bearer(table.host))
    assert answer.status_code == 200, answer.json
    return [
        ("joined", 3, 0, {"name": "Otto", "bot": "basic"}),
        ("joined", 4, 0, {"name": "Ella", "bot": "basic"}),
        ("deal", None, 1),  # the bots are seated before the cards are dealt
    ]


def seat_1_leaves(client, table: Table) -> list[tuple]:
    answer = client.post(f"/v1/games/{table.id}/leave", headers=bearer(table.tokens[1]))
    assert answer.status_code == 200, answer.json
    assert [(s["seat"], s["name"]) for s in answer.json["seats"]] == [
        (0, "player 0"),
        (1, "player 2"),
    ], "the later seat moved up one"
    return [("vacated", 1, 0, {"name": "player 1"})]


CHANGES = [join_by_code, join_by_path, host_adds_a_bot, deal_filling_with_bots, seat_1_leaves]
Change = Callable[..., list[tuple]]


def shape(event: dict) -> tuple:
    """What a test expects of an event: its type, seat, round and, but for a deal's, data."""
    if event["type"] == "deal":
        return event["type"], event["seat"], event["round"]
    return event["type"], event["seat"], event["round"], event["data"]


def seated(names: list[str]) -> list[tuple]:
    return [("joined", n, 0, {"name": name, "bot": None}) for n, name in enumerate(names)]


def assert_no_gaps(events: list[dict], after: int = 0) -> None:
    assert [e["seq"] for e in events] == list(range(after + 1, after + len(events) + 1))


def assert_no_secret(table: Table, text: str) -> None:
    assert not any(token in text for token in [table.host, *table.tokens])


@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.__name__)
def test_every_reader_sees_the_seat_change_in_the_log(client, change: Change):
    table = waiting_table(client)
    expected = change(client, table)
    for reader in READERS:
        page = table.client.get(
            f"/v1/games/{table.id}/events?after=0", headers=headers_of(table, reader)
        )
        assert page.status_code == 200, page.json
        events = page.json["events"]
        assert_no_gaps(events)
        assert page.json["last_seq"] == len(events)
        seats_before = seated(["player 0", "player 1", "player 2"])
        assert [shape(e) for e in events[: len(expected) + 3]] == seats_before + expected
        assert all(e["by"] is None for e in events if e["type"] in ("joined", "vacated"))
        assert_no_secret(table, page.get_data(as_text=True))


def test_a_deal_without_bots_to_add_logs_no_seat_event(client):
    table = waiting_table(client)
    table.deal()
    types = [e["type"] for e in table.events().json["events"]]
    assert types[:4] == ["joined", "joined", "joined", "deal"]


def in_background(work: Callable[[], object]) -> tuple[threading.Thread, dict]:
    result: dict = {}
    thread = threading.Thread(target=lambda: result.update(answer=work()))
    thread.start()
    return thread, result


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.__name__)
def test_a_waiting_long_poll_is_answered_by_the_seat_change(app, client, change, reader):
    table = waiting_table(client)
    before = table.events().json["last_seq"]
    url = f"/v1/games/{table.id}/events?after={before}&wait=5"
    headers = headers_of(table, reader)
    start = time.monotonic()
    poll, result = in_background(lambda: app.test_client().get(url, headers=headers))
    time.sleep(0.5)  # the poll is waiting
    expected = change(client, table)
    poll.join()
    assert time.monotonic() - start < 4, "woken by the change, not by the time limit"
    page = result["answer"].json
    assert [shape(e) for e in page["events"]][: len(expected)] == expected
    assert_no_gaps(page["events"], before)
    assert_no_secret(table, json.dumps(page))


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.__name__)
def test_the_stream_carries_the_seat_change(app, client, monkeypatch, change, reader):
    monkeypatch.setitem(app.config, "STREAM_SECONDS", 5)  # a stream that missed it ends
    table = waiting_table(client)
    before = table.events().json["last_seq"]
    headers = headers_of(table, reader)
    expected_count = 3 if change is deal_filling_with_bots else 1
    stream, result = in_background(
        lambda: read_stream(
            app.test_client(), table.id, headers, f"?after={before}", stop_after=expected_count
        )
    )
    time.sleep(0.5)  # the stream is open
    expected = change(client, table)
    stream.join()
    events, _ = result["answer"]
    assert [shape(e) for e in events] == expected
    assert_no_gaps(events, before)
    assert_no_secret(table, json.dumps(events))
