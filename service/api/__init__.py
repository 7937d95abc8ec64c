"""The HTTP layer: flask-smorest blueprints under /v1 and their schemas."""

import logging
from typing import Any

from apispec.utils import deepupdate
from flask import Flask, Response, url_for
from flask_smorest import Api as SmorestApi
from werkzeug.exceptions import HTTPException

from ..engine import EngineError
from ..errors import Conflict, DatabaseUnavailable, ServiceError
from ..store.db import DATABASE_AWAY, LOST_RACE
from . import problems, schemas, shapes
from .docs import swagger_ui_page

log = logging.getLogger(__name__)


class Api(SmorestApi):
    """flask-smorest with RFC 9457 problem documents for every error."""

    ERROR_SCHEMA = problems.ProblemSchema

    # The document's own settings, merged into the config's API_SPEC_OPTIONS.
    SPEC_SETTINGS = {
        "info": {
            "summary": "Classic card games over REST: tables, seats, redacted views, moves",
        },
        # Relative: the host that serves this document (Swagger UI's "Try it out" too).
        "servers": [{"url": "/", "description": "The service that serves this document"}],
        # Public unless an operation says otherwise (the seat token where it is needed).
        "security": [],
        "components": {
            "securitySchemes": {
                "seatToken": {
                    "description": "The token of a seat (from joining, or a Play now ticket's) "
                    "or the host token (from creating the table), as "
                    "`Authorization: Bearer <token>`",
                }
            }
        },
    }

    def _init_spec(self, **options: Any) -> None:
        """The common refusals on every operation (``problems.CommonRefusals``), and the
        document's own settings."""
        refusals = problems.CommonRefusals(self._uses_database)
        options["extra_plugins"] = [*(options.get("extra_plugins") or ()), refusals]
        super()._init_spec(**options)
        self.spec.options = deepupdate(self.spec.options, self.SPEC_SETTINGS)

    def _openapi_swagger_ui(self) -> str:
        """``/docs``: flask-smorest's page with no inline script (``docs.swagger_ui_page``)."""
        return swagger_ui_page(
            title=self.spec.title,
            spec_url=url_for(f"{self._make_doc_blueprint_name()}.openapi_json"),
            swagger_ui_url=self._swagger_ui_url,
            config=self.config.get("OPENAPI_SWAGGER_UI_CONFIG", {}),
        )

    def _register_pagination_header(self) -> None:
        """Not flask-smorest's pagination (the lobby pages with a cursor of its own): no
        unused PaginationMetadata schema in the document."""

    def _uses_database(self, endpoint: str) -> bool:
        blueprint = self._app.blueprints.get(endpoint.partition(".")[0])
        return getattr(blueprint, "uses_database", True)

    def _register_responses(self) -> None:
        """flask-smorest's stock error responses, documented as problem documents."""
        self.DEFAULT_RESPONSE_CONTENT_TYPE = problems.PROBLEM_MEDIA_TYPE
        try:
            super()._register_responses()
        finally:
            del self.DEFAULT_RESPONSE_CONTENT_TYPE

    def handle_http_exception(self, error: HTTPException) -> Response:
        return problems.from_http_exception(error)

    def _register_error_handlers(self) -> None:
        super()._register_error_handlers()
        self._app.register_error_handler(ServiceError, problems.from_service_error)
        self._app.register_error_handler(EngineError, problems.from_engine_error)
        # Lost races: a version that moved under us (compare-and-set on SQLite, where
        # FOR UPDATE is a no-op) or a seat taken at the same instant. Safe to retry.
        for race in LOST_RACE:
            self._app.register_error_handler(race, _lost_race)
        for away in DATABASE_AWAY:
            if not issubclass(away, ServiceError):
                self._app.register_error_handler(away, _database_away)


def _lost_race(_error: Exception) -> Response:
    return problems.from_service_error(Conflict("another request changed this game; retry"))


def _database_away(error: Exception) -> Response:
    log.warning("database unavailable: %s", error)
    return problems.from_service_error(
        DatabaseUnavailable(
            "the database is unavailable; retry (a move with the same Idempotency-Key, "
            "so that it is applied once)"
        )
    )


def init_api(app: Flask) -> Api:
    from .catalog import blp as catalog
    from .docs import blp as docs
    from .games import blp as games
    from .health import blp as health
    from .quickplay import blp as quickplay

    api = Api(app, spec_kwargs={"marshmallow_plugin": shapes.Plugin()})
    shapes.register_enums(api.spec, schemas.ENUMS)
    for blueprint in (catalog, games, quickplay, health):
        api.register_blueprint(blueprint, url_prefix="/v1")
    app.register_blueprint(docs)  # /docs/assets: Swagger UI's and ReDoc's files
    return api
