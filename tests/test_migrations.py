"""The migrations build exactly the schema the models describe, and go down again."""

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from service.store.models import Base

from .databases import migrate


def test_migrated_schema_matches_the_models(database_url):
    engine = create_engine(database_url)
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert diff == []


@pytest.fixture
def scratch_url(tmp_path):
    return f"sqlite:///{tmp_path / 'scratch.sqlite'}"


def test_downgrade_to_base_and_up_again(scratch_url):
    migrate(scratch_url)
    engine = create_engine(scratch_url)
    assert {"games", "seats", "events", "idempotent_answers"} <= set(
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
