"""``store.games`` sends its hot statements straight to psycopg when they run on their
own (autocommit): what it sends is what SQLAlchemy would send, SQLAlchemy's engine
events see it (the shard check captures statements so), and a failure is SQLAlchemy's
exception, a dead connection discarded as SQLAlchemy discards it."""

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import DBAPIError

from service.store import games
from service.store.unit import Unit

from .table import Table
from .test_load import _resumed

pytestmark = pytest.mark.postgres


@contextmanager
def sent(engine) -> Iterator[list[tuple[str, dict[str, Any], bool]]]:
    """(statement, its parameters, whether SQLAlchemy ran it) of each statement sent."""
    log: list[tuple[str, dict[str, Any], bool]] = []

    def capture(_conn, _cursor, statement, parameters, context, _many):
        log.append((statement, parameters, context is not None))

    event.listen(engine, "before_cursor_execute", capture)
    try:
        yield log
    finally:
        event.remove(engine, "before_cursor_execute", capture)


def comparable(parameters: dict[str, Any]) -> dict[str, Any]:
    """psycopg's JSON wrappers compare by what they wrap."""
    return {
        name: (type(value).__name__, getattr(value, "obj", value))
        for name, value in parameters.items()
    }


def test_a_read_on_its_own_is_sent_by_psycopg_as_sqlalchemy_sends_it_in_a_transaction(app, client):
    game_id = uuid.UUID(Table.create(client, players=2, seats=2).id)
    engine = app.extensions["db_engine"]
    with Unit(engine) as unit, sent(engine) as log:
        on_its_own = games.load(unit.connection(), game_id)
        page_on_its_own = games.load_page(unit.connection(), game_id, 0, 10)
        with unit.transaction():
            in_transaction = games.load(unit.connection(), game_id)
            page_in_transaction = games.load_page(unit.connection(), game_id, 0, 10)
    assert on_its_own == in_transaction is not None
    assert page_on_its_own == page_in_transaction is not None
    (read, page, sqlalchemy_read, sqlalchemy_page) = log
    assert (read[2], page[2], sqlalchemy_read[2], sqlalchemy_page[2]) == (False, False, True, True)
    assert read[:2] == sqlalchemy_read[:2] and page[:2] == sqlalchemy_page[:2]


def test_a_save_on_its_own_is_sent_by_psycopg_as_sqlalchemy_sends_it(app, client, monkeypatch):
    game_id = uuid.UUID(Table.create(client, players=2, seats=2).id)
    engine = app.extensions["db_engine"]
    given: list[tuple[Any, dict[str, Any]]] = []  # the statements and values the store gave
    first_row = games._first_row

    def spied(connection, statement, values):
        given.append((statement, values))
        return first_row(connection, statement, values)

    monkeypatch.setattr(games, "_first_row", spied)
    with Unit(engine) as unit, sent(engine) as log:
        game = games.load(unit.connection(), game_id)
        assert game is not None
        unit.add(_resumed(game))
        unit.commit()
    _, (statement, parameters, by_sqlalchemy) = log
    assert not by_sqlalchemy
    with engine.connect() as connection, sent(engine) as again:
        connection.execute(text("SELECT 1"))  # a transaction begun: SQLAlchemy's path
        with pytest.raises(DBAPIError):  # sent, then refused: the version moved on
            first_row(connection, *given[-1])
    _, (sqlalchemy_statement, sqlalchemy_parameters, by_sqlalchemy) = again
    assert by_sqlalchemy and sqlalchemy_statement == statement
    assert comparable(sqlalchemy_parameters) == comparable(parameters)


def test_a_read_whose_connection_died_is_sqlalchemys_error_and_the_connection_discarded(
    app, client
):
    game_id = uuid.UUID(Table.create(client, players=2, seats=2).id)
    engine = app.extensions["db_engine"]
    with Unit(engine) as unit:
        connection = unit.connection()
        backend = connection.connection.driver_connection.info.backend_pid
        with engine.connect() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": backend})
            other.commit()
        with pytest.raises(DBAPIError) as failed:
            games.load(connection, game_id)
        assert failed.value.connection_invalidated and connection.invalidated
    with Unit(engine) as unit:
        assert games.load(unit.connection(), game_id) is not None


def test_a_move_with_an_idempotency_key_is_one_read_and_one_save_as_without(app, client):
    """The answers stored with the key come in the game's own read; a replay is answered
    from that read, with nothing saved."""
    table = Table.create(client, players=2, seats=2, seed=5)
    engine = app.extensions["db_engine"]

    def statements_of_a_move(**headers):
        seat = table.turn()
        move = table.view(seat).json["legal_moves"][0]
        with sent(engine) as log:
            answer = table.move(seat, move, **headers)
        assert answer.status_code == 201, answer.json
        return [statement.split()[0] for statement, _, _ in log], (seat, move)

    plain, _ = statements_of_a_move()
    keyed, (seat, move) = statements_of_a_move(**{"Idempotency-Key": "once"})
    assert plain == keyed == ["SELECT", "SELECT"]  # the game's read, save_game_change
    with sent(engine) as log:
        replayed = table.move(seat, move, **{"Idempotency-Key": "once"})
    assert replayed.status_code == 201
    assert [statement.split()[0] for statement, _, _ in log] == ["SELECT"]
