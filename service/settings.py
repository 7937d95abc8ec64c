"""Every setting the service reads from the environment, parsed and checked in one place,
once, when a process starts: ``SETTINGS``, a frozen ``Settings``.

A value that does not parse fails the start with one line on stderr that names the
variable, the value and what it expects, and no traceback::

    WORKER_CONNECTIONS=abc: expected a whole number of at least 1

(``python -m service.run``, ``gunicorn``, ``python -m service.worker`` and ``alembic``
all import this module first thing.) A variable set but empty counts as unset, except
``FORWARDED_ALLOW_IPS``, where empty means no proxy at all.

``parse`` reads any mapping: the tests hand it a dict. The metrics' directory
(``PROMETHEUS_MULTIPROC_DIR``) is left to ``service.metrics``, which hands it on to the
processes it starts."""

import ipaddress
import logging
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SQLITE = f"sqlite:///{ROOT / 'instance' / 'cardtable.sqlite'}"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings, typed; each field is the variable of its name in capitals."""

    database_url: str = DEFAULT_SQLITE  # normalised: postgresql+psycopg://
    hints_database_url: str | None = None  # None: database_url's
    db_pool_size: int = 20
    db_max_overflow: int = 0
    db_pool_timeout: float = 5.0
    db_request_seconds: float = 10.0
    proxy_hops: int = 0
    forwarded_allow_ips: str = "127.0.0.1,::1"  # normalised: no blanks, no empty entries
    creates_per_minute: int = 30
    joins_per_minute: int = 120
    retention_hours: float = 24.0
    worker_heartbeat_seconds: float = 10.0
    stream_seconds: float = 300.0
    heartbeat_seconds: float = 15.0
    migrations_dir: str = str(ROOT / "migrations")
    cors_origins: tuple[str, ...] = ()
    gzip_min_bytes: int = 1024
    client_seconds: float = 30.0
    body_seconds: float = 10.0
    log_level: str = "INFO"
    gunicorn_config: str = str(ROOT / "gunicorn.conf.py")
    bind: str | None = None  # None: 127.0.0.1:$PORT
    port: int = 8000
    # One gevent worker serves every waiting client of an instance; a second one costs
    # each move a read of it per worker holding a seat of its game (docs/operations.md)
    workers: int = 1
    worker_connections: int = 10_000
    waiters_per_client: int = 100  # per process (service/admission.py)
    backlog: int | None = None  # None: as deep as the kernel allows (gunicorn.conf.py)
    gc_thresholds: tuple[int, ...] = (50_000, 20, 100)
    quickplay_fill_seconds: float = 20.0  # Play now: computer players fill the seats then

    @property
    def address(self) -> str:
        """Where gunicorn listens."""
        return self.bind or f"127.0.0.1:{self.port}"


class SettingError(ValueError):
    """A value refused: ``str()`` is the one line to show."""

    def __init__(self, name: str, value: str, expected: str):
        super().__init__(f"{name}={_shown(value)}: expected {expected}")
        self.name = name


class _Refused(ValueError):
    """Raised by a parser; ``read`` adds the variable's name and value."""

    def __init__(self, expected: str):
        super().__init__(expected)
        self.expected = expected


def parse(environ: Mapping[str, str]) -> Settings:
    """The settings in ``environ``; the first refused value raises ``SettingError``."""

    def read(name: str, parser: Callable[[str], T], default: T, empty_is_unset: bool = True) -> T:
        value = environ.get(name)
        if value is None or (empty_is_unset and not value.strip()):
            return default
        try:
            return parser(value)
        except _Refused as refused:
            raise SettingError(name, value, refused.expected) from None

    d = Settings()
    return Settings(
        database_url=read("DATABASE_URL", _database_url, d.database_url),
        hints_database_url=read("HINTS_DATABASE_URL", _postgresql_url, d.hints_database_url),
        db_pool_size=read("DB_POOL_SIZE", _whole(1), d.db_pool_size),
        db_max_overflow=read("DB_MAX_OVERFLOW", _whole(0), d.db_max_overflow),
        db_pool_timeout=read("DB_POOL_TIMEOUT", _seconds, d.db_pool_timeout),
        db_request_seconds=read("DB_REQUEST_SECONDS", _seconds, d.db_request_seconds),
        proxy_hops=read("PROXY_HOPS", _whole(0), d.proxy_hops),
        forwarded_allow_ips=read(
            "FORWARDED_ALLOW_IPS", _networks, d.forwarded_allow_ips, empty_is_unset=False
        ),
        creates_per_minute=read("CREATES_PER_MINUTE", _whole(1), d.creates_per_minute),
        joins_per_minute=read("JOINS_PER_MINUTE", _whole(1), d.joins_per_minute),
        retention_hours=read("RETENTION_HOURS", _positive("hours"), d.retention_hours),
        worker_heartbeat_seconds=read(
            "WORKER_HEARTBEAT_SECONDS", _seconds_or_zero, d.worker_heartbeat_seconds
        ),
        stream_seconds=read("STREAM_SECONDS", _seconds, d.stream_seconds),
        heartbeat_seconds=read("HEARTBEAT_SECONDS", _seconds, d.heartbeat_seconds),
        migrations_dir=read("MIGRATIONS_DIR", _directory, d.migrations_dir),
        cors_origins=read("CORS_ORIGINS", _origins, d.cors_origins),
        gzip_min_bytes=read("GZIP_MIN_BYTES", _whole(0), d.gzip_min_bytes),
        client_seconds=read("CLIENT_SECONDS", _seconds, d.client_seconds),
        body_seconds=read("BODY_SECONDS", _seconds, d.body_seconds),
        log_level=read("LOG_LEVEL", _log_level, d.log_level),
        gunicorn_config=read("GUNICORN_CONFIG", _file, d.gunicorn_config),
        bind=read("BIND", _bind, d.bind),
        port=read("PORT", _port, d.port),
        workers=read("WORKERS", _whole(1), d.workers),
        worker_connections=read("WORKER_CONNECTIONS", _whole(1), d.worker_connections),
        waiters_per_client=read("WAITERS_PER_CLIENT", _whole(1), d.waiters_per_client),
        backlog=read("BACKLOG", _whole(1), d.backlog),
        gc_thresholds=read("GC_THRESHOLDS", _gc_thresholds, d.gc_thresholds),
        quickplay_fill_seconds=read(
            "QUICKPLAY_FILL_SECONDS", _seconds_or_zero, d.quickplay_fill_seconds
        ),
    )


