"""The Flask app's configuration (``create_app`` loads ``Config``): the settings of the
environment, parsed and checked once by ``service.settings``, and the app's constants."""

from pathlib import Path

from .settings import DEFAULT_SQLITE, ROOT, SETTINGS, normalise_database_url

__all__ = ["Config", "DEFAULT_SQLITE", "ROOT", "normalise_database_url"]

QUICK_START = Path(__file__).parent / "api" / "quickstart.md"


class Config:
    DATABASE_URL = SETTINGS.database_url
    # Where every instance sends and listens for hints, and takes the worker's turn (one
    # connection each per process, apart from the pool); None: DATABASE_URL's. On Citus,
    # one node for all instances; behind PgBouncer, PostgreSQL itself.
    HINTS_DATABASE_URL = SETTINGS.hints_database_url
    # Waiting requests hold no connection, so the pool serves only requests at work.
    DB_POOL_SIZE = SETTINGS.db_pool_size
    DB_MAX_OVERFLOW = SETTINGS.db_max_overflow
    DB_POOL_TIMEOUT = SETTINGS.db_pool_timeout
    # The longest a request (and any one statement) may work on the database: then 503.
    DB_REQUEST_SECONDS = SETTINGS.db_request_seconds
    # Proxies in front that set X-Forwarded-For: the client's address for the quotas is
    # then the one they saw, read past at most this many of them (api/context.py's
    # ``Proxies``). 0: the peer is the client.
    PROXY_HOPS = SETTINGS.proxy_hops
    # Who counts as such a proxy: addresses or networks, comma-separated, "*" for anyone.
    # gunicorn's own setting of the name (it reads it for X-Forwarded-Proto), and its
    # default; set but empty, no one.
    FORWARDED_ALLOW_IPS = SETTINGS.forwarded_allow_ips
    # Per client (address) and minute; 429 with Retry-After beyond.
    CREATES_PER_MINUTE = SETTINGS.creates_per_minute
    JOINS_PER_MINUTE = SETTINGS.joins_per_minute
    RETENTION_HOURS = SETTINGS.retention_hours  # see store/retention.py
    # /v1/ready wants a worker's heartbeat this recent (0: no worker needed).
    WORKER_HEARTBEAT_SECONDS = SETTINGS.worker_heartbeat_seconds
    STREAM_SECONDS = SETTINGS.stream_seconds  # then the client reconnects
    HEARTBEAT_SECONDS = SETTINGS.heartbeat_seconds
    MIGRATIONS_DIR = SETTINGS.migrations_dir
    # Web pages on these origins may call the API from a browser ("*" for any); none by
    # default.
    CORS_ORIGINS = list(SETTINGS.cors_origins)
    # Answers of this many bytes or more are gzipped for clients that accept it.
    GZIP_MIN_BYTES = SETTINGS.gzip_min_bytes
    # Play now: a ticket that takes computer players gets them this long after it came.
    QUICKPLAY_FILL_SECONDS = SETTINGS.quickplay_fill_seconds
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
    OPENAPI_SWAGGER_UI_CONFIG = {
        "validatorUrl": None,  # no badge from validator.swagger.io
        "persistAuthorization": True,  # a token pasted once outlives a reload
        "tryItOutEnabled": True,  # every operation ready to send, as the quick start says
        "displayRequestDuration": True,
    }
    OPENAPI_REDOC_PATH = "redoc"
    OPENAPI_REDOC_URL = "/docs/assets/redoc-2.5.4/redoc.standalone.js"
    API_SPEC_OPTIONS = {
        # the quick start, shown atop Swagger UI and ReDoc
        "info": {"description": QUICK_START.read_text()},
        "components": {"securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}}},
    }
