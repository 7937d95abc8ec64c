"""A whole Old Maid game over HTTP, from creating the table to the last card."""

import hashlib

import pytest

from service import worker

from .table import Table, bearer
from .test_supervision import wait_for


def test_four_players_play_old_maid_to_the_end(client):
    table = Table.create(client, players=4, seed=2026)
    summary = table.summary().json
    assert summary["status"] == "playing"
    assert summary["round"] == 1
    assert sum(seat["cards"] for seat in summary["seats"]) <= 51
    assert summary["turn"] in range(4)

    table.play_round()

    summary = table.summary().json
    assert summary["status"] == "round_over"
    assert summary["turn"] is None
    holding = [seat for seat in summary["seats"] if seat["cards"]]
    assert len(holding) == 1 and holding[0]["cards"] == 1
    loser = holding[0]["seat"]
    assert [seat["rounds_lost"] for seat in summary["seats"]] == [int(s == loser) for s in range(4)]
    assert all(seat["rounds_won"] == int(seat["seat"] != loser) for seat in summary["seats"])

    finished = table.end()
    assert finished["status"] == "finished"
    log = table.events(0).json
    seqs = [event["seq"] for event in log["events"]]
    assert seqs == list(range(1, len(seqs) + 1))
    assert log["last_seq"] == seqs[-1]
    over = log["events"][-1]
    assert over["type"] == "game_over"
    assert (over["data"]["seed"], over["data"]["reason"]) == ("2026", "host_ended")
    assert over["data"]["standings"][loser] == {
        "seat": loser,
        "rounds_won": 0,
        "rounds_lost": 1,
        "score": None,
    }
    nonce = int(over["data"]["nonce"])
    commitment = hashlib.sha256(nonce.to_bytes(16, "big") + b"2026").hexdigest()
    assert table.view(1).json["seed_commitment"] == commitment
    assert summary["seed_commitment"] == commitment


def deal_events(table):
    return [e for e in table.events(None).json["events"] if e["type"] == "deal"]


def test_a_three_round_old_maid_table_moves_the_dealer_left(client):
    table = Table.create(client, players=4, seed=303)
    first_dealer = table.summary().json["dealer"]
    losers = []
    for round_number in (1, 2, 3):
        summary = table.summary().json
        assert summary["round"] == round_number
        assert summary["dealer"] == (first_dealer + round_number - 1) % 4
        table.play_round()
        losers.append(table.events(None).json["events"][-1]["data"]["loser"])
        if round_number < 3:
            # between rounds any seated player may deal, not only the host
            table.deal(token=table.tokens[round_number])
    dealers = [event["data"]["dealer"] for event in deal_events(table)]
    assert dealers == [first_dealer, (first_dealer + 1) % 4, (first_dealer + 2) % 4]
    summary = table.summary().json
    assert summary["status"] == "round_over"
    assert [seat["rounds_lost"] for seat in summary["seats"]] == [losers.count(s) for s in range(4)]
    assert sum(seat["rounds_won"] for seat in summary["seats"]) == 3 * 3
    rounds = {event["round"] for event in table.events(None).json["events"]}
    assert rounds == {0, 1, 2, 3}  # 0: the seats taken before the first deal


@pytest.mark.parametrize("rule", ["loser", "fixed"])
def test_a_three_round_blind_date_table_gives_the_deal_by_its_rule(client, rule):
    table = Table.create(client, type="blind-date", players=5, seed=7, options={"dealer": rule})
    expected = [table.summary().json["dealer"]]
    for round_number in (1, 2, 3):
        assert table.summary().json["dealer"] == expected[-1]
        table.play_round()
        if round_number < 3:
            loser = table.events(None).json["events"][-1]["data"]["loser"]
            expected.append(loser if rule == "loser" else expected[0])
            table.deal()
    assert [event["data"]["dealer"] for event in deal_events(table)] == expected


def test_only_the_host_ends_the_match_and_only_once(client):
    table = Table.create(client, players=2, seed=1)
    assert client.post(f"/v1/games/{table.id}/end").status_code == 401
    refused = client.post(f"/v1/games/{table.id}/end", headers=bearer(table.tokens[0]))
    assert refused.status_code == 403 and refused.json["code"] == "forbidden"
    table.end()
    again = client.post(f"/v1/games/{table.id}/end", headers=bearer(table.host))
    assert again.status_code == 409 and again.json["code"] == "wrong_phase"
    dealt = client.post(f"/v1/games/{table.id}/deal", headers=bearer(table.host))
    assert dealt.status_code == 409


