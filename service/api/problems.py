"""Every error becomes one RFC 9457 problem document; internals never leave the process."""

import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import marshmallow as ma
from apispec import APISpec, BasePlugin
from flask import Response, has_request_context, request
from werkzeug.exceptions import HTTPException

from ..engine import EngineError, IllegalMove, InvalidOptions, NotYourTurn
from ..errors import ServiceError
from . import observe
from .parsing import Blueprint, Decorator
from .reading import in_reading_order

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

    type = ma.fields.String(
        required=True, metadata={"description": "A URI naming the kind of problem"}
    )
    title = ma.fields.String(required=True)
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String(allow_none=True)
    code = ma.fields.String(required=True, metadata={"description": "A stable machine word"})
    errors = ma.fields.Dict(metadata={"description": "Per-field messages of a validation error"})
    last_seq = ma.fields.Integer(
        metadata={"description": "With `after_past_end`: the seq the log ends at; resume after it"}
    )
    instance = ma.fields.String(
        required=True,
        metadata={"description": "This request's id (its X-Request-ID): quote it when asking"},
    )


RETRY_AFTER = {
    "description": "Seconds to wait before trying again",
    "schema": {"type": "integer", "minimum": 1},
}
# Refusals that say when to try again.
RETRY_STATUSES = {429, 503}


# RFC 6750: a 401 names the scheme it wants; "invalid_token" when one was sent.
BEARER_CHALLENGE = 'Bearer realm="card-table"'
WWW_AUTHENTICATE = {
    "description": f'The scheme wanted: `{BEARER_CHALLENGE}`, with `error="invalid_token"` '
    "when the token sent is not one",
    "schema": {"type": "string"},
    "required": True,
}


def _headers(status: int, retry_after_required: bool) -> dict | None:
    """The headers an error answer of this status carries, for the document."""
    if status in RETRY_STATUSES:
        return {"Retry-After": {**RETRY_AFTER, "required": retry_after_required}}
    if status == 401:
        return {"WWW-Authenticate": WWW_AUTHENTICATE}
    return None


def refusal(
    blp: Blueprint, status: int, description: str, *, retry_after_always: bool = True
) -> Decorator:
    """Document an error answer of a view: a problem document with this status (a 429 or
    a 503 with its Retry-After header; ``retry_after_always=False``: not every one)."""
    return blp.alt_response(
        status,
        schema=ProblemSchema,
        content_type=PROBLEM_MEDIA_TYPE,
        description=description,
        headers=_headers(status, retry_after_always),
    )


# The refusals an operation can answer by what it is, as response components:
# name -> (status, description).
COMMON_REFUSALS = {
    "MalformedBody": (
        400,
        "The body is not JSON, or JSON nested too deep or with a number too long",
    ),
    "Unauthorized": (401, "A malformed Authorization header, or a token of no seat of this game"),
    "NoSuchGame": (404, "No such game"),
    "BodyTooLarge": (413, "The body is larger than 64 KiB"),
    "NotJson": (
        415,
        "The body is not sent as JSON (Content-Type: application/json), or is sent in a "
        "content coding (Content-Encoding other than identity)",
    ),
    "DatabaseUnavailable": (503, "The database is away or overloaded: retry after Retry-After"),
}


class CommonRefusals(BasePlugin):
    """An apispec plugin that documents, on every operation, the refusals it can answer
    by what it is, unless its view documents that status itself (with ``refusal``):

    - one with a JSON body: 400 (malformed JSON), 413 (body too large) and 415 (not
      sent as JSON);
    - one with security (a bearer token, even an optional one): 401;
    - one under a game's path (``{game_id}``): 404;
    - one of a blueprint that uses the database (``uses_database(endpoint)``): 503.

    422 (arguments that do not validate) is flask-smorest's own, on every operation that
    takes arguments; 429 is a view's own (only some are rate-limited)."""

    def __init__(self, uses_database: Callable[[str], bool]) -> None:
        self.uses_database = uses_database

    def init_spec(self, spec: APISpec) -> None:
        super().init_spec(spec)
        for name, (status, description) in COMMON_REFUSALS.items():
            response = {
                "description": description,
                "content": {PROBLEM_MEDIA_TYPE: {"schema": ProblemSchema}},
            }
            headers = _headers(status, retry_after_required=True)
            if headers:
                response["headers"] = headers
            spec.components.response(name, response, lazy=True)

    def operation_helper(
        self,
        path: str | None = None,
        operations: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        rule = kwargs.get("rule")
        database = rule is None or self.uses_database(rule.endpoint)
        for operation in (operations or {}).values():
            responses = operation.setdefault("responses", {})
            wanted = {
                "MalformedBody": "requestBody" in operation,
                "BodyTooLarge": "requestBody" in operation,
                "NotJson": "requestBody" in operation,
                "Unauthorized": bool(operation.get("security")),
                "NoSuchGame": "{game_id}" in (path or ""),
                "DatabaseUnavailable": database,
            }
            for name, applies in wanted.items():
                status = COMMON_REFUSALS[name][0]
                if applies and status not in responses and str(status) not in responses:
                    responses[status] = name


def problem(status: int, code: str, title: str, detail: str | None, **extra: Any) -> Response:
    body = {
        "type": PROBLEM_TYPE.format(code),
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }
    if has_request_context():
        body["instance"] = observe.request_id()
    response = Response(
        json.dumps(in_reading_order(body)), status=status, mimetype=PROBLEM_MEDIA_TYPE
    )
    if status == 401:
        response.headers["WWW-Authenticate"] = _challenge()
    return response


def _challenge() -> str:
    sent = has_request_context() and "Authorization" in request.headers
    return f'{BEARER_CHALLENGE}, error="invalid_token"' if sent else BEARER_CHALLENGE


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
    allowed = getattr(error, "valid_methods", None)
    if allowed:  # a 405 says what is allowed
        response.headers["Allow"] = ", ".join(allowed)
    return response


def from_service_error(error: ServiceError) -> Response:
    extra = {"errors": error.errors} if hasattr(error, "errors") else {}
    extra.update(error.members)
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
            # the path a schema error would give (seats are not an option)
            errors={_option_path(error.option): [error.message]},
        )
    title = "Not your turn" if isinstance(error, NotYourTurn) else "Illegal move"
    return problem(status, error.code, title, str(error))


def _option_path(option: str) -> str:
    return option if option == "seats" else f"options.{option}"


def _flatten_locations(messages: dict) -> dict:
    """webargs nests by location, marshmallow by field: a client gets one flat map from
    the bad field's dotted path (`options.preset`, `seats`) to its messages."""
    locations = {"json", "query", "headers", "path", "view_args", "form", "files"}
    if set(messages) <= locations:
        nested: dict[str, Any] = {}
        for fields in messages.values():
            nested.update(fields if isinstance(fields, dict) else {"_schema": fields})
        messages = nested
    return dict(_dotted(messages))


def _dotted(messages: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for name, value in messages.items():
        # a nested object's own error (not an object, say) is the object's
        path = prefix[:-1] if name == "_schema" and prefix else f"{prefix}{name}"
        if isinstance(value, dict):
            yield from _dotted(value, f"{path}.")
        else:
            yield path, value
