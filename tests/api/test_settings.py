"""Every setting is parsed once, at start-up (``service.settings``): a refused value is
one line that names the variable and the value, and stops every entry point before it
serves."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from service.settings import DEFAULT_SQLITE, ROOT, SettingError, Settings, parse

POSTGRESQL_URL = "a URL such as postgresql://user:password@host:5432/db"
ANY_URL = POSTGRESQL_URL + " or sqlite:///path"
NETWORKS = "IP addresses or networks (such as 10.0.0.0/8), comma-separated, or *"
ORIGINS = "origins such as https://games.example, comma-separated, or *"
# One refused value per setting (at least), and what the line says is expected.
REFUSED = [
    ("DATABASE_URL", "mysql://db/x", ANY_URL),
    ("DATABASE_URL", "not a url", ANY_URL),
    ("HINTS_DATABASE_URL", "sqlite:///x.db", POSTGRESQL_URL),
    ("DB_POOL_SIZE", "0", "a whole number of at least 1"),
    ("DB_POOL_SIZE", "10.0", "a whole number of at least 1"),
    ("DB_MAX_OVERFLOW", "-1", "a whole number of at least 0"),
    ("DB_POOL_TIMEOUT", "soon", "a number of seconds greater than 0"),
    ("DB_REQUEST_SECONDS", "0", "a number of seconds greater than 0"),
    ("PROXY_HOPS", "one", "a whole number of at least 0"),
    ("FORWARDED_ALLOW_IPS", "10.0.0.1/8", NETWORKS),
    ("FORWARDED_ALLOW_IPS", "127.0.0.1,proxy.example", NETWORKS),
    ("CREATES_PER_MINUTE", "0", "a whole number of at least 1"),
    ("JOINS_PER_MINUTE", "many", "a whole number of at least 1"),
    ("RETENTION_HOURS", "-5", "a number of hours greater than 0"),
    ("WORKER_HEARTBEAT_SECONDS", "-1", "a number of seconds, 0 or more"),
    ("STREAM_SECONDS", "nan", "a number of seconds greater than 0"),
    ("HEARTBEAT_SECONDS", "inf", "a number of seconds greater than 0"),
    ("MIGRATIONS_DIR", "/nowhere/migrations", "the path of an existing directory"),
    ("CORS_ORIGINS", "games.example", ORIGINS),
    ("CORS_ORIGINS", "https://a.example/play", ORIGINS),
    ("GZIP_MIN_BYTES", "1k", "a whole number of at least 0"),
    ("CLIENT_SECONDS", "30s", "a number of seconds greater than 0"),
    ("BODY_SECONDS", "0", "a number of seconds greater than 0"),
    ("LOG_LEVEL", "LOUD", "one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    ("GUNICORN_CONFIG", "/nowhere/gunicorn.conf.py", "the path of an existing file"),
    ("BIND", "127.0.0.1:99999", "host:port (such as 0.0.0.0:8000), unix:PATH or fd://N"),
    ("BIND", "http://0.0.0.0:8000", "host:port (such as 0.0.0.0:8000), unix:PATH or fd://N"),
    ("PORT", "80a", "a port number from 0 to 65535"),
    ("PORT", "65536", "a port number from 0 to 65535"),
    ("WORKERS", "0", "a whole number of at least 1"),
    ("WORKER_CONNECTIONS", "abc", "a whole number of at least 1"),
    ("WAITERS_PER_CLIENT", "0", "a whole number of at least 1"),
    ("BACKLOG", "-1", "a whole number of at least 1"),
    ("GC_THRESHOLDS", "50000;20;100", "1 to 3 whole numbers, 0 or more, comma-separated"),
    ("GC_THRESHOLDS", "1,2,3,4", "1 to 3 whole numbers, 0 or more, comma-separated"),
    ("QUICKPLAY_FILL_SECONDS", "-1", "a number of seconds, 0 or more"),
]


class Recording(dict):
    """An environment that notes each variable read from it."""

    def __init__(self):
        super().__init__()
        self.read: list[str] = []

    def get(self, name, default=None):
        self.read.append(name)
        return super().get(name, default)


def names_read() -> list[str]:
    environ = Recording()
    parse(environ)
    return environ.read


@pytest.mark.parametrize(("name", "value", "expected"), REFUSED)
def test_a_refused_value_is_one_line_naming_the_variable_and_the_value(name, value, expected):
    with pytest.raises(SettingError) as refused:
        parse({name: value})
    assert str(refused.value) == f"{name}={value}: expected {expected}"
    assert refused.value.name == name


def test_every_setting_has_a_refused_value_above():
    assert set(names_read()) == {name for name, _, _ in REFUSED}


def test_the_defaults_are_those_of_an_empty_environment():
    settings = parse({})
    assert settings == Settings()
    assert settings.database_url == DEFAULT_SQLITE
    assert settings.hints_database_url is None
    assert (settings.db_pool_size, settings.db_max_overflow) == (20, 0)
    assert (settings.db_pool_timeout, settings.db_request_seconds) == (5, 10)
    assert (settings.proxy_hops, settings.forwarded_allow_ips) == (0, "127.0.0.1,::1")
    assert (settings.creates_per_minute, settings.joins_per_minute) == (30, 120)
    assert settings.retention_hours == 24 and settings.worker_heartbeat_seconds == 10
    assert (settings.stream_seconds, settings.heartbeat_seconds) == (300, 15)
    assert settings.migrations_dir == str(ROOT / "migrations")
    assert settings.cors_origins == () and settings.gzip_min_bytes == 1024
    assert (settings.client_seconds, settings.body_seconds) == (30, 10)
    assert settings.log_level == "INFO"
    assert settings.gunicorn_config == str(ROOT / "gunicorn.conf.py")
    assert settings.address == "127.0.0.1:8000"
    assert (settings.workers, settings.worker_connections) == (1, 10_000)
    assert settings.backlog is None and settings.gc_thresholds == (50_000, 20, 100)
    assert settings.quickplay_fill_seconds == 20


def test_empty_is_unset_except_for_the_proxies_where_it_means_none():
    environ = dict.fromkeys(names_read(), "")
    assert parse(environ) == Settings(forwarded_allow_ips="")


def test_accepted_values_are_typed():
    settings = parse(
        {
            "DATABASE_URL": "postgres://u:p@db:5432/cards",
            "DB_POOL_SIZE": " 3 ",
            "DB_POOL_TIMEOUT": "0.5",
            "WORKER_HEARTBEAT_SECONDS": "0",
            "FORWARDED_ALLOW_IPS": " 10.0.0.0/8 , ::1,",
            "CORS_ORIGINS": "https://games.example/, http://localhost:3000",
            "LOG_LEVEL": "debug",
            "BIND": "[::1]:9000",
            "PORT": "9001",
            "BACKLOG": "128",
            "GC_THRESHOLDS": "700",
        }
    )
    assert settings.database_url == "postgresql+psycopg://u:p@db:5432/cards"
    assert settings.db_pool_size == 3 and settings.db_pool_timeout == 0.5
    assert settings.worker_heartbeat_seconds == 0
    assert settings.forwarded_allow_ips == "10.0.0.0/8,::1"
    assert settings.cors_origins == ("https://games.example", "http://localhost:3000")
    assert settings.log_level == "DEBUG"
    assert settings.address == "[::1]:9000", "BIND wins over PORT"
    assert settings.backlog == 128 and settings.gc_thresholds == (700,)
    for bind in ("0.0.0.0:8000", "localhost", "unix:/run/cards.sock", "fd://3"):
        assert parse({"BIND": bind}).address == bind


def test_the_settings_cannot_be_changed():
    with pytest.raises(AttributeError):
        parse({}).workers = 3  # type: ignore[misc]


def test_a_refused_url_keeps_its_password_to_itself():
    with pytest.raises(SettingError) as refused:
        parse({"HINTS_DATABASE_URL": "mysql://cards:s3cret@db/cards"})
    assert str(refused.value) == (
        "HINTS_DATABASE_URL=mysql://cards:***@db/cards: "
        "expected a URL such as postgresql://user:password@host:5432/db"
    )


def test_a_refused_value_stays_on_one_line():
    with pytest.raises(SettingError) as refused:
        parse({"WORKERS": "2\nrm -rf /"})
    assert "\n" not in str(refused.value)
    assert str(refused.value).startswith("WORKERS=2\\nrm -rf /: expected")


def test_every_setting_is_documented_once():
    table = (ROOT / "docs" / "settings.md").read_text()
    rows = re.findall(r"^\| `([A-Z_]+)` \|", table, flags=re.MULTILINE)
    assert set(names_read()) <= set(rows)
    assert len(rows) == len(set(rows))


# Each entry point, started with a refused value: it stops before serving, with the one
# line on stderr and no traceback. They stop at import, long before any timeout here.
ENTRY_POINTS = {
    "run": [sys.executable, "-m", "service.run"],
    "gunicorn": [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py")],
    "worker": [sys.executable, "-m", "service.worker"],
    "alembic": [sys.executable, "-m", "alembic", "upgrade", "head"],
}


@pytest.mark.parametrize("entry_point", ENTRY_POINTS)
def test_a_refused_value_stops_the_start(entry_point, tmp_path):
    # BIND on a port nobody could use: were the value taken, nothing would listen
    env = {**os.environ, "WORKER_CONNECTIONS": "abc", "BIND": "127.0.0.1:1"}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'never.sqlite'}"
    finished = subprocess.run(
        ENTRY_POINTS[entry_point],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode != 0
    assert finished.stderr == "WORKER_CONNECTIONS=abc: expected a whole number of at least 1\n"
    assert not Path(tmp_path / "never.sqlite").exists(), "nothing touched the database"
