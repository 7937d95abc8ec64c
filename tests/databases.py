"""Databases of the tests' and the benchmark's own: created, migrated, dropped."""

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from alembic import command
from alembic.config import Config as AlembicConfig
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from service.config import ROOT, normalise_database_url

DEFAULT_SERVER_URL = "postgresql://postgres@127.0.0.1:5432/test"


def server_url() -> str:
    """The PostgreSQL server whose fresh databases the tests and benchmarks use
    (``TEST_DATABASE_URL``)."""
    return normalise_database_url(os.environ.get("TEST_DATABASE_URL", DEFAULT_SERVER_URL))


def postgres_answers(url: str) -> bool:
    engine = create_engine(url, connect_args={"connect_timeout": 3})
    try:
        with engine.connect():
            return True
    except OperationalError:
        return False
    finally:
        engine.dispose()


def migrate(url: str, revision: str = "head", down: bool = False) -> None:
    alembic_config = AlembicConfig(str(ROOT / "alembic.ini"))
    alembic_config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    (command.downgrade if down else command.upgrade)(alembic_config, revision)


def create_database(server: str) -> str:
    """A new, migrated database on the server's PostgreSQL; returns its URL."""
    name = f"test_{uuid.uuid4().hex[:12]}"
    _admin(server, f'CREATE DATABASE "{name}"')
    url = make_url(server).set(database=name).render_as_string(hide_password=False)
    migrate(url)
    return url


def drop_database(server: str, url: str) -> None:
    _admin(server, f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')


@contextmanager
def fresh_database(server: str) -> Iterator[str]:
    """A new, migrated database for the block (its URL), dropped after it."""
    url = create_database(server)
    try:
        yield url
    finally:
        drop_database(server, url)


def _admin(server: str, statement: str) -> None:
    engine = create_engine(server, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(statement))
    engine.dispose()
