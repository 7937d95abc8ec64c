"""Per-client quotas: tables created, seats taken, join codes guessed. Counted atomically,
so concurrent requests cannot slip past them; codes are stored hashed."""

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from service.store import limits
from service.store.models import Game

from .test_errors import assert_problem
from .test_lobby import wrong_codes

PRIVATE = {"type": "old-maid", "seats": 4, "visibility": "private"}

# time held still: a test's requests must not straddle two one-minute windows
pytestmark = pytest.mark.usefixtures("still_clock")


@pytest.mark.postgres
def test_concurrent_wrong_codes_are_counted_before_any_is_checked(app, client):
    def guess(code):
        return app.test_client().post("/v1/tables/join", json={"code": code, "name": "x"})

    with ThreadPoolExecutor(40) as pool:
        answers = list(pool.map(guess, wrong_codes(40)))
    statuses = Counter(answer.status_code for answer in answers)
    looked_up = limits.CODES_PER_MINUTE + 1  # ten wrong ones, and the right one after them
    assert set(statuses) <= {403, 429} and sum(statuses.values()) == 40
    assert 1 <= statuses[403] <= looked_up, statuses


@pytest.mark.postgres
def test_a_room_behind_one_address_sits_down_together_with_the_right_code(app, client):
    eights = [
        client.post("/v1/games", json={**PRIVATE, "type": "blind-date", "seats": 8}).json
        for _ in range(2)
    ]

    def join(n):
        body = {"code": eights[n % 2]["code"], "name": f"pupil {n}"}
        return app.test_client().post("/v1/tables/join", json=body)

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(join, range(16)))
    assert [answer.status_code for answer in answers] == [201] * 16
    for table in eights:
        seats = [a.json["seat"] for a in answers if a.json["game_id"] == table["id"]]
        assert sorted(seats) == list(range(8))


def test_a_right_code_does_not_use_up_a_guess(client):
    for _ in range(limits.CODES_PER_MINUTE + 2):
        code = client.post("/v1/games", json=PRIVATE).json["code"]
        joined = client.post("/v1/tables/join", json={"code": code.lower(), "name": "x"})
        assert joined.status_code == 201


def test_join_codes_are_stored_hashed(app, client):
    created = client.post("/v1/games", json=PRIVATE).json
    with Session(app.extensions["db_engine"]) as session:
        game = session.scalars(select(Game)).one()
        stored = " ".join(str(getattr(game, column.key)) for column in Game.__table__.columns)
    assert created["code"] not in stored
    assert client.get(f"/v1/games/{created['id']}").json.get("code") is None


