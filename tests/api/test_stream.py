"""The event stream (Server-Sent Events), in process: every event once and in order,
resumable, redacted like the events page, refused before it starts on bad input."""

import json
import queue
import threading
import time

import pytest

from service.store import reads

from .table import Table, bearer


def read_stream(client, game_id, headers=None, query="", stop_after=None):
    """Read a stream to its end (or until ``stop_after`` events); returns the events and
    the other SSE messages (``end``, heartbeats, ``retry``) in order."""
    answer = client.get(f"/v1/games/{game_id}/stream{query}", headers=headers, buffered=False)
    assert answer.status_code == 200, answer.get_data()
    assert answer.mimetype == "text/event-stream"
    events, others = [], []
    for message in messages_of(answer):
        if "data" in message and "event" not in message:
            assert message["id"] == str(json.loads(message["data"])["seq"])
            events.append(json.loads(message["data"]))
        else:
            others.append(message)
        if stop_after is not None and len(events) >= stop_after:
            break
    return events, others


def messages_of(answer):
    """The stream's messages as they come, parsed; the answer closed at the end."""
    buffer = ""
    try:
        for chunk in answer.response:
            buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
            while "\n\n" in buffer:
                frame, buffer = buffer.split("\n\n", 1)
                yield parse_frame(frame)
    finally:
        answer.close()


def parse_frame(frame: str) -> dict[str, str]:
    message = {}
    for line in frame.split("\n"):
        field, _, value = line.partition(":")
        message[field or "comment"] = value.removeprefix(" ")
    return message


def play_in_background(table, rounds_then_end=True):
    def play():
        time.sleep(0.2)  # let the reader start waiting
        table.play_round()
        if rounds_then_end:
            table.end()

    player = threading.Thread(target=play)
    player.start()
    return player


def test_a_stream_carries_every_event_of_a_game_in_order_then_ends(app, client):
    table = Table.create(client, players=3, seed=11)
    player = play_in_background(Table(app.test_client(), table.id, table.host, table.tokens))
    events, others = read_stream(client, table.id, bearer(table.tokens[1]))
    player.join()
    log = table.events(1).json
    assert [e["seq"] for e in events] == list(range(1, log["last_seq"] + 1))
    assert events[-1]["type"] == "game_over"
    assert others[0] == {"retry": "1000"}
    assert others[-1]["event"] == "end"
    assert json.loads(others[-1]["data"]) == {"last_seq": log["last_seq"]}


def test_with_rematch_a_finished_games_stream_waits_for_its_rematch_then_ends(app, client):
    table = Table.create(client, players=2, seed=15, visibility="private")
    table.end()
    last = table.events(0).json["last_seq"]
    again = Table(app.test_client(), table.id, table.host, table.tokens)

    def ask_later():
        time.sleep(0.3)  # let the reader start waiting
        assert (
            again.client.post(
                f"/v1/games/{table.id}/rematch", headers=bearer(table.tokens[1])
            ).status_code
            == 201
        )

    asker = threading.Thread(target=ask_later)
    asker.start()
    query = f"?after={last}&rematch=true"
    events, others = read_stream(client, table.id, bearer(table.tokens[0]), query=query)
    asker.join()
    assert [(e["type"], e["seat"]) for e in events] == [("rematch", 1)]
    assert events[0]["data"]["game_id"] == table.summary().json["next_game_id"]
    assert others[-1]["event"] == "end"
    plain, plain_others = read_stream(client, table.id, query=f"?after={last}")
    assert [e["type"] for e in plain] == ["rematch"] and plain_others[-1]["event"] == "end"


def test_without_rematch_a_finished_games_stream_ends_at_once(client):
    table = Table.create(client, players=2, seed=16, visibility="private")
    table.end()
    last = table.events(0).json["last_seq"]
    events, others = read_stream(client, table.id, query=f"?after={last}")
    assert events == [] and others[-1]["event"] == "end"