def load() -> Settings:
    """The settings of this process's environment; a refused value ends the process with
    its one line on stderr (exit status 1), before anything has started."""
    try:
        return parse(os.environ)
    except SettingError as error:
        raise SystemExit(str(error)) from None


# -- the parsers: a value in, its typed form out, or _Refused(what was expected) ------------


def _whole(least: int) -> Callable[[str], int]:
    def parser(value: str) -> int:
        text = value.strip()
        if not re.fullmatch(r"[0-9]+", text) or int(text) < least:
            raise _Refused(f"a whole number of at least {least}")
        return int(text)

    return parser


def _number(value: str) -> float | None:
    try:
        number = float(value.strip())
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _positive(unit: str) -> Callable[[str], float]:
    def parser(value: str) -> float:
        number = _number(value)
        if number is None or number <= 0:
            raise _Refused(f"a number of {unit} greater than 0")
        return number

    return parser


_seconds = _positive("seconds")


def _seconds_or_zero(value: str) -> float:
    number = _number(value)
    if number is None or number < 0:
        raise _Refused("a number of seconds, 0 or more")
    return number


def normalise_database_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here, the driver we install."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _backend(value: str) -> str | None:
    try:
        return make_url(normalise_database_url(value.strip())).get_backend_name()
    except (ArgumentError, ValueError):
        return None


def _database_url(value: str) -> str:
    if _backend(value) not in ("postgresql", "sqlite"):
        raise _Refused("a URL such as postgresql://user:password@host:5432/db or sqlite:///path")
    return normalise_database_url(value.strip())


def _postgresql_url(value: str) -> str:
    if _backend(value) != "postgresql":
        raise _Refused("a URL such as postgresql://user:password@host:5432/db")
    return value.strip()


def _networks(value: str) -> str:
    """Addresses or networks, comma-separated, or ``*``: strict, as gunicorn's (and
    ``api.context.Proxies``): 10.0.0.1/8, host bits set, is a mistake."""
    entries = [entry.strip() for entry in value.split(",") if entry.strip()]
    for entry in entries:
        if entry == "*":
            continue
        try:
            ipaddress.ip_network(entry)
        except ValueError:
            raise _Refused(
                "IP addresses or networks (such as 10.0.0.0/8), comma-separated, or *"
            ) from None
    return ",".join(entries)


_ORIGIN = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^/?#\s]+")


def _origins(value: str) -> tuple[str, ...]:
    origins = tuple(
        origin.strip().rstrip("/") for origin in value.split(",") if origin.strip().rstrip("/")
    )
    if not all(origin == "*" or _ORIGIN.fullmatch(origin) for origin in origins):
        raise _Refused("origins such as https://games.example, comma-separated, or *")
    return origins


def _log_level(value: str) -> str:
    level = value.strip().upper()
    if level not in logging.getLevelNamesMapping():
        raise _Refused("one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
    return level


def _file(value: str) -> str:
    if not Path(value).is_file():
        raise _Refused("the path of an existing file")
    return value


def _directory(value: str) -> str:
    if not Path(value).is_dir():
        raise _Refused("the path of an existing directory")
    return value


def _port(value: str) -> int:
    text = value.strip()
    if not re.fullmatch(r"[0-9]+", text) or int(text) > 65535:
        raise _Refused("a port number from 0 to 65535")
    return int(text)


# host:port, [IPv6]:port, or a host alone (gunicorn's port 8000)
_HOST_PORT = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+)(?::([0-9]+))?")


def _bind(value: str) -> str:
    text = value.strip()
    if text.startswith("unix:") and len(text) > len("unix:"):
        return text
    if re.fullmatch(r"fd://[0-9]+", text):
        return text
    match = _HOST_PORT.fullmatch(text)
    if match is None or (match[2] is not None and int(match[2]) > 65535):
        raise _Refused("host:port (such as 0.0.0.0:8000), unix:PATH or fd://N")
    return text


def _gc_thresholds(value: str) -> tuple[int, ...]:
    parts = [part.strip() for part in value.split(",")]
    if not 1 <= len(parts) <= 3 or not all(re.fullmatch(r"[0-9]+", part) for part in parts):
        raise _Refused("1 to 3 whole numbers, 0 or more, comma-separated")
    return tuple(int(part) for part in parts)


_PASSWORD = re.compile(r"(://[^/@:]*:)[^/@]*@")


def _shown(value: str) -> str:
    """The value as the error line quotes it: on one line, a URL's password hidden."""
    value = _PASSWORD.sub(r"\1***@", value)
    return value if value.isprintable() else repr(value)[1:-1]


SETTINGS = load()