@pytest.mark.parametrize(
    "action, request_",
    [
        ("create", lambda client, game: client.post("/v1/games", json={"type": "old-maid"})),
        (
            "join",
            lambda client, game: client.post(f"/v1/games/{game}/players", json={"name": "x"}),
        ),
    ],
)
def test_creating_and_joining_are_limited_per_client(client, monkeypatch, action, request_):
    monkeypatch.setitem(limits.PER_MINUTE, action, 3)
    family = {"type": "old-maid", "seats": 8, "options": {"preset": "family"}}
    game = client.post("/v1/games", json=family).json["id"]
    left = 3 - (action == "create")  # creating the table above counted as one
    answers = [request_(client, game) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [201] * left + [429] * (5 - left)
    refused = assert_problem(answers[-1], 429, "too_many_requests")
    assert "address" in refused["detail"]
    assert 0 < int(answers[-1].headers["Retry-After"]) <= 60
    if action == "join":
        assert len(client.get(f"/v1/games/{game}").json["seats"]) == 3
    other = request_(client.application.test_client(), game)
    other_address = client.post(
        "/v1/games", json={"type": "old-maid"}, environ_base={"REMOTE_ADDR": "10.1.2.3"}
    )
    assert other.status_code == 429, "the same address"
    assert other_address.status_code == 201, "the limit is per client"


def test_behind_a_proxy_the_forwarded_address_is_the_client(database_url, client, monkeypatch):
    from service import create_app

    monkeypatch.setitem(limits.PER_MINUTE, "create", 1)
    proxied = create_app({"DATABASE_URL": database_url, "PROXY_HOPS": 1}).test_client()
    for address in ("10.0.0.1", "10.0.0.2"):
        answer = proxied.post(
            "/v1/games", json={"type": "old-maid"}, headers={"X-Forwarded-For": address}
        )
        assert answer.status_code == 201, "one each: two clients behind one proxy"
    again = proxied.post(
        "/v1/games", json={"type": "old-maid"}, headers={"X-Forwarded-For": "10.0.0.1"}
    )
    assert again.status_code == 429


def proxied_app(database_url, **settings):
    """An app behind proxies (PROXY_HOPS 1 unless said), on the suite's database."""
    from service import create_app

    return create_app({"DATABASE_URL": database_url, "PROXY_HOPS": 1, **settings}).test_client()


def create(app_client, peer: str, forwarded: str) -> int:
    """Create a table from ``peer`` (the connection's address) saying ``forwarded``."""
    return app_client.post(
        "/v1/games",
        json={"type": "old-maid"},
        headers={"X-Forwarded-For": forwarded},
        environ_base={"REMOTE_ADDR": peer},
    ).status_code


def test_a_direct_clients_forwarded_address_is_ignored(database_url, client, monkeypatch):
    monkeypatch.setitem(limits.PER_MINUTE, "create", 1)
    proxied = proxied_app(database_url)  # the loopback is the only proxy by default
    answers = [create(proxied, "203.0.113.9", f"10.0.0.{n}") for n in (1, 2, 3)]
    assert answers == [201, 429, 429], "one client, whatever it says it forwards for"


def test_only_a_listed_proxys_forwarded_address_is_honoured(database_url, client, monkeypatch):
    monkeypatch.setitem(limits.PER_MINUTE, "create", 1)
    proxied = proxied_app(database_url, FORWARDED_ALLOW_IPS="192.0.2.0/24, 2001:db8::1")
    assert create(proxied, "192.0.2.10", "10.0.0.1") == 201
    assert create(proxied, "192.0.2.11", "10.0.0.2") == 201, "another client, same network"
    assert create(proxied, "2001:db8::1", "10.0.0.3") == 201
    assert create(proxied, "192.0.2.10", "10.0.0.1") == 429, "the first client again"
    # the loopback is not listed any more: what it forwards is its own doing
    assert [create(proxied, "127.0.0.1", f"10.0.1.{n}") for n in (1, 2)] == [201, 429]


def test_forwarded_hops_are_read_from_the_right_while_a_proxy_wrote_them(
    database_url, client, monkeypatch
):
    monkeypatch.setitem(limits.PER_MINUTE, "create", 1)
    proxied = proxied_app(database_url, PROXY_HOPS=2, FORWARDED_ALLOW_IPS="127.0.0.1,192.0.2.5")
    # 198.51.100.7 is no proxy: whatever stands left of it, it wrote itself
    assert create(proxied, "127.0.0.1", "10.0.0.1, 198.51.100.7") == 201
    assert create(proxied, "127.0.0.1", "10.0.0.2, 198.51.100.7") == 429
    # past the proxy 192.0.2.5, its client; the same one reaching the loopback proxy directly
    assert create(proxied, "127.0.0.1", "10.0.0.3, 198.51.100.8, 192.0.2.5") == 201
    assert create(proxied, "127.0.0.1", "198.51.100.8") == 429
    # never more than PROXY_HOPS: two proxies listed, a third hop is not read
    assert create(proxied, "127.0.0.1", "10.0.0.4, 192.0.2.5, 192.0.2.5") == 201
    assert create(proxied, "127.0.0.1", "10.0.0.5, 192.0.2.5, 192.0.2.5") == 429
