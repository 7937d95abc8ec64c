"""The process's listener: hints reach only the waiters they concern, and it outlives a
lost connection."""

import gc
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from prometheus_client import REGISTRY
from sqlalchemy import create_engine, text

from service.errors import DatabaseUnavailable
from service.store import changes, reads
from tests.databases import fresh_database, server_url

from .table import Table
from .test_supervision import DEADLINE_SECONDS

GAME, OTHER = str(uuid.uuid4()), str(uuid.uuid4())


def woken(waiter, seconds=0.05) -> bool:
    """Whether ``waiter`` is woken within ``seconds``: short to tell that nothing came
    (a slow machine can only make that likelier), ``DEADLINE_SECONDS`` to wait for what
    must come."""
    start = time.monotonic()
    waiter.wait(seconds)
    return time.monotonic() - start < seconds


def test_a_hint_wakes_the_waiters_of_its_game_whose_after_it_passed():
    hub = changes.Hub("sqlite://")  # no listener: hints are dispatched by hand
    with (
        hub.waiter(GAME, after=4) as behind,
        hub.waiter(GAME, after=5) as current,
        hub.waiter(OTHER, after=0) as elsewhere,
    ):
        assert hub.waiting == 3
        hub.dispatch(f"{GAME}:5")
        assert woken(behind)
        assert not woken(current)
        assert not woken(elsewhere)
    assert hub.waiting == 0


def test_a_hint_it_cannot_read_wakes_every_waiter_of_the_game_to_look():
    hub = changes.Hub("sqlite://")
    with hub.waiter(GAME, after=9) as waiter:
        hub.dispatch(f"{GAME}:garbled")
        assert woken(waiter)


def test_without_a_listener_waiters_poll():
    hub = changes.Hub("sqlite://")
    hub.start()
    assert not hub.listening.is_set()
    assert hub.poll_seconds(30) == changes.POLL_SECONDS


def publish(url, game_id, seq):
    engine = create_engine(url)
    changes.publish(engine, uuid.UUID(game_id), seq)
    engine.dispose()


def backend_pids(url, condition: str, **parameters) -> list[int]:
    """The server processes of the database's connections that meet ``condition``."""
    engine = create_engine(url)
    with engine.connect() as connection:
        query = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND "
        pids = connection.scalars(text(query + condition), parameters).all()
    engine.dispose()
    return list(pids)


def listener_pids(url) -> list[int]:
    return backend_pids(url, "application_name = :name", name=changes.LISTENER_NAME)


def publisher_pids(url) -> list[int]:
    return backend_pids(url, "application_name = :name", name=changes.PUBLISHER_NAME)


def wait_for(condition, seconds=DEADLINE_SECONDS):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.postgres
def test_one_listener_per_hub_that_survives_losing_its_connection(database_url):
    others = set(listener_pids(database_url))  # other tests' apps listen too
    hub = changes.Hub(database_url)

    def ours():
        return set(listener_pids(database_url)) - others

    try:
        with hub.waiter(GAME, after=0) as waiter:  # the first waiter starts the listener
            assert hub.listening.wait(DEADLINE_SECONDS)
            wait_for(lambda: len(ours()) == 1)
            (first,) = ours()
            publish(database_url, GAME, 1)
            assert woken(waiter, DEADLINE_SECONDS)

            engine = create_engine(database_url)
            with engine.connect() as connection:
                connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first})
            engine.dispose()
            wait_for(lambda: ours() not in (set(), {first}))
            assert hub.listening.wait(DEADLINE_SECONDS)

            assert waiter.wait(DEADLINE_SECONDS), "the listener's look again, reconnected"
            waiter.after = 1
            assert not woken(waiter, 0.2)
            woke = threading.Event()
            threading.Thread(
                target=lambda: woke.set() if woken(waiter, DEADLINE_SECONDS) else None,
                daemon=True,
            ).start()
            publish(database_url, GAME, 2)
            assert woke.wait(DEADLINE_SECONDS), "a hint after the reconnection reaches the waiter"
    finally:
        hub.stop()
    wait_for(lambda: ours() == set())


def test_hints_that_could_not_leave_are_sent_later(monkeypatch):
    """The database away when a batch leaves: the batch waits and goes again, merged
    with what came meanwhile (the newest seq of a game wins)."""
    monkeypatch.setattr(changes, "RETRY_SECONDS", (0.05, 0.05))
    sent, outcomes = [], iter([False, True])
    publisher = changes.Publisher(conninfo=None)

    def notify(batch):
        sent.append(dict(batch))
        if len(sent) == 1:
            publisher._merge({"g1": 2, "g2": 1})  # arrived while the first try failed
        return next(outcomes)

    monkeypatch.setattr(publisher, "_notify", notify)
    publisher.send("g1", 3)
    give_up = time.monotonic() + DEADLINE_SECONDS
    while len(sent) < 2 and time.monotonic() < give_up:
        time.sleep(0.01)
    assert sent == [{"g1": 3}, {"g1": 3, "g2": 1}]


