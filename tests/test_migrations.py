"""The migrations build exactly the schema the models describe, and go down again."""

import uuid
from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Uuid, bindparam, create_engine, inspect, select, text
from sqlalchemy.orm import Session

from service.store import games
from service.store.models import Base, Game

from .databases import fresh_database, migrate


def test_migrated_schema_matches_the_models(database_url):
    engine = create_engine(database_url)
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert diff == []


def insert_game(connection, game_id: uuid.UUID, **values) -> None:
    """A public game of three seats, its row as the migrations 0005 to 0008 left it:
    ``type``, ``status``, ``round`` and optionally ``match`` (JSON text) given."""
    connection.execute(
        text(
            "INSERT INTO games (id, type, options, visibility, max_seats, host_token_hash,"
            " status, round, version, seed, rng_counter, last_seq, created_at, updated_at,"
            " match, clock, think_seconds, seeded)"
            " VALUES (:game, :type, '{}', 'public', 3, 'h', :status, :round, 1, '1', 0, 0,"
            " '2026-01-01', '2026-01-01', :match, '{}', 1.0, false)"
        ).bindparams(bindparam("game", type_=Uuid)),
        {"game": game_id, "match": "{}", **values},
    )


@pytest.fixture
def scratch_url(tmp_path):
    return f"sqlite:///{tmp_path / 'scratch.sqlite'}"


def test_downgrade_to_base_and_up_again(scratch_url):
    migrate(scratch_url)
    engine = create_engine(scratch_url)
    assert {"games", "events", "idempotent_answers", "join_codes"} <= set(
        inspect(engine).get_table_names()
    )
    migrate(scratch_url, "base", down=True)
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    migrate(scratch_url)
    assert "games" in inspect(engine).get_table_names()
    engine.dispose()


def test_the_match_column_arrives_with_existing_games(scratch_url):
    migrate(scratch_url, "0001")
    engine = create_engine(scratch_url)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO games (id, type, options, visibility, max_seats, host_token_hash,"
                " status, round, version, seed, rng_counter, last_seq, created_at, updated_at)"
                " VALUES ('00000000000000000000000000000001', 'old-maid', '{}', 'public', 4,"
                " 'h', 'waiting', 0, 1, '1', 0, 0, '2026-01-01', '2026-01-01')"
            )
        )
    migrate(scratch_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT match FROM games")).scalar_one() in ("{}", {})
    engine.dispose()


def test_the_rounds_leave_the_match_for_a_column_of_their_own_and_come_back(scratch_url):
    """0006 moves the finished rounds' results out of the match record and counts each
    seat's totals, which standings read from then on; going down puts them back."""
    import json

    rounds = [
        {"winners": [0], "losers": [2], "detail": {}, "points": []},
        {"winners": [1], "losers": [2], "detail": {}, "points": [3, 0, 7]},
        {"winners": [1], "losers": [0], "detail": {}, "points": [0, 0, 5]},
    ]
    migrate(scratch_url, "0005")
    engine = create_engine(scratch_url)
    match = json.dumps({"dealer": 1, "round_moves": 4, "rounds": rounds, "memory": {}})
    with engine.begin() as connection:
        insert_game(
            connection,
            uuid.UUID("00000000-0000-0000-0000-000000000002"),
            type="crazy-eights",
            status="round_over",
            round=3,
            match=match,
        )
    migrate(scratch_url)
    with engine.connect() as connection:
        row = connection.execute(text("SELECT match, rounds FROM games")).one()
    moved = json.loads(row.match)
    assert json.loads(row.rounds) == rounds
    assert (moved["won"], moved["lost"], moved["score"]) == ([1, 2, 0], [1, 0, 2], [3, 0, 12])
    assert "rounds" not in moved and moved["round_moves"] == 4
    migrate(scratch_url, "0005", down=True)
    with engine.connect() as connection:
        back = json.loads(connection.execute(text("SELECT match FROM games")).scalar_one())
    assert back == {"dealer": 1, "round_moves": 4, "rounds": rounds, "memory": {}}
    engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def any_scratch_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'scratch.sqlite'}"
        return
    with fresh_database(request.config.test_server_url) as url:
        yield url


def test_the_seats_move_into_their_games_row_and_back(any_scratch_url):
    """0009 copies each game's seats into its row, in seat order; going down copies them
    back into a table of their own."""
    migrate(any_scratch_url, "0008")
    if any_scratch_url.startswith("postgresql"):
        migrate(any_scratch_url, "0008", down=True)  # a fresh database starts at head
    engine = create_engine(any_scratch_url)
    game = "00000000-0000-4000-8000-000000000003"
    seats = [
        (1, "Bo", "basic", "t1", "2026-01-02 03:04:05+00:00"),
        (0, "Al", None, "t0", "2026-01-01 00:00:00+00:00"),
    ]
    with engine.begin() as connection:
        insert_game(connection, uuid.UUID(game), type="go-fish", status="waiting", round=0)
        connection.execute(
            text(
                "INSERT INTO seats (game_id, seat, name, bot, token_hash, joined_at)"
                " VALUES (:game, :seat, :name, :bot, :token_hash, :joined_at)"
            ).bindparams(bindparam("game", type_=Uuid)),
            [
                dict(
                    zip(("seat", "name", "bot", "token_hash", "joined_at"), seat, strict=True),
                    game=uuid.UUID(game),
                )
                for seat in seats
            ],
        )
    migrate(any_scratch_url)
    assert "seats" not in inspect(engine).get_table_names()
    with Session(engine) as session:
        moved = session.scalar(select(Game.seats))
    assert [(s.seat, s.name, s.bot, s.token_hash) for s in moved] == [
        (0, "Al", None, "t0"),
        (1, "Bo", "basic", "t1"),
    ]
    assert moved[1].joined_at == datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    migrate(any_scratch_url, "0008", down=True)
    with engine.connect() as connection:
        back = connection.execute(text("SELECT seat, name, bot FROM seats ORDER BY seat")).all()
    assert [tuple(row) for row in back] == [(0, "Al", None), (1, "Bo", "basic")]
    engine.dispose()


@pytest.mark.postgres
def test_the_save_function_takes_what_a_save_passes_in_its_order(database_url):
    """``games.save`` calls ``save_game_change`` with its arguments by position: the
    game's id and the version read, the columns a change writes (``games.CHANGING``),
    the rounds' results, the events and the answers."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            names = connection.scalar(
                text("SELECT proargnames FROM pg_proc WHERE proname = 'save_game_change'")
            )
    finally:
        engine.dispose()
    changing = [f"p_{name}" for name in games.CHANGING]
    expected = ["p_game_id", "p_read_version", *changing, f"p_{games.ROUNDS}"]
    assert names == [*expected, "p_events", "p_answers"]
