"""Fixtures: a database of the run's own (PostgreSQL, or SQLite when none answers) and
the app and client on it. Engine tests need none of this and never touch a database."""

import json
import os
import sys

import pytest

# The suite creates thousands of tables from one address; the tests of the quotas set
# their own limits. Before the service is imported: its settings are read at import.
os.environ.setdefault("CREATES_PER_MINUTE", "1000000")
os.environ.setdefault("JOINS_PER_MINUTE", "1000000")

from sqlalchemy import Engine, event

from service import App, create_app
from service.store.models import Base

from .databases import fresh_database, migrate, postgres_answers, server_url
from .spec_check import SpecCheckingClient, take_mismatches_elsewhere


def pytest_configure(config):
    server = server_url()
    config.test_server_url = server if postgres_answers(server) else None
    if config.test_server_url is None:
        if os.environ.get("REQUIRE_POSTGRES"):
            raise pytest.UsageError(f"REQUIRE_POSTGRES is set but {server} does not answer")
        print(
            f"PostgreSQL does not answer at {server}: running on SQLite, "
            "skipping the tests marked postgres",
            file=sys.stderr,
        )


# make test: every distinct statement the service sends to PostgreSQL, with where it was
# sent from, written to this folder at the end (one file per process) for
# tools/shard_check.py. The tests' own statements are not the service's and are left out.
SHARD_STATEMENTS = os.environ.get("SHARD_STATEMENTS")
SERVICE_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "service") + os.sep
_sent: dict[str, str] = {}


@event.listens_for(Engine, "before_cursor_execute")
def _capture(connection, _cursor, statement, _parameters, _context, _many):
    if SHARD_STATEMENTS and connection.dialect.name == "postgresql" and statement not in _sent:
        frame = sys._getframe(1)
        while frame is not None and not frame.f_code.co_filename.startswith(SERVICE_DIR):
            frame = frame.f_back
        if frame is not None:
            where = frame.f_code.co_filename.removeprefix(SERVICE_DIR)
            _sent[statement] = f"service/{where}:{frame.f_lineno} {frame.f_code.co_name}"


def pytest_sessionfinish(session):
    if SHARD_STATEMENTS and _sent:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        os.makedirs(SHARD_STATEMENTS, exist_ok=True)
        with open(os.path.join(SHARD_STATEMENTS, f"{worker}.json"), "w") as out:
            json.dump(_sent, out, indent=1)


def pytest_collection_modifyitems(config, items):
    if config.test_server_url is None:
        skip = pytest.mark.skip(reason="needs PostgreSQL (TEST_DATABASE_URL does not answer)")
        for item in items:
            if "postgres" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def spec_checked_clients():
    """Every in-process test client of every app the suite makes (the ``client`` fixture,
    ``app.test_client()``) checks each answer against the app's OpenAPI document (see
    ``tests/spec_check.py``); a mismatch fails the test."""
    App.test_client_class = SpecCheckingClient
    yield
    App.test_client_class = None


@pytest.fixture(autouse=True)
def _no_spec_mismatch_elsewhere():
    """A mismatch raised in a thread the test started fails the test, even if the thread
    swallowed it."""
    yield
    mismatches = take_mismatches_elsewhere()
    if mismatches:
        pytest.fail("\n\n".join(mismatches), pytrace=False)


@pytest.fixture(scope="session")
def database_url(pytestconfig, tmp_path_factory):
    """A database created for this run, migrated to head, dropped at the end."""
    server = pytestconfig.test_server_url
    if server is None:
        url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.sqlite'}"
        migrate(url)
        yield url
        return
    with fresh_database(server) as url:
        yield url


@pytest.fixture(scope="session")
def app(database_url):
    """The application, on the run's database."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    yield app
    app.extensions["changes"].stop()
    app.extensions["presence"].stop()


@pytest.fixture
def still_clock(monkeypatch):
    """The service's time held still; a test moves it by assigning ``still_clock[0]``."""
    from service.table import clock

    moment = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: moment[0])
    return moment


@pytest.fixture
def client(app):
    """A test client checking its answers against the spec; every table is emptied after
    the test."""
    yield app.test_client()
    engine = app.extensions["db_engine"]
    with engine.begin() as connection:
        for table in reversed(Base.metadata.sorted_tables):
            connection.execute(table.delete())