@pytest.mark.postgres
def test_hints_leave_on_a_connection_of_their_own_that_is_replaced_when_lost(
    database_url, monkeypatch
):
    """Not the pool's: the sender's own connection, which never waits for the disk. When
    it is lost, the hint goes out on a new one."""
    monkeypatch.setattr(changes, "RETRY_SECONDS", (0.05, 0.05))
    # the hint must come through the database, not from this process's hand (``take``)
    monkeypatch.setattr(changes.Hub, "on", classmethod(lambda cls, conninfo: []))
    others = set(publisher_pids(database_url))  # other tests' engines send hints too
    hub = changes.Hub(database_url)
    engine = create_engine(database_url)
    try:
        with hub.waiter(GAME, after=0) as waiter:
            assert hub.listening.wait(DEADLINE_SECONDS)
            assert waiter.wait(DEADLINE_SECONDS), "the listener's look again once it listens"
            changes.publish(engine, uuid.UUID(GAME), 1)
            assert woken(waiter, DEADLINE_SECONDS)
            (sender,) = set(publisher_pids(database_url)) - others  # not a pooled one
            with engine.connect() as connection:
                setting = "SELECT setting FROM pg_settings WHERE name = 'synchronous_commit'"
                assert connection.scalar(text(setting)) == "on", "moves still wait for the disk"
                connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": sender})

            waiter.after = 1
            changes.publish(engine, uuid.UUID(GAME), 2)
            assert woken(waiter, DEADLINE_SECONDS), "the hint left on a new connection"
            assert set(publisher_pids(database_url)) - others - {sender}
    finally:
        hub.stop()
        engine.dispose()


@pytest.mark.postgres
def test_a_disposed_engines_hint_sender_stops_and_closes_its_connection(database_url):
    others = set(publisher_pids(database_url))
    engine = create_engine(database_url)
    changes.publish(engine, uuid.UUID(GAME), 1)
    wait_for(lambda: set(publisher_pids(database_url)) - others)
    engine.dispose()  # a new pool: the one the sender served is gone
    del engine
    gc.collect()
    wait_for(lambda: not set(publisher_pids(database_url)) - others)


@pytest.mark.postgres
def test_on_postgresql_waiters_never_look_by_themselves_even_with_the_listener_away():
    """Thousands of waiters polling a database that is away stampede it when it returns:
    they wait for the listener instead, which looks once for all of them."""
    hub = changes.Hub("postgresql://nobody@127.0.0.1:1/away")  # never listens
    assert not hub.polling and hub.poll_seconds(30) == 30
    try:
        with hub.waiter(GAME, after=0) as waiter:
            assert not reads._news_possible(hub, waiter, 0.05, due=None)
    finally:
        hub.stop()


@pytest.mark.postgres
def test_back_from_away_the_listener_wakes_only_the_waiters_whose_game_moved(
    database_url, client, monkeypatch
):
    monkeypatch.setattr(changes, "RECONNECT_SECONDS", (0.5, 0.5))  # time to move a game
    moved, still = (Table.create(client, players=2, deal=False) for _ in range(2))
    seqs = [table.events().json["last_seq"] for table in (moved, still)]
    others = set(listener_pids(database_url))  # other tests' apps listen too
    engine = create_engine(database_url)
    hub = changes.Hub(database_url)
    try:
        with (
            hub.waiter(moved.id, after=seqs[0]) as behind,
            hub.waiter(still.id, after=seqs[1]) as current,
        ):
            assert hub.listening.wait(DEADLINE_SECONDS)
            wait_for(lambda: len(set(listener_pids(database_url)) - others) == 1)
            (listener,) = set(listener_pids(database_url)) - others
            with engine.begin() as connection:
                connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": listener})
                # a change whose hint is lost: committed while nobody listens
                bump = "UPDATE games SET last_seq = last_seq + 1 WHERE id = :id"
                connection.execute(text(bump), {"id": moved.id})
            wait_for(lambda: not hub.listening.is_set())
            assert hub.listening.wait(DEADLINE_SECONDS)
            assert woken(behind, DEADLINE_SECONDS)
            assert not woken(current, 0.5)
    finally:
        hub.stop()
        engine.dispose()


