"""Every error becomes one RFC 9457 problem document; internals never leave the process."""

import json
import logging

import marshmallow as ma
from flask import Response
from werkzeug.exceptions import HTTPException

from ..engine import EngineError, IllegalMove, InvalidOptions, NotYourTurn
from ..errors import ServiceError

log = logging.getLogger(__name__)

PROBLEM_TYPE = "urn:card-table:problem:{}"
PROBLEM_MEDIA_TYPE = "application/problem+json"

# Codes for Flask's and webargs's own errors, by HTTP status.
HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    412: "stale_version",
    413: "payload_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    422: "validation_error",
    429: "too_many_requests",
    431: "headers_too_large",
    501: "not_implemented",
}

ENGINE_STATUS = {IllegalMove: 422, NotYourTurn: 409, InvalidOptions: 422}


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem document (documentation only)."""

    type = ma.fields.String(metadata={"description": "A URI naming the kind of problem"})
    title = ma.fields.String()
    status = ma.fields.Integer()
    detail = ma.fields.String()
    code = ma.fields.String(metadata={"description": "A stable machine word"})
    errors = ma.fields.Dict(metadata={"description": "Per-field messages of a validation error"})


def refusal(blp, status: int, description: str):
    """Document an error answer of a view: a problem document with this status."""
    return blp.alt_response(
        status, schema=ProblemSchema, content_type=PROBLEM_MEDIA_TYPE, description=description
    )


def problem(status: int, code: str, title: str, detail: str, **extra) -> Response:
    body = {
        "type": PROBLEM_TYPE.format(code),
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }
    return Response(json.dumps(body, sort_keys=True), status=status, mimetype=PROBLEM_MEDIA_TYPE)


def from_http_exception(error: HTTPException) -> Response:
    """Flask's 404/405, webargs's 400/422 and the 500 of anything unforeseen."""
    status = error.code or 500
    if status >= 500:
        log.error("unhandled error", exc_info=getattr(error, "original_exception", None))
        return problem(500, "internal_error", "Internal error", "The service failed; it is logged.")
    extra = {}
    data = getattr(error, "data", None) or {}
    messages = data.get("errors") or data.get("messages")
    if messages:
        # webargs nests by location ({"json": {...}}); clients want the fields.
        extra["errors"] = _flatten_locations(messages)
    code = HTTP_CODES.get(status, "http_error")
    detail = "The request did not validate." if messages else error.description
    response = problem(status, code, error.name, detail, **extra)
    for name, value in (data.get("headers") or {}).items():
        response.headers[name] = value
    if getattr(error, "valid_methods", None):  # a 405 says what is allowed
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def from_service_error(error: ServiceError) -> Response:
    extra = {"errors": error.errors} if hasattr(error, "errors") else {}
    response = problem(error.status, error.code, error.title, error.detail, **extra)
    response.headers.update(getattr(error, "headers", {}))
    return response


def from_engine_error(error: EngineError) -> Response:
    status = ENGINE_STATUS.get(type(error), 422)
    if isinstance(error, InvalidOptions):
        return problem(
            status,
            error.code,
            "Invalid options",
            str(error),
            errors={error.option: [error.message]},
        )
    title = "Not your turn" if isinstance(error, NotYourTurn) else "Illegal move"
    return problem(status, error.code, title, str(error))


def _flatten_locations(messages: dict) -> dict:
    locations = {"json", "query", "headers", "path", "view_args", "form", "files"}
    if set(messages) <= locations:
        flat = {}
        for fields in messages.values():
            flat.update(fields if isinstance(fields, dict) else {"_schema": fields})
        return flat
    return messages
