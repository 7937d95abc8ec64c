"""Under gevent (gunicorn's workers, ``gunicorn.conf.py``) psycopg waits for its sockets
on gevent's loop (``db.wait_on_gevent``): a statement that waits lets the other greenlets
run, a wait with a timeout ends at it, a request's ``deadline`` still interrupts a
statement the database never answers, and what must wait to be written (a large
parameter, a pipeline of many statements, a COPY) gets through whole. Each case runs in
a process of its own, patched as the workers are."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
PATCHED = """
from gevent import monkey
monkey.patch_all()
import sys
import gevent
import psycopg
from service.store import db
db.wait_on_gevent()
url = sys.argv[1].replace("postgresql+psycopg://", "postgresql://")
"""


def run_patched(script: str, database_url: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PATCHED + textwrap.dedent(script), database_url],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


def test_gunicorns_config_makes_psycopg_wait_on_gevents_loop(tmp_path):
    script = f"""
import runpy, psycopg
runpy.run_path({str(ROOT / "gunicorn.conf.py")!r})
from service.store import db
print(psycopg.waiting.wait is db.wait_on_loop)
"""
    env = {"PATH": "/usr/bin:/bin", "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert done.stdout.strip() == "True", done.stderr[-3000:]


def test_a_waiting_statement_lets_other_greenlets_run(database_url):
    out = run_patched(
        """
        finished = []

        def query(name, sql):
            with psycopg.connect(url, autocommit=True) as connection:
                connection.execute(sql).fetchall()
            finished.append(name)

        slow = gevent.spawn(query, "slow", "SELECT pg_sleep(1)")
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
        with psycopg.connect(url, autocommit=True) as connection:
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
        connection = psycopg.connect(url, autocommit=True)
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


def test_what_waits_to_be_written_gets_through_whole(database_url):
    out = run_patched(
        """
        big = "x" * 20_000_000  # more than the socket takes at once: waits to write
        with psycopg.connect(url, autocommit=True) as connection:
            print(connection.execute("SELECT length(%s)", (big,)).fetchone()[0])
            connection.execute("CREATE TEMPORARY TABLE numbers (n int)")
            with connection.cursor() as cursor:  # a pipeline: many statements in flight
                cursor.executemany("INSERT INTO numbers VALUES (%s)", [(n,) for n in range(3000)])
                with cursor.copy("COPY numbers FROM STDIN") as copy:
                    for n in range(3000, 50_000):
                        copy.write_row((n,))
            print(*connection.execute("SELECT count(*), sum(n) FROM numbers").fetchone())
        """,
        database_url,
    )
    assert out.splitlines() == ["20000000", f"50000 {sum(range(50_000))}"]