def test_a_look_that_failed_is_tried_again_by_itself_only_while_the_listener_is_up(
    monkeypatch,
):
    """With the listener up, no hint may come for what the failed look missed: the waiter
    looks again after a pause drawn from ``LOOK_AGAIN_SECONDS``. With it away, the
    listener's return looks for every waiter at once."""

    def away(*_):
        raise DatabaseUnavailable("the database did not answer")

    monkeypatch.setattr(reads.Reader, "look", away)
    previous = reads.Look({"events": [], "last_seq": 3}, closed=False, due=None)
    hub = changes.Hub("postgresql://nobody@127.0.0.1:1/away")
    reader = reads.Reader(GAME, token=None, limit=100, with_view=False)
    assert reader.look_again(None, hub, 3, previous, quiet_view=True).due is None
    hub.listening.set()
    before = datetime.now(UTC)
    again = reader.look_again(None, hub, 3, previous, quiet_view=True).due
    low, high = reads.LOOK_AGAIN_SECONDS
    assert before + timedelta(seconds=low) <= again <= datetime.now(UTC) + timedelta(seconds=high)


class SlowRead:
    """A read that counts its calls and, once ``release`` is set, returns its number."""

    def __init__(self):
        self.calls = 0
        self.release = threading.Event()
        self.started = threading.Event()

    def __call__(self):
        self.calls += 1
        number = self.calls
        self.started.set()
        assert self.release.wait(DEADLINE_SECONDS)
        return number


def shared_reads() -> float:
    return REGISTRY.get_sample_value("cardtable_waiter_reads_total", {"shared": "yes"}) or 0


def read_beside(hub, read, results, key=(0, 100)):
    """``hub.shared_read`` in a thread of its own; its result goes to ``results``."""
    thread = threading.Thread(target=lambda: results.append(hub.shared_read(GAME, key, read)))
    thread.start()
    return thread


def test_a_change_made_here_wakes_its_waiters_at_once_with_the_change():
    hub = changes.Hub("sqlite://")
    page = ("the table", ["event 4", "event 5"])
    with hub.waiter(GAME, after=3) as waiter, hub.waiter(OTHER, after=0):
        hub.take(GAME, 5, changes.Fresh(after=3, page=page))
        assert woken(waiter), "no hint through the database to wait for"
        assert hub.fresh(GAME, 3).page is page
        assert hub.fresh(GAME, 4) is None, "it begins where the log ended before it"
        assert hub.fresh(OTHER, 3) is None

        hub.dispatch(f"{GAME}:5")  # its own hint, back from the database
        assert hub.fresh(GAME, 3).page is page
        hub.dispatch(f"{GAME}:6")  # another process's change came after it
        assert hub.fresh(GAME, 3) is None


def test_a_waiter_changes_behind_takes_the_changes_made_here_as_one_page():
    hub = changes.Hub("sqlite://")
    with hub.waiter(GAME, after=3):
        hub.take(GAME, 4, changes.Fresh(after=3, page=("table 4", ["event 4"])))
        hub.take(GAME, 6, changes.Fresh(3 + 1, ("table 6", ["event 5", "event 6"]), {1: "view"}))
        behind = hub.fresh(GAME, 3)
        assert (behind.after, behind.page) == (3, ("table 6", ["event 4", "event 5", "event 6"]))
        assert behind.views == {1: "view"}, "the newest change's views: of the table sent"
        assert hub.fresh(GAME, 4).page == ("table 6", ["event 5", "event 6"])

        for seq in range(7, 7 + changes.FRESH_KEPT):
            hub.take(GAME, seq, changes.Fresh(after=seq - 1, page=(f"table {seq}", [seq])))
        assert hub.fresh(GAME, 3) is None, "only the last few are kept"
        assert hub.fresh(GAME, 6).page[1] == list(range(7, 7 + changes.FRESH_KEPT))

        hub.dispatch(f"{GAME}:20")  # a change made elsewhere: the log here has a gap
        hub.take(GAME, 21, changes.Fresh(after=20, page=("table 21", [21])))
        assert hub.fresh(GAME, 6) is None
        assert hub.fresh(GAME, 20).page == ("table 21", [21])


def test_a_change_made_here_is_dropped_when_hints_may_have_been_lost():
    hub = changes.Hub("sqlite://")
    with hub.waiter(GAME, after=3):
        hub.take(GAME, 5, changes.Fresh(after=3, page=("table", [])))
        hub.dispatch(f"{GAME}:garbled")  # as the listener's catch-up, or a hint unread
        assert hub.fresh(GAME, 3) is None