def test_a_stream_resumes_after_last_event_id_without_loss_or_repeat(app, client):
    table = Table.create(client, players=3, seed=12)
    player = play_in_background(Table(app.test_client(), table.id, table.host, table.tokens))
    first, _ = read_stream(client, table.id, bearer(table.tokens[0]), stop_after=5)
    resume = {**bearer(table.tokens[0]), "Last-Event-ID": str(first[-1]["seq"])}
    rest, _ = read_stream(client, table.id, resume, query="?after=0")  # the header wins
    player.join()
    seqs = [e["seq"] for e in first + rest]
    assert seqs == list(range(1, table.events(0).json["last_seq"] + 1))


@pytest.mark.parametrize("seat", [0, 1, None])
def test_a_stream_is_the_events_page_of_the_same_reader(app, client, monkeypatch, seat):
    """Same redaction as the events page: a seat's own secrets, a spectator's none."""
    monkeypatch.setitem(app.config, "STREAM_SECONDS", 0.5)  # the match goes on: time ends it
    table = Table.create(client, players=3, seed=13)
    table.play_round()
    headers = bearer(table.tokens[seat]) if seat is not None else {}
    events, others = read_stream(client, table.id, headers)
    assert events == table.events(seat).json["events"]
    assert not any(message.get("event") == "end" for message in others)


def test_a_quiet_stream_sends_heartbeats(app, client, monkeypatch):
    monkeypatch.setitem(app.config, "STREAM_SECONDS", 1.0)
    monkeypatch.setitem(app.config, "HEARTBEAT_SECONDS", 0.3)
    table = Table.create(client, players=2, seed=14)
    last = table.events().json["last_seq"]
    events, others = read_stream(client, table.id, query=f"?after={last}")
    assert events == []
    assert 2 <= sum(message.get("comment") == "heartbeat" for message in others) <= 4


def test_a_spectator_stream_of_a_finished_game_reveals_everything_and_ends(client):
    table = Table.create(client, players=2, seed=15)
    table.play_round()
    table.end()
    events, others = read_stream(client, table.id)
    assert events == table.events().json["events"]
    assert others[-1]["event"] == "end"


@pytest.mark.parametrize(
    "path, headers, status",
    [
        ("/v1/games/00000000-0000-4000-8000-000000000000/stream", {}, 404),
        ("/stream", {"Authorization": "Bearer not-a-token"}, 401),
        ("/stream", {"Authorization": "Basic abc"}, 401),
        ("/stream", {"Last-Event-ID": "seven"}, 422),
        ("/stream", {"Last-Event-ID": str(2**31)}, 422),
        ("/stream?after=-1", {}, 422),
        ("/stream?wait=5", {}, 422),
    ],
)
def test_bad_stream_requests_are_refused_before_the_stream_begins(client, path, headers, status):
    table = Table.create(client, players=2, seed=16)
    url = path if path.startswith("/v1") else f"/v1/games/{table.id}{path}"
    start = time.monotonic()
    answer = client.get(url, headers=headers)
    assert answer.status_code == status
    assert answer.mimetype == "application/problem+json"
    assert time.monotonic() - start < 2


@pytest.mark.parametrize("by_header", [True, False])
def test_a_stream_resumed_past_the_log_end_is_told_so_at_once(client, by_header):
    """Not a stream that stays silent while the log grows to where it would resume."""
    table = Table.create(client, players=2, seed=17)
    last = table.events().json["last_seq"]
    headers, query = (
        ({"Last-Event-ID": str(last + 5)}, "") if by_header else ({}, f"?after={last + 5}")
    )
    start = time.monotonic()
    answer = client.get(f"/v1/games/{table.id}/stream{query}", headers=headers, buffered=False)
    try:
        assert answer.status_code == 409, answer.mimetype
        assert answer.json["code"] == "after_past_end" and answer.json["last_seq"] == last
    finally:
        answer.close()
    assert time.monotonic() - start < 2