def test_a_spectator_cannot_deal_between_rounds(client):
    table = Table.create(client, players=2, seed=1)
    table.play_round()
    assert client.post(f"/v1/games/{table.id}/deal").status_code == 401
    assert table.summary().json["status"] == "round_over"


def test_a_move_answer_carries_its_events_and_the_new_view(client):
    table = Table.create(client, players=3, seed=9)
    version = table.summary().json["version"]
    seat, _, answer = table.play_one()
    body = answer.json
    assert body["events"][0]["type"] == "take"
    assert body["events"][0]["seat"] == seat
    assert "card" in body["events"][0]["data"], "the taker sees the card she took"
    assert body["view"]["seat"] == seat
    assert body["view"]["version"] == version + 1
    assert body["view"]["legal_moves"] == [] or body["view"]["turn"] == seat


def test_the_view_lists_exactly_the_positions_of_the_offered_hand(client):
    table = Table.create(client, players=2, seed=4)
    seat = table.turn()
    view = table.view(seat).json
    offer = view["offer"]
    assert view["legal_moves"] == [
        {"type": "take", "from_seat": offer["from_seat"], "position": p}
        for p in range(offer["positions"])
    ]
    assert table.view(1 - seat).json["legal_moves"] == []


def test_the_summary_has_an_etag_of_its_version(client):
    table = Table.create(client, players=2, seed=4)
    first = table.summary()
    assert first.headers["ETag"] == f'W/"{first.json["version"]}"'
    unchanged = client.get(
        f"/v1/games/{table.id}", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert unchanged.status_code == 304
    table.play_one()
    changed = client.get(f"/v1/games/{table.id}", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200
    assert changed.json["version"] > first.json["version"]


def test_private_tables_are_joined_by_code_and_kept_out_of_the_lobby(client):
    created = client.post(
        "/v1/games", json={"type": "old-maid", "seats": 2, "visibility": "private"}
    )
    code = created.json["code"]
    assert len(code) == 8 and not set(code) & set("01IO")
    joined = client.post("/v1/tables/join", json={"code": code.lower(), "name": "Ann"})
    assert joined.status_code == 201
    assert joined.json["game_id"] == created.json["id"]
    assert joined.json["seat"] == 0
    by_id = client.post(
        f"/v1/games/{created.json['id']}/players", json={"name": "Bo", "code": code}
    )
    assert by_id.status_code == 201 and by_id.json["seat"] == 1
    lobby = client.get("/v1/games").json
    assert created.json["id"] not in [game["id"] for game in lobby["games"]]


def test_the_lobby_lists_public_tables_filtered_and_a_page_at_a_time(client):
    ids = [Table.create(client, players=2, deal=False).id for _ in range(5)]
    started = Table.create(client, players=2)
    page = client.get("/v1/games?limit=3&status=waiting").json
    assert [game["id"] for game in page["games"]] == ids[::-1][:3]
    rest = client.get(f"/v1/games?limit=3&status=waiting&cursor={page['next_cursor']}").json
    assert [game["id"] for game in rest["games"]] == ids[::-1][3:]
    assert rest["next_cursor"] is None
    playing = client.get("/v1/games?status=playing&type=old-maid").json["games"]
    assert [game["id"] for game in playing] == [started.id]


@pytest.mark.parametrize("cursor", ["0-" + "0" * 32, "9999999999999999-" + "f" * 32])
def test_every_cursor_the_schema_admits_is_a_place_in_the_lobby(client, cursor):
    Table.create(client, players=2, deal=False)
    page = client.get(f"/v1/games?cursor={cursor}")
    assert page.status_code == 200, page.json
    assert len(page.json["games"]) == (0 if cursor.startswith("0-") else 1)


def test_the_catalogue_describes_every_option(client):
    games = {game["slug"]: game for game in client.get("/v1/catalog").json["games"]}
    old_maid = games["old-maid"]
    # its online rules (the default preset) take 2-4, its family game 2-8
    assert old_maid["players"] == {"min": 2, "max": 8, "by_default": {"min": 2, "max": 4}}
    options = {option["name"]: option for option in old_maid["options"]}
    assert set(options) == {"preset", "take_from", "pair_by", "odd_card", "remove_queens"}
    assert options["preset"]["default"] == "online"
    assert options["preset"]["allowed"] == ["online", "family"]
    assert options["odd_card"]["allowed"] == ["queen", "jack", "joker"]
    blind_date = games["blind-date"]
    assert blind_date["players"] == {"min": 2, "max": 12, "by_default": {"min": 2, "max": 12}}
    assert {option["name"] for option in blind_date["options"]} == {"deck", "dealer"}
    cards = blind_date["deck"]["cards"]
    assert len(cards) == 72
    named = {card["id"]: card["name"] for card in cards if "name" in card}
    assert named == {"G1-M-01": "Jacob", "G1-F-01": "Emily"}
    assert {(card["generation"], card["sex"]) for card in cards} == {
        (g, s) for g in range(1, 7) for s in "MF"
    }


def test_health_and_readiness(app, client):
    assert client.get("/v1/health").json == {"status": "ok", "waiters": 0}
    worker.beat(app.extensions["db_engine"])
    assert client.get("/v1/ready").status_code == 200


def test_readiness_fails_while_a_started_listener_stays_away(database_url, monkeypatch):
    """Its waiters would get no events: better this instance leave the balancer."""
    from service import create_app
    from service.api import health

    monkeypatch.setattr(health, "LISTENER_AWAY_SECONDS", 0.2)
    app = create_app({"DATABASE_URL": database_url, "WORKER_HEARTBEAT_SECONDS": 0})
    hub = app.extensions["changes"]
    assert app.test_client().get("/v1/ready").status_code == 200, "never started: ready"
    hub._conninfo = "postgresql://nobody@127.0.0.1:1/away"  # its connections are refused
    try:
        hub.start()
        wait_for(lambda: hub.away_seconds() > health.LISTENER_AWAY_SECONDS)  # refused so long
        answer = app.test_client().get("/v1/ready")
        assert answer.status_code == 503
        assert "listener" in answer.json["detail"]
    finally:
        hub.stop()


@pytest.mark.postgres
def test_readiness_looks_again_when_its_pooled_connection_died(database_url, monkeypatch):
    """PostgreSQL restarted within the second a pooled connection may sit idle unchecked:
    readiness finds it dead and looks once more on a fresh one, as every read does,
    rather than answering one 503 between 200s."""
    from sqlalchemy import create_engine, text

    from service import create_app
    from service.store import db

    monkeypatch.setattr(db, "PING_IDLE_SECONDS", float("inf"))  # on any machine: unchecked
    app = create_app({"DATABASE_URL": database_url, "WORKER_HEARTBEAT_SECONDS": 0})
    engine = app.extensions["db_engine"]
    try:
        assert app.test_client().get("/v1/ready").status_code == 200
        with engine.connect() as pooled:  # the pool's one connection
            backend = pooled.connection.driver_connection.info.backend_pid
        other = create_engine(database_url)
        with other.begin() as connection:  # what a restart does to it
            connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": backend})
        other.dispose()
        answer = app.test_client().get("/v1/ready")
        assert answer.status_code == 200, answer.json
    finally:
        engine.dispose()


def test_readiness_fails_on_an_unmigrated_database(tmp_path):
    from service import create_app

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite'}"})
    answer = app.test_client().get("/v1/ready")
    assert answer.status_code == 503
    assert answer.json["code"] == "not_ready"


def test_readiness_fails_without_migration_scripts(database_url, tmp_path):
    from service import create_app

    app = create_app({"DATABASE_URL": database_url, "MIGRATIONS_DIR": str(tmp_path)})
    answer = app.test_client().get("/v1/ready")
    assert answer.status_code == 503
    assert answer.json["code"] == "not_ready"


def test_a_spectator_sees_the_table_but_no_hand(client):
    table = Table.create(client, players=3, seed=5)
    view = table.view(None).json
    assert view["seat"] is None
    assert view["hand"] is None
    assert view["legal_moves"] == []
    assert len(view["players"]) == 3


def test_the_host_token_may_read_but_plays_no_seat(client):
    table = Table.create(client, players=2, seed=5)
    view = client.get(f"/v1/games/{table.id}/view", headers=bearer(table.host)).json
    assert view["seat"] is None


def test_a_move_that_changes_only_a_hand_is_saved(client):
    """A Crazy Eights draw changes nothing but a hand and the stock: it must persist."""
    table = Table.create(client, type="crazy-eights", players=2, seed=5)
    seat = table.turn()
    before = table.view(seat).json
    answer = table.move(seat, {"type": "draw"})
    drawn = answer.json["events"][0]["data"]["card"]
    after = table.view(seat).json
    assert drawn in after["hand"] and len(after["hand"]) == len(before["hand"]) + 1
    assert after["stock"] == before["stock"] - 1


def test_crazy_eights_plays_rounds_until_a_player_reaches_the_target(client):
    table = Table.create(
        client, type="crazy-eights", players=3, seed=88, options={"target_score": 60}
    )
    first_dealer = table.summary().json["dealer"]
    rounds = 0
    while table.summary().json["status"] != "finished":
        if table.summary().json["status"] == "round_over":
            table.deal(token=table.tokens[0])
        table.play_round()
        rounds += 1
        assert rounds < 50
    summary = table.summary().json
    scores = [seat["score"] for seat in summary["seats"]]
    assert max(scores) >= 60
    ends = [e for e in table.events(None).json["events"] if e["type"] == "round_over"]
    assert len(ends) == rounds == summary["round"]
    assert scores == [sum(end["data"]["points"][s] for end in ends) for s in range(3)]
    dealers = [
        e["data"]["dealer"] for e in table.events(None).json["events"] if e["type"] == "deal"
    ]
    assert dealers == [(first_dealer + r) % 3 for r in range(rounds)], "the dealer moves left"
    over = table.events(None).json["events"][-1]
    assert over["type"] == "game_over" and over["data"]["seed"] == "88"
    assert over["data"]["reason"] == "target_reached"


def test_a_single_crazy_eights_round_finishes_the_match(client):
    table = Table.create(
        client, type="crazy-eights", players=2, seed=3, options={"target_score": None}
    )
    table.play_round()
    assert table.summary().json["status"] == "finished"


def test_go_fish_through_the_api(client):
    table = Table.create(client, type="go-fish", players=4, seed=21)
    table.play_round()
    summary = table.summary().json
    assert summary["status"] == "round_over"
    over = next(e for e in table.events(None).json["events"] if e["type"] == "round_over")
    books = over["data"]["books"]
    assert [len(seat["books"]) for seat in summary["seats"]] == books
    spectator = table.view(None).json["players"]
    assert [seat["books"] for seat in summary["seats"]] == [p["books"] for p in spectator]
    winners = [s for s, n in enumerate(books) if n == max(books)]
    assert over["data"]["winners"] == winners
    assert [seat["rounds_won"] for seat in summary["seats"]] == [
        int(s in winners) for s in range(4)
    ]


def test_a_page_of_events_holds_its_own_game_s_events_in_order_and_no_other(client):
    """Pages are a range of the game's ``seq`` (1, 2, 3... with no gap), read with the
    game: other tables with events of the same numbers never show, and a page holds at
    most ``limit`` events from ``after`` on."""
    tables = [Table.create(client, players=3, seed=seed) for seed in (1, 2, 3)]
    for table in tables:
        table.play_one()
    for table in tables:
        full = table.events(0).json
        events = full["events"]
        assert [event["seq"] for event in events] == list(range(1, full["last_seq"] + 1))
        page = table.events(0, after=2, limit=3).json
        assert page["events"] == events[2:5] and page["last_seq"] == full["last_seq"]
        assert table.events(0, after=full["last_seq"], limit=3).json["events"] == []
        largest = table.events(0, after=2**31 - 1, limit=500)  # after + limit past int4
        assert largest.status_code == 200 and largest.json["events"] == []
    own_hands = [
        next(e["data"]["hand"] for e in t.events(0).json["events"] if "hand" in e["data"])
        for t in tables
    ]
    assert len({tuple(hand) for hand in own_hands}) == 3, "each table its own deal"
