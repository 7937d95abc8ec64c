"""Replicas that start together each run ``alembic upgrade head`` (the Docker image's
start): on one fresh PostgreSQL database they all succeed, one after the other, under
the advisory lock of migrations/env.py."""

import os
import subprocess
import sys
import time
import uuid

import pytest
from alembic.config import Config as AlembicConfig
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url

from service.config import ROOT

from .databases import _admin, drop_database

pytestmark = pytest.mark.postgres

KEY = "x'636172646D696772'::bigint"  # migrations/env.py's MIGRATION_LOCK


@pytest.fixture
def fresh_url(pytestconfig):
    """An empty database of the test's own: no tables, no alembic_version."""
    server = pytestconfig.test_server_url
    name = f"test_{uuid.uuid4().hex[:12]}"
    _admin(server, f'CREATE DATABASE "{name}"')
    url = make_url(server).set(database=name).render_as_string(hide_password=False)
    yield url
    drop_database(server, url)


def _upgrade(url: str) -> subprocess.Popen:
    """``alembic upgrade head`` as the container runs it: DATABASE_URL from the environment."""
    env = {**os.environ, "DATABASE_URL": url}
    return subprocess.Popen(
        [sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini"), "upgrade", "head"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _advisory_waiters(engine) -> int:
    with engine.connect() as connection:
        return connection.execute(
            text(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            )
        ).scalar_one()


def test_two_upgrades_at_once_both_succeed(fresh_url):
    engine = create_engine(fresh_url)
    holder = engine.connect()
    # Hold the migrations' lock so that both upgrades are surely under way and waiting
    # for it, then let them race for it.
    holder.execute(text(f"SELECT pg_advisory_lock({KEY})"))
    holder.commit()
    upgrades = [_upgrade(fresh_url), _upgrade(fresh_url)]
    try:
        deadline = time.monotonic() + 60
        while _advisory_waiters(engine) < 2:
            finished = [p.poll() for p in upgrades if p.poll() is not None]
            assert not finished, "an upgrade ended without waiting for the lock"
            assert time.monotonic() < deadline, "the upgrades did not wait for the lock"
            time.sleep(0.1)
        holder.execute(text(f"SELECT pg_advisory_unlock({KEY})"))
        holder.commit()
        outputs = [p.communicate(timeout=120)[0] for p in upgrades]
    finally:
        holder.close()
        for p in upgrades:
            if p.poll() is None:
                p.kill()
                p.wait()
    for p, output in zip(upgrades, outputs, strict=True):
        assert p.returncode == 0, output
    # exactly one of them ran the migrations; the other found the schema at head
    ran = ["Running upgrade  -> 0001" in output for output in outputs]
    assert sorted(ran) == [False, True], outputs
    head = ScriptDirectory.from_config(AlembicConfig(str(ROOT / "alembic.ini"))).get_current_head()
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).all() == [
            (head,)
        ]
    assert {"games", "events", "join_codes"} <= set(inspect(engine).get_table_names())
    engine.dispose()
