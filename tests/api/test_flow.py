"""A whole Old Maid game over HTTP, from creating the table to the last card."""

import hashlib

from .table import Table, bearer


def test_four_players_play_old_maid_to_the_end(client):
    table = Table.create(client, players=4, seed=2026)
    summary = table.summary().json
    assert summary["status"] == "playing"
    assert summary["round"] == 1
    assert sum(seat["cards"] for seat in summary["seats"]) <= 51
    assert summary["turn"] in range(4)

    table.play_to_end()

    summary = table.summary().json
    assert summary["status"] == "finished"
    assert summary["turn"] is None
    holding = [seat for seat in summary["seats"] if seat["cards"]]
    assert len(holding) == 1 and holding[0]["cards"] == 1

    log = table.events(0).json
    seqs = [event["seq"] for event in log["events"]]
    assert seqs == list(range(1, len(seqs) + 1))
    assert log["last_seq"] == seqs[-1]
    over = log["events"][-1]
    assert over["type"] == "game_over"
    assert over["data"]["losers"] == [holding[0]["seat"]]
    assert over["data"]["seed"] == 2026
    commitment = hashlib.sha256(b"2026").hexdigest()
    assert table.view(1).json["seed_commitment"] == commitment
    assert summary["seed_commitment"] == commitment


def test_a_move_answer_carries_its_events_and_the_new_view(client):
    table = Table.create(client, players=3, seed=9)
    version = table.summary().json["version"]
    seat, answer = table.play_one()
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
    assert first.headers["ETag"] == f'"{first.json["version"]}"'
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


def test_the_catalogue_describes_old_maid(client):
    games = client.get("/v1/catalog").json["games"]
    old_maid = next(game for game in games if game["slug"] == "old-maid")
    assert old_maid["players"] == {"min": 2, "max": 4}
    preset = next(option for option in old_maid["options"] if option["name"] == "preset")
    assert preset["default"] == "online" and "online" in preset["allowed"]
    assert old_maid["deck"]["cards"] == 51


def test_health_and_readiness(client):
    assert client.get("/v1/health").json == {"status": "ok"}
    assert client.get("/v1/ready").status_code == 200


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