def stream_messages(app, game_id, headers, query, into):
    """Read a stream in a thread, each message parsed (``data`` as JSON) into ``into``."""

    def read():
        client = app.test_client()
        answer = client.get(f"/v1/games/{game_id}/stream{query}", headers=headers, buffered=False)
        for message in messages_of(answer):
            if "data" in message:
                into.put({**message, "data": json.loads(message["data"])})

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


def next_view(messages, seqs):
    """The next view message; the seqs of the events before it go into ``seqs``."""
    while True:
        message = messages.get(timeout=10)
        if message.get("event") == "view":
            return message["data"]
        if "id" in message:
            seqs.append(message["data"]["seq"])


@pytest.mark.parametrize("seat", [0, 2, None])
def test_a_stream_with_views_sends_the_view_after_each_burst(app, client, monkeypatch, seat):
    """The view comes on opening and after every move's events, equal to what GET /view
    answers then: a client following the stream never needs to ask for it."""
    monkeypatch.setitem(app.config, "STREAM_SECONDS", 30)
    table = Table.create(client, players=3, seed=17)
    headers = bearer(table.tokens[seat]) if seat is not None else {}
    messages: queue.Queue = queue.Queue()
    reader = stream_messages(app, table.id, headers, "?view=1", messages)
    seqs: list[int] = []
    assert next_view(messages, seqs) == table.view(seat).json
    for _ in range(6):
        table.play_one()
        view = next_view(messages, seqs)
        last_seq = table.events().json["last_seq"]
        assert seqs[-1] == last_seq, "the view came before the events it follows"
        assert view == table.view(seat).json
        assert view["version"] > 0
    assert seqs == list(range(1, last_seq + 1))
    table.end()  # the stream ends with the match
    reader.join(10)
    assert not reader.is_alive()


def test_a_stream_without_views_sends_none(app, client, monkeypatch):
    monkeypatch.setitem(app.config, "STREAM_SECONDS", 0.5)
    table = Table.create(client, players=3, seed=18)
    table.play_one()
    events, others = read_stream(client, table.id, bearer(table.tokens[0]))
    assert len(events) == table.events().json["last_seq"]
    assert not any(message.get("event") == "view" for message in others)


def test_a_stream_behind_by_more_than_a_page_sends_the_view_once_caught_up(client, monkeypatch):
    monkeypatch.setattr(reads.EventStream, "PAGE", 10)
    table = Table.create(client, players=3, seed=19)
    table.play_round()
    table.end()
    events, others = read_stream(client, table.id, bearer(table.tokens[1]), query="?view=true")
    assert len(events) > 30  # pages of the stream
    views = [m for m in others if m.get("event") == "view"]
    assert [json.loads(m["data"]) for m in views] == [table.view(1).json]
    assert others.index(views[0]) == len(others) - 2  # just before the end


@pytest.mark.parametrize(
    "game_type,options,players",
    [
        ("old-maid", {"preset": "family"}, 4),
        ("blind-date", {}, 4),
        ("crazy-eights", {"partnership": True}, 4),
        ("go-fish", {}, 3),
        ("spoons", {"pass_after_signal": True}, 4),
        ("mystery-date", {}, 3),
    ],
)
def test_every_game_streams_its_events_and_views_in_their_documented_shapes(
    app, client, monkeypatch, game_type, options, players
):
    """The stream sends events and views as the store rendered them, without a dump:
    under TESTING each is checked against its schema's dump, and they are what the events
    page and GET /view answer."""
    monkeypatch.setitem(app.config, "STREAM_SECONDS", 0.5)
    table = Table.create(client, type=game_type, options=options, players=players, seed=23)
    for _ in range(12):
        views = [table.view(seat).json for seat in range(players)]
        acting = [seat for seat, view in enumerate(views) if view["legal_moves"]]
        if not acting:
            break
        assert table.move(acting[0], views[acting[0]]["legal_moves"][0]).status_code == 201
    events, others = read_stream(client, table.id, bearer(table.tokens[1]), query="?view=1")
    assert events == table.events(1).json["events"]
    views = [json.loads(m["data"]) for m in others if m.get("event") == "view"]
    assert views == [table.view(1).json]
