"""The SDK's stream reader, ``card_table_client.live``: it resumes from the last event it
received after the server closes the stream, and after the server itself goes away and
comes back on the same port, with no gap and no event twice; its pauses are jittered
and grow while it keeps failing."""

import io
import random
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path

import pytest
from card_table_client import Client
from card_table_client.live import Backoff, Refused, SeatView, follow
from werkzeug.serving import make_server

from service import create_app

from ..api.table import Table
from ..api.test_supervision import DEADLINE_SECONDS
from .test_generated_client import QuietHandler

pytestmark = pytest.mark.postgres


@pytest.fixture
def apps(database_url):
    """Apps on the run's database, made with extra settings; their listeners stopped."""
    made = []

    def make(**config):
        made.append(create_app({"DATABASE_URL": database_url, **config}))
        return made[-1]

    yield make
    for app in made:
        app.extensions["changes"].stop()


@contextmanager
def served(app, port: int = 0) -> Iterator[int]:
    server = make_server("127.0.0.1", port, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def test_follow_resumes_after_closed_streams_and_a_restart_with_no_gap(apps):
    app = apps(STREAM_SECONDS=1)  # streams closed every second: a reconnection each time
    table = Table.create(app.test_client(), players=3)
    seqs: list[int] = []
    with served(app) as port:
        client = Client(f"http://127.0.0.1:{port}")
        reader = threading.Thread(
            target=lambda: seqs.extend(event.seq for event in follow(client, table.id)),
            daemon=True,
        )
        reader.start()
        play_for(table, seconds=2.5)
    time.sleep(1)  # the server away: the reader's connections are refused
    with served(app, port):
        play_for(table, seconds=2.5)
        table.end()
        reader.join(DEADLINE_SECONDS)
    assert not reader.is_alive(), "follow ends once the match is finished"
    last_seq = table.events().json["last_seq"]
    assert seqs == list(range(1, last_seq + 1))


def test_follow_with_views_brings_each_bursts_view_as_get_view_answers_it(apps):
    app = apps(STREAM_SECONDS=1)  # the views survive reconnections too
    table = Table.create(app.test_client(), players=3, seed=31)
    items: list = []
    with served(app) as port:
        client = Client(
            f"http://127.0.0.1:{port}", headers={"Authorization": f"Bearer {table.tokens[1]}"}
        )
        reader = threading.Thread(
            target=lambda: items.extend(follow(client, table.id, views=True)), daemon=True
        )
        reader.start()
        play_for(table, seconds=2.5)
        final_view = table.view(1).json
        table.end()
        reader.join(DEADLINE_SECONDS)
    assert not reader.is_alive()
    views = [item.view for item in items if isinstance(item, SeatView)]
    events = [item for item in items if not isinstance(item, SeatView)]
    assert [event.seq for event in events] == list(range(1, table.events().json["last_seq"] + 1))
    assert len(views) >= 2
    assert views[0].type_ == "old-maid" and views[0].seat == 1
    # the last view before the end is the seat's view of the finished match
    assert views[-1].to_dict() == table.view(1).json
    assert views[-2].version <= final_view["version"] <= views[-1].version
    assert isinstance(items[-1], SeatView), "a view follows the last burst"


def play_for(table: Table, seconds: float) -> None:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends and table.summary().json["status"] == "playing":
        table.play_one()
        time.sleep(0.05)


def test_follow_gives_up_on_a_refusal_no_retry_changes(apps):
    with served(apps()) as port, pytest.raises(Refused) as refused:
        next(follow(Client(f"http://127.0.0.1:{port}"), "00000000-0000-0000-0000-000000000000"))
    assert refused.value.status == 404


def test_follow_resumed_past_the_log_end_goes_on_from_its_end_at_once(apps):
    app = apps()
    table = Table.create(app.test_client(), players=3, seed=33)
    last = table.events().json["last_seq"]
    first: list[int] = []
    with served(app) as port:
        events = follow(Client(f"http://127.0.0.1:{port}"), table.id, after=last + 5)
        reader = threading.Thread(target=lambda: first.append(next(events).seq), daemon=True)
        reader.start()
        deadline = time.monotonic() + 10  # a bound, not a measure
        while not app.extensions["changes"].waiting and time.monotonic() < deadline:
            time.sleep(0.05)  # until a stream waits: then the move is news to it
        table.play_one()  # not past last + 5: a stream waiting after it would be silent
        reader.join(10)
    assert first == [last + 1], "the next event after the log's end"


def test_back_off_pauses_are_jittered_and_grow_up_to_the_longest():
    backoff = Backoff(first=0.5, longest=4.0, rng=random.Random(1))
    pauses = [backoff.pause() for _ in range(6)]
    ceilings = [0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
    assert all(0 <= pause <= ceiling for pause, ceiling in zip(pauses, ceilings, strict=True))
    assert len(set(pauses)) == len(pauses), "drawn, not fixed"
    clients = [Backoff(rng=random.Random(n)) for n in range(200)]
    first_retries = sorted(client.pause() for client in clients)
    assert first_retries[-1] - first_retries[0] > 0.4, "a crowd is spread over the pause"
    backoff.reset()
    assert backoff.pause() <= 0.5
    assert backoff.pause(at_least=3.0) >= 3.0, "Retry-After is the least"
    hours_away = Backoff(longest=4.0, failures=5000)  # 2**5000 seconds would overflow
    assert hours_away.pause() <= 4.0


def test_the_readmes_round_plays_to_its_end_as_written(apps):
    """The Python block of clients/python/README.md, run as it stands against a live
    service (only its address changed): it plays a round and names the Old Maid."""
    readme = (Path(__file__).parents[2] / "clients" / "python" / "README.md").read_text()
    (block,) = re.findall(r"```python\n(.*?)```", readme, flags=re.S)[:1]
    with served(apps(WORKER_HEARTBEAT_SECONDS=0)) as port:
        code = block.replace("http://127.0.0.1:8000", f"http://127.0.0.1:{port}")
        printed = io.StringIO()
        with redirect_stdout(printed):
            exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - our own README
    assert re.fullmatch(r"I am seat 0; the Old Maid is with seat [012]\n", printed.getvalue())