def test_a_change_made_here_is_not_kept_for_a_game_nobody_waits_for_here():
    hub = changes.Hub("sqlite://")
    hub.take(GAME, 5, changes.Fresh(after=3, page=("table", [])))
    with hub.waiter(GAME, after=3):
        assert hub.fresh(GAME, 3) is None


def test_the_waiters_one_hint_woke_share_one_read():
    hub = changes.Hub("sqlite://")
    read, results = SlowRead(), []
    with hub.waiter(GAME, after=0):
        hub.dispatch(f"{GAME}:1")
        first = read_beside(hub, read, results)
        assert read.started.wait(DEADLINE_SECONDS)
        sharing = shared_reads()
        others = [read_beside(hub, read, results) for _ in range(3)]
        other_page = read_beside(hub, read, results, key=(0, 500))  # another page: its own
        try:
            wait_for(lambda: shared_reads() == sharing + 3 and read.calls == 2)
        finally:
            read.release.set()
        for thread in [first, *others, other_page]:
            thread.join(DEADLINE_SECONDS)
    assert read.calls == 2
    assert sorted(results) == [1, 1, 1, 1, 2]


def test_a_read_begun_before_a_hint_is_not_shared_after_it():
    """It may have missed what the hint announced."""
    hub = changes.Hub("sqlite://")
    read, results = SlowRead(), []
    with hub.waiter(GAME, after=0):
        hub.dispatch(f"{GAME}:1")
        early = read_beside(hub, read, results)
        assert read.started.wait(DEADLINE_SECONDS)
        hub.dispatch(f"{GAME}:2")
        read.release.set()
        late = read_beside(hub, read, results)
        for thread in (early, late):
            thread.join(DEADLINE_SECONDS)
    assert read.calls == 2
    assert sorted(results) == [1, 2]


def test_without_a_hint_or_a_waiter_nobody_shares():
    hub = changes.Hub("sqlite://")
    read = SlowRead()
    read.release.set()
    with hub.waiter(GAME, after=0):
        hub.shared_read(GAME, (0, 100), read)  # no hint yet
    hub.dispatch(f"{GAME}:1")  # nobody waits on it
    hub.shared_read(GAME, (0, 100), read)
    assert read.calls == 2


def test_the_waiters_of_a_failed_shared_read_read_for_themselves():
    hub = changes.Hub("sqlite://")
    started, release, calls = threading.Event(), threading.Event(), []

    def read():
        calls.append(None)
        if len(calls) == 1:
            started.set()
            assert release.wait(DEADLINE_SECONDS)
            raise DatabaseUnavailable("away")
        return "read again"

    results = []
    with hub.waiter(GAME, after=0):
        hub.dispatch(f"{GAME}:1")
        failing = threading.Thread(
            target=lambda: pytest.raises(DatabaseUnavailable, hub.shared_read, GAME, (0, 100), read)
        )
        failing.start()
        assert started.wait(DEADLINE_SECONDS)
        sharing = shared_reads()
        joining = read_beside(hub, read, results)
        wait_for(lambda: shared_reads() == sharing + 1)
        release.set()
        for thread in (failing, joining):
            thread.join(DEADLINE_SECONDS)
    assert results == ["read again"]


@pytest.mark.postgres
def test_hints_go_to_the_hints_database_not_the_games(database_url):
    """An engine told to send its hints elsewhere (``HINTS_DATABASE_URL``: on Citus, one
    node for every instance) wakes the listeners there, and none on its own database."""
    game = str(uuid.uuid4())  # this test's own: others publish on the session's database
    with fresh_database(server_url()) as hints_url:
        games_hub, hints_hub = changes.Hub(database_url), changes.Hub(hints_url)
        engine = create_engine(database_url)
        changes.send_hints(engine, hints_url)
        try:
            with (
                games_hub.waiter(game, after=0) as on_games,
                hints_hub.waiter(game, after=0) as on_hints,
            ):
                assert games_hub.listening.wait(DEADLINE_SECONDS)
                assert hints_hub.listening.wait(DEADLINE_SECONDS)
                for waiter in (on_games, on_hints):  # woken by the first look: no such game
                    waiter.wait(0.3)
                changes.publish(engine, uuid.UUID(game), 1)
                assert woken(on_hints, DEADLINE_SECONDS)
                assert not woken(on_games, 0.5)
                assert publisher_pids(hints_url)
        finally:
            games_hub.stop()
            hints_hub.stop()
            engine.dispose()
