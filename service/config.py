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


class Config:
    DATABASE_URL = normalise_database_url(os.environ.get("DATABASE_URL") or DEFAULT_SQLITE)
    MIGRATIONS_DIR = os.environ.get("MIGRATIONS_DIR", str(ROOT / "migrations"))
    MAX_CONTENT_LENGTH = 64 * 1024  # no move or table needs more; bigger bodies get a 413

    API_TITLE = "Card Table Service"
    API_VERSION = "1.0.0"
    OPENAPI_VERSION = "3.1.0"
    OPENAPI_URL_PREFIX = "/"
    OPENAPI_JSON_PATH = "v1/openapi.json"
    OPENAPI_SWAGGER_UI_PATH = "docs"
    OPENAPI_SWAGGER_UI_URL = "https://cdn.jsdelivr.net/npm/swagger-ui-dist/"
    API_SPEC_OPTIONS = {
        "info": {
            "description": "Hosts classic card games: tables, seats, redacted views, moves "
            "and an event log. Errors are RFC 9457 problem documents."
        },
        "components": {"securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}}},
    }
