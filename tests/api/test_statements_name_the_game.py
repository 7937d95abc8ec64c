"""``SCALING.md``'s rule 2, held on plain PostgreSQL: every statement a table's life sends
to a game's tables names that game's id, so each stays one shard's business on Citus.
Only the lobby (rule 7), a private code's look-up (rule 4) and the worker's pick of due
games (rule 6) read across games."""

import re
import uuid
from datetime import timedelta

import pytest
from sqlalchemy import event

from service import worker
from service.table import clock

from .table import Table, bearer

pytestmark = pytest.mark.postgres
GAME_TABLES = re.compile(r"\b(games|events|idempotent_answers)\b")


@pytest.fixture
def statements(app):
    sent: list[tuple[str, dict]] = []

    def capture(_conn, _cursor, statement, parameters, _context, _many):
        sent.append((statement, parameters if isinstance(parameters, dict) else {}))

    engine = app.extensions["db_engine"]
    event.listen(engine, "before_cursor_execute", capture)
    yield sent
    event.remove(engine, "before_cursor_execute", capture)


def test_every_statement_of_a_tables_life_names_its_game(client, statements):
    table = Table.create(client, players=2, seats=3, deal=False, visibility="private")
    joined = client.post("/v1/tables/join", json={"code": table.code, "name": "late"})
    assert joined.status_code == 201
    table.tokens.append(joined.json["token"])
    assert client.post(f"/v1/games/{table.id}/deal", headers=bearer(table.host)).status_code == 200
    for number in range(6):
        seat = table.turn()
        move = table.view(seat).json["legal_moves"][0]
        assert table.move(seat, move, **{"Idempotency-Key": f"k-{number}"}).status_code == 201
    table.events(after=0)
    table.summary()
    client.post(f"/v1/games/{table.id}/leave", headers=bearer(table.tokens[0]))
    assert client.post(f"/v1/games/{table.id}/end", headers=bearer(table.host)).status_code == 200

    assert_each_names(table.id, statements)


def test_every_statement_of_bots_and_clocks_names_its_game(app, client, statements, monkeypatch):
    """Seats filled with bots at the deal, a bot's move applied by a read when due, and
    the next one by the worker."""
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    table = Table.create(client, players=0, seats=3, deal=False, think_seconds=2, seed=5)
    dealt = client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "basic"}, headers=bearer(table.host)
    )
    assert dealt.status_code == 200
    before = table.events().json["last_seq"]
    now[0] += timedelta(seconds=30)
    table.summary()  # applies what is due
    now[0] += timedelta(seconds=30)
    worker.sweep(app.extensions["db_engine"])
    assert table.events().json["last_seq"] > before, "bots moved"
    assert_each_names(
        table.id, [(sql, params) for sql, params in statements if WORKER_PICK not in sql]
    )


WORKER_PICK = "games.next_action_at <="  # rule 6: candidates, each then changed on its own


def assert_each_names(game_id: str, statements: list[tuple[str, dict]]) -> None:
    on_game_tables = [
        (sql, params)
        for sql, params in statements
        if GAME_TABLES.search(sql) and "code_hash =" not in sql  # the code's look-up
    ]
    assert len(on_game_tables) > 5
    for sql, params in on_game_tables:
        named = {value for value in params.values() if isinstance(value, uuid.UUID | str)}
        assert named & {uuid.UUID(game_id), game_id}, f"a statement that names no game:\n{sql}"
