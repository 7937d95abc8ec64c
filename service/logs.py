"""One JSON object per log line, from every process (gunicorn, the app, the worker,
``service.run``), on stderr: ``time``, ``level``, ``logger``, ``message``, the process's
``pid``, and within a request its ``request_id``. The app's access lines (logger
``service.access``) add ``method``, ``path``, ``route``, ``status`` and ``duration_ms``.

``LOG_LEVEL`` (INFO) sets the level. gunicorn takes ``LOGCONFIG`` as its
``logconfig_dict``; other processes call ``configure()`` first thing."""

import logging
import logging.config

from gunicorn.glogging import Logger as GunicornBaseLogger
from pythonjsonlogger.json import JsonFormatter

from .settings import SETTINGS

LEVEL = SETTINGS.log_level


class RequestContext(logging.Filter):
    """Adds the request id of the request being served, if any (see ``api.observe``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            from flask import g, has_request_context

            if has_request_context():
                record.request_id = g.get("request_id")
        return True


def formatter() -> JsonFormatter:
    return JsonFormatter(
        "%(levelname)s %(name)s %(process)d %(message)s",
        rename_fields={"levelname": "level", "name": "logger", "process": "pid"},
        timestamp="time",  # ISO 8601, UTC, microseconds
    )


LOGCONFIG: dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request": {"()": RequestContext}},
    "formatters": {"json": {"()": formatter}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "filters": ["request"],
            "stream": "ext://sys.stderr",
        }
    },
    "root": {"level": LEVEL, "handlers": ["stderr"]},
    # gunicorn's own loggers, through the root's handler; its access log stays off (the
    # app writes one line per request, with what gunicorn does not know: route, id).
    "loggers": {
        "gunicorn.error": {"level": LEVEL, "handlers": [], "propagate": True},
        "gunicorn.access": {"level": "WARNING", "handlers": [], "propagate": True},
        "alembic": {"level": "WARNING"},  # its plugins announce themselves at start
    },
}


def configure() -> None:
    logging.config.dictConfig(LOGCONFIG)


class GunicornLogger(GunicornBaseLogger):
    """gunicorn's logger with its access log off for good: with ``logconfig_dict`` set,
    gunicorn would build every request's log fields only for its logger to drop them."""

    def _compute_access_log_enabled(self) -> bool:
        return False
