"""The worker's admission of waiting requests (``service.admission``), driven directly:
a share per address, first looks at the pool's pace, refusals with their Retry-After,
and everything given back however a request ends."""

import time
from contextlib import ExitStack

import pytest

from service import admission
from service.admission import Admission, answered_by, is_waiting, stands_for_many

GAME = "/v1/games/00000000-0000-4000-8000-000000000000"
TICKET = "/v1/quickplay/00000000-0000-4000-8000-000000000000"


@pytest.fixture(autouse=True)
def no_queue(monkeypatch):
    """A request that finds no look slot is refused at once, never queued."""
    monkeypatch.setattr(admission, "MIN_QUEUE", 0)
    monkeypatch.setattr(admission, "QUEUE_SECONDS", 0.01)


def test_an_address_holds_its_share_then_is_refused_429_until_one_ends():
    gate = Admission(per_client=2, looks=10)
    with ExitStack() as held:
        first = held.enter_context(gate.admitted("203.0.113.7"))
        assert first is None and held.enter_context(gate.admitted("203.0.113.7")) is None
        with gate.admitted("203.0.113.7") as third:
            assert third is not None and third.status == 429
            low, high = admission.SHARE_RETRY_AFTER
            assert low <= third.retry_after <= high
            assert admission.refusal() is third  # what the app answers meanwhile
        assert admission.refusal() is None
        with gate.admitted("198.51.100.1") as other:
            assert other is None, "another address has a share of its own"
    with gate.admitted("203.0.113.7") as again:
        assert again is None, "the shares were given back"


def test_a_request_finding_no_look_slot_is_refused_503_busy():
    gate = Admission(per_client=100, looks=1)
    with gate.admitted("203.0.113.7") as looking:
        assert looking is None
        with gate.admitted("203.0.113.8") as refused:
            assert refused is not None and refused.status == 503
            assert 1 <= refused.retry_after <= admission.MAX_RETRY_AFTER
    with gate.admitted("203.0.113.8") as later:
        assert later is None


def test_a_slot_and_a_share_are_given_back_when_the_request_fails():
    gate = Admission(per_client=1, looks=1)
    for _ in range(3):
        with pytest.raises(RuntimeError), gate.admitted("203.0.113.7"):
            raise RuntimeError("the app failed")
    with gate.admitted("203.0.113.7") as admitted:
        assert admitted is None


def test_a_slot_is_given_back_once_the_first_look_is_done():
    gate = Admission(per_client=100, looks=1)
    with gate.admitted("203.0.113.7"):
        gate.give_back()  # the pool took its first connection back: now it only waits
        gate.give_back()  # a second checkin releases nothing more
        with gate.admitted("203.0.113.8") as second:
            assert second is None
            with gate.admitted("203.0.113.9") as third:
                assert third is not None and third.status == 503


def test_a_long_poll_waits_for_a_look_slot_only_until_its_answer_is_due(monkeypatch):
    monkeypatch.setattr(admission, "MIN_QUEUE", 10)
    monkeypatch.setattr(admission, "QUEUE_SECONDS", 20.0)
    gate = Admission(per_client=100, looks=1)
    with gate.admitted("203.0.113.7"):
        start = time.monotonic()
        with gate.admitted("203.0.113.8", answer_by=start + 0.2) as refused:
            assert refused is not None and refused.status == 503
        assert time.monotonic() - start < 5, "refused when its answer was due, not after 20 s"
        with gate.admitted("203.0.113.8", answer_by=start - 1) as late:
            assert late is not None and late.status == 503, "due already: not queued at all"


def test_when_a_waiting_request_is_due_an_answer():
    assert answered_by(f"{GAME}/events", "after=3&wait=25", 100.0) == 125.0
    assert answered_by(TICKET, "wait=2.5", 100.0) == 102.5
    assert answered_by(f"{GAME}/stream", "", 100.0) is None


@pytest.mark.parametrize(
    "method, path, query, waiting",
    [
        ("GET", f"{GAME}/stream", "", True),
        ("HEAD", f"{GAME}/stream", "", True),
        ("GET", f"{GAME}/events", "wait=25", True),
        ("HEAD", f"{GAME}/events", "after=3&wait=0.5", True),
        ("GET", f"{GAME}/events", "wait=0", False),
        ("GET", f"{GAME}/events", "wait=soon", False),
        ("POST", f"{GAME}/stream", "", False),
        ("GET", f"{GAME}/view", "wait=25", False),
        ("GET", f"{TICKET}", "wait=25", True),
        ("GET", f"{TICKET}", "", False),
        ("DELETE", f"{TICKET}", "wait=25", False),
        ("POST", "/v1/quickplay", "wait=25", False),
    ],
)
def test_what_counts_as_waiting(method, path, query, waiting):
    assert is_waiting(method, path, query) is waiting


@pytest.mark.parametrize(
    "client, peer, many",
    [
        ("127.0.0.1", "127.0.0.1", True),  # the loopback naming nobody
        ("::ffff:127.0.0.1", "::ffff:127.0.0.1", True),
        ("unknown", "", True),  # a UNIX socket naming nobody
        ("203.0.113.7", "", False),  # a UNIX socket's proxy naming its client
        ("203.0.113.7", "127.0.0.1", False),
        ("203.0.113.7", "203.0.113.7", False),
    ],
)
def test_only_a_local_peer_naming_nobody_stands_for_many(client, peer, many):
    assert stands_for_many(client, peer) is many
