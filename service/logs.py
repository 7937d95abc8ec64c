"""One JSON object per log line, from every process (gunicorn, the app, the worker,
``service.run``), on stderr: ``time``, ``level``, ``logger``, ``message``, the process's
``pid``, and within a request its ``request_id``. The app's access lines (logger
``service.access``) add ``method``, ``path``, ``route``, ``status`` and ``duration_ms``.

``LOG_LEVEL`` (INFO) sets the level. gunicorn takes ``LOGCONFIG`` as its
``logconfig_dict``; other processes call ``configure()`` first thing."""

import json
import logging
import logging.config
import math
from datetime import UTC, datetime
from json.encoder import encode_basestring_ascii
from typing import cast

from gunicorn.glogging import Logger as GunicornBaseLogger
from pythonjsonlogger.json import JsonFormatter

from .settings import SETTINGS

LEVEL = SETTINGS.log_level
ACCESS_LOGGER = "service.access"
# An access line's fields beyond the common ones, in the order they are given
ACCESS_FIELDS = ("request_id", "method", "path", "route", "status", "duration_ms")
ACCESS_FIELD_SET = frozenset(ACCESS_FIELDS)
# A record's own attributes; the rest of its __dict__ are the fields it was given
RECORD_ATTRIBUTES = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class RequestContext(logging.Filter):
    """Adds the request id of the request being served, if any (see ``api.observe``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            from flask import g, has_request_context

            if has_request_context():
                record.request_id = g.get("request_id")
        return True


class JsonLines(JsonFormatter):
    """python-json-logger's formatter, but an access line, one per request, is joined
    from its known fields' JSON, to the line the general path would write: that path
    looks for extra fields among all of a record's attributes and builds a JSON encoder
    for every line."""

    def format(self, record: logging.LogRecord) -> str:
        given = record.__dict__
        if (
            record.name != ACCESS_LOGGER
            or record.exc_info
            or record.stack_info
            or given.keys() - RECORD_ATTRIBUTES != ACCESS_FIELD_SET  # no field to drop
        ):
            return super().format(record)
        record.message = record.getMessage()
        fields = "".join([f', "{name}": {_json(given[name])}' for name in ACCESS_FIELDS])
        at = datetime.fromtimestamp(record.created, UTC).isoformat()
        return (
            f'{{"level": {_json(record.levelname)}, "logger": "{ACCESS_LOGGER}", '
            f'"pid": {_json(record.process)}, "message": {_json(record.message)}{fields}, '
            f'"time": "{at}"}}'
        )


def _json(value: object) -> str:
    """A value as ``json.dumps`` writes it; strings and numbers without its set-up."""
    kind = type(value)
    if kind is str:
        return encode_basestring_ascii(cast(str, value))
    if kind is int or (kind is float and math.isfinite(cast(float, value))):
        return repr(value)
    return json.dumps(value)


def formatter() -> JsonFormatter:
    return JsonLines(
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
