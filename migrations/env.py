"""Alembic environment: the URL comes from the service's settings (DATABASE_URL), or from
``config.attributes["connection"]`` when the tests hand over a connection.

On PostgreSQL the upgrade holds a session advisory lock: replicas that start together
(each container runs ``alembic upgrade head`` first) migrate one after the other, and
the later ones find the schema at head and do nothing."""

from logging.config import fileConfig
from pathlib import Path

from alembic import context
from sqlalchemy import create_engine, text

from service.settings import SETTINGS
from service.store.models import Base

config = context.config
# pg_advisory_lock's key: any constant that every replica shares ("cardmigr")
MIGRATION_LOCK = 0x636172646D696772
if config.config_file_name is not None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def run_migrations_offline() -> None:
    context.configure(url=SETTINGS.database_url, target_metadata=Base.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url") or SETTINGS.database_url
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url)
    with engine.connect() as connection:
        locked = connection.dialect.name == "postgresql"
        if locked:
            # a session lock, held across the transactions below; the others wait here
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            connection.commit()
        try:
            # each migration its own transaction: Citus runs a function's DDL (0015) only
            # in a transaction that distributed no table before it (0008)
            context.configure(
                connection=connection,
                target_metadata=Base.metadata,
                transaction_per_migration=True,
            )
            with context.begin_transaction():
                context.run_migrations()
        finally:
            if locked:
                connection.rollback()
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
                connection.commit()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
