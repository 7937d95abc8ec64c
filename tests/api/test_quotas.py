"""Per-client quotas: tables created, seats taken, join codes guessed. Counted atomically,
so concurrent requests cannot slip past them; codes are stored hashed."""

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select

from service.store import limits
from service.store.models import Game

from .test_errors import assert_problem

PRIVATE = {"type": "old-maid", "seats": 4, "visibility": "private"}


@pytest.mark.postgres
def test_concurrent_wrong_codes_are_counted_before_any_is_checked(app, client):
    def guess(_):
        return app.test_client().post("/v1/tables/join", json={"code": "ZZZZ2222", "name": "x"})

    with ThreadPoolExecutor(40) as pool:
        answers = list(pool.map(guess, range(40)))
    statuses = Counter(answer.status_code for answer in answers)
    allowed = limits.PER_MINUTE["code_guess"]
    assert statuses == {403: allowed, 429: 40 - allowed}


def test_a_right_code_does_not_use_up_a_guess(client):
    for _ in range(limits.PER_MINUTE["code_guess"] + 2):
        code = client.post("/v1/games", json=PRIVATE).json["code"]
        joined = client.post("/v1/tables/join", json={"code": code.lower(), "name": "x"})
        assert joined.status_code == 201


def test_join_codes_are_stored_hashed(app, client):
    created = client.post("/v1/games", json=PRIVATE).json
    with app.extensions["db_sessions"]() as session:
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
