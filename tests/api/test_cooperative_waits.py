"""Under gevent (gunicorn's workers) psycopg's connections wait for their socket on
gevent's loop (``db.CooperativeConnection``): a statement that waits lets the other
greenlets run, a wait with a timeout ends at it, and a request's ``deadline`` still
interrupts a statement the database never answers. Each case runs in a process of its
own, patched as the workers are."""

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.postgres

PATCHED = """
from gevent import monkey
monkey.patch_all()
import sys
import gevent
import psycopg
from service.store import db
url = sys.argv[1].replace("postgresql+psycopg://", "postgresql://")
"""


def run_patched(script: str, database_url: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PATCHED + textwrap.dedent(script), database_url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


def test_engines_and_listeners_under_gevent_wait_on_its_loop(database_url):
    out = run_patched(
        """
        engine = db.make_engine(sys.argv[1])
        with engine.connect() as connection:
            raw = connection.connection.dbapi_connection
            print(type(raw).__name__, connection.exec_driver_sql("SELECT 41 + 1").scalar())
        print(db.connection_class().__name__)
        """,
        database_url,
    )
    assert out.splitlines() == ["CooperativeConnection 42", "CooperativeConnection"]


def test_a_waiting_statement_lets_other_greenlets_run(database_url):
    out = run_patched(
        """
        finished = []

        def query(name, sql):
            with db.CooperativeConnection.connect(url, autocommit=True) as connection:
                connection.execute(sql).fetchall()
            finished.append(name)

        slow = gevent.spawn(query, "slow", "SELECT pg_sleep(2)")
        gevent.sleep(0.2)  # the slow one is waiting for its answer now
        quick = gevent.spawn(query, "quick", "SELECT 1")
        gevent.joinall([slow, quick], raise_error=True)
        print(*finished)
        """,
        database_url,
    )
    assert out == "quick slow"


def test_a_wait_with_a_timeout_ends_at_it(database_url):
    out = run_patched(
        """
        with db.CooperativeConnection.connect(url, autocommit=True) as connection:
            connection.execute("LISTEN nothing_comes")
            print(list(connection.notifies(timeout=0.2)))
            connection.execute("NOTIFY nothing_comes, 'but this'")
            print([n.payload for n in connection.notifies(timeout=5, stop_after=1)])
        """,
        database_url,
    )
    assert out.splitlines() == ["[]", "['but this']"]


def test_a_deadline_interrupts_a_statement_that_never_answers(database_url):
    out = run_patched(
        """
        from service.errors import DatabaseUnavailable
        connection = db.CooperativeConnection.connect(url, autocommit=True)
        try:
            with db.deadline(0.3):
                connection.execute("SELECT pg_sleep(30)")
        except DatabaseUnavailable as error:
            print("unavailable:", error)
        finally:
            connection.close()  # mid-statement: of no more use, as the pool discards it
        """,
        database_url,
    )
    assert out == "unavailable: the database did not answer in 0.3 s"
