"""Settings, read once from the environment."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SQLITE = f"sqlite:///{ROOT / 'instance' / 'cardtable.sqlite'}"


def normalise_database_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here, the driver we install."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _number(name: str, default: float) -> float:
    return float(os.environ.get(name) or default)


def _origins(value: str) -> list[str]:
    return [origin.strip().rstrip("/") for origin in value.split(",") if origin.strip()]


class Config:
    DATABASE_URL = normalise_database_url(os.environ.get("DATABASE_URL") or DEFAULT_SQLITE)
    # The listener's own connection (one per process, apart from the pool); by default
    # the same database. Behind a pooler such as PgBouncer, point it at PostgreSQL itself.
    LISTEN_DATABASE_URL = os.environ.get("LISTEN_DATABASE_URL")
    # Waiting requests hold no connection, so the pool serves only requests at work.
    DB_POOL_SIZE = int(_number("DB_POOL_SIZE", 10))
    DB_MAX_OVERFLOW = int(_number("DB_MAX_OVERFLOW", 10))
    DB_POOL_TIMEOUT = _number("DB_POOL_TIMEOUT", 5)
    # The longest a request (and any one statement) may work on the database: then 503.
    DB_REQUEST_SECONDS = _number("DB_REQUEST_SECONDS", 10)
    # Proxies in front that set X-Forwarded-For: the client's address for the quotas is
    # then the one they saw, read past at most this many of them (api/context.py's
    # ``Proxies``). 0: the peer is the client.
    PROXY_HOPS = int(_number("PROXY_HOPS", 0))
    # Who counts as such a proxy: addresses or networks, comma-separated, "*" for anyone.
    # gunicorn's own setting of the name (it reads it for X-Forwarded-Proto), and its
    # default; set but empty, no one.
    FORWARDED_ALLOW_IPS = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
    # Per client (address) and minute; 429 with Retry-After beyond.
    CREATES_PER_MINUTE = int(_number("CREATES_PER_MINUTE", 30))
    JOINS_PER_MINUTE = int(_number("JOINS_PER_MINUTE", 120))
    RETENTION_HOURS = _number("RETENTION_HOURS", 24)  # see store/retention.py
    # /v1/ready wants a worker's heartbeat this recent (0: no worker needed).
    WORKER_HEARTBEAT_SECONDS = _number("WORKER_HEARTBEAT_SECONDS", 10)
    STREAM_SECONDS = _number("STREAM_SECONDS", 300)  # then the client reconnects
    HEARTBEAT_SECONDS = _number("HEARTBEAT_SECONDS", 15)
    MIGRATIONS_DIR = os.environ.get("MIGRATIONS_DIR", str(ROOT / "migrations"))
    # Web pages on these origins may call the API from a browser (comma-separated, such as
    # "https://games.example,http://localhost:3000"; "*" for any). None by default.
    CORS_ORIGINS = _origins(os.environ.get("CORS_ORIGINS", ""))
    # Answers of this many bytes or more are gzipped for clients that accept it.
    GZIP_MIN_BYTES = int(_number("GZIP_MIN_BYTES", 1024))
    MAX_CONTENT_LENGTH = 64 * 1024  # no move or table needs more; bigger bodies get a 413

    API_TITLE = "Card Table Service"
    API_VERSION = "1.0.0"
    OPENAPI_VERSION = "3.1.0"
    OPENAPI_URL_PREFIX = "/"
    OPENAPI_JSON_PATH = "v1/openapi.json"
    OPENAPI_SWAGGER_UI_PATH = "docs"
    # Swagger UI and ReDoc from the service itself (service/api/docs.py), no CDN: the
    # versions are those of swagger-ui-bundle-v2 (pyproject.toml) and service/static/redoc.
    OPENAPI_SWAGGER_UI_URL = "/docs/assets/swagger-ui-5.31.0/"
    OPENAPI_SWAGGER_UI_CONFIG = {"validatorUrl": None}  # no badge from validator.swagger.io
    OPENAPI_REDOC_PATH = "redoc"
    OPENAPI_REDOC_URL = "/docs/assets/redoc-2.5.4/redoc.standalone.js"
    API_SPEC_OPTIONS = {
        "info": {
            "description": "Hosts classic card games: tables, seats, redacted views, moves "
            "and an event log. Errors are RFC 9457 problem documents."
        },
        "components": {"securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}}},
    }
