"""The access lines, one per request, are joined by ``logs.JsonLines`` from their known
fields: the same line python-json-logger's general path writes, whatever the values."""

import logging
import sys

import pytest
from pythonjsonlogger.json import JsonFormatter

from service import logs

GENERAL = JsonFormatter(
    "%(levelname)s %(name)s %(process)d %(message)s",
    rename_fields={"levelname": "level", "name": "logger", "process": "pid"},
    timestamp="time",
)
FIELDS = {
    "request_id": "line-1",
    "method": "GET",
    "path": "/v1/games/x/view",
    "route": "/v1/games/<uuid:game_id>/view",
    "status": 200,
    "duration_ms": 3.21,
}


def record(name: str = logs.ACCESS_LOGGER, **fields) -> logging.LogRecord:
    extra = {**FIELDS, **fields}
    args = (extra["method"], extra["path"], extra["status"])
    return logging.getLogger(name).makeRecord(
        name, logging.INFO, __file__, 1, "%s %s %s", args, None, extra=extra
    )


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"path": '/v1/"quoted"\\/é/☃/\n', "duration_ms": 0.0},
        {"status": 404, "duration_ms": 12345.67, "route": "unmatched"},
        {"duration_ms": float("nan"), "request_id": None, "status": True},
        {"duration_ms": 1e-07, "method": "other"},
    ],
)
def test_an_access_line_is_the_line_the_general_formatter_writes(fields):
    line = record(**fields)
    assert logs.formatter().format(line) == GENERAL.format(line)


def test_other_lines_take_the_general_path():
    lean = logs.formatter()
    other = record("service.other")
    assert lean.format(other) == GENERAL.format(other)
    partial = record()
    del partial.duration_ms
    assert lean.format(partial) == GENERAL.format(partial)
    more = record(worker="w1")  # a field the lean path does not know: none is dropped
    assert '"worker": "w1"' in lean.format(more) and lean.format(more) == GENERAL.format(more)
    try:
        raise ValueError("boom")
    except ValueError:
        failed = logging.getLogger(logs.ACCESS_LOGGER).makeRecord(
            logs.ACCESS_LOGGER, logging.ERROR, __file__, 1, "x", (), sys.exc_info(), extra=FIELDS
        )
    assert "boom" in lean.format(failed) and lean.format(failed) == GENERAL.format(failed)
