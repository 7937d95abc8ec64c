"""``SCALING.md``'s rule 2, held on plain PostgreSQL: every statement a table's life sends
to a game's tables names that game's id, so each stays one shard's business on Citus.
Only the lobby (rule 7) and a private code's look-up (rule 4) read across games."""

import re
import uuid

import pytest
from sqlalchemy import event

from .table import Table, bearer

pytestmark = pytest.mark.postgres
GAME_TABLES = re.compile(r"\b(games|seats|events|idempotent_answers)\b")


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

    game_id = uuid.UUID(table.id)
    on_game_tables = [
        (sql, params)
        for sql, params in statements
        if GAME_TABLES.search(sql) and "code_hash =" not in sql  # the code's look-up
    ]
    assert len(on_game_tables) > 20
    for sql, params in on_game_tables:
        named = {value for value in params.values() if isinstance(value, uuid.UUID | str)}
        assert named & {game_id, table.id}, f"a statement that names no game:\n{sql}"
