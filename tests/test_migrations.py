"""The migrations build exactly the schema the models describe, and go down again."""

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

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
