"""Every answer the in-process test client receives is checked against the app's own
OpenAPI document: its status must be documented for the operation (``default`` counts
only for a 500, the unforeseen failure: any other status must be named), its content
type must be one the operation names for that status, its JSON body must validate
against that schema, and documented headers must be there (when required) and
well-formed. A mismatch fails the test that got the answer, naming the operation, the
status and the JSON path of each error.

The spec is the live one (``Api.spec.to_dict()`` of the app the client belongs to), built
once per session, so it follows every schema change without ``make openapi``. A body is
checked first by ``jsonschema_rs`` (fast: the pure-Python validator would triple the
suite's time on the event pages' ``oneOf``s); only a body it refuses is checked again by
``openapi-schema-validator`` (jsonschema with the OpenAPI 3.1 dialect and its formats),
whose ``best_match`` names the error inside a ``oneOf``. ``$ref``s resolve within the
document through a registry holding it under one URI.

Left unchecked: the body of a stream (``text/event-stream``: reading it would wait for
the stream; its status and content type are checked) and of a HEAD request; automatic
OPTIONS answers; successful answers of routes that are not operations (``/docs``, the
spec itself). An error of a request that matches no operation (an unknown path, a method
not allowed) must still be a problem document.

``SPEC_CHECK_REPORT=<file>`` records every mismatch there (a JSON object a line) instead
of failing the test: a survey of everything the suite finds in one run."""

from __future__ import annotations

import gzip
import json
import os
import re
import threading
from urllib.parse import quote

import jsonschema_rs
from flask.testing import FlaskClient
from jsonschema.exceptions import best_match
from openapi_schema_validator import OAS31Validator, oas31_format_checker
from referencing import Registry
from referencing.jsonschema import DRAFT202012
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect

SPEC_URI = "urn:card-table:openapi"
PROBLEM_MEDIA_TYPE = "application/problem+json"
STREAM_MEDIA_TYPE = "text/event-stream"
REPORT = os.environ.get("SPEC_CHECK_REPORT")
MAX_ERRORS = 5


class SpecMismatch(AssertionError):
    """An answer the OpenAPI document does not describe."""


def _pointer(*parts: str) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def _openapi_path(rule: str) -> str:
    """``/v1/games/<uuid:game_id>`` -> ``/v1/games/{game_id}``"""
    return re.sub(r"<(?:[^<>:]*:)?([^<>]+)>", r"{\1}", rule)


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class SpecChecker:
    def __init__(self, spec: dict):
        self.spec = spec
        resource = DRAFT202012.create_resource(spec)
        self.registry = Registry().with_resource(SPEC_URI, resource)
        self.fast_registry = jsonschema_rs.Registry([(SPEC_URI, spec)])
        self._validators: dict[str, OAS31Validator] = {}
        self._fast_validators: dict[str, jsonschema_rs.Draft202012Validator] = {}
        self._lock = threading.Lock()

    @classmethod
    def of(cls, app) -> SpecChecker:
        api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
        return cls(api.spec.to_dict())

    # -- the document -------------------------------------------------------------------

    def _resolve(self, node: dict, pointer: str) -> tuple[dict, str]:
        """Follow a local ``$ref`` (responses, headers); returns the node and its pointer."""
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            assert ref.startswith("#/"), f"only local references are followed: {ref}"
            pointer = ref[1:]
            node = self.spec
            for part in pointer.split("/")[1:]:
                node = node[part.replace("~1", "/").replace("~0", "~")]
        return node, pointer

    def _validator(self, pointer: str) -> OAS31Validator:
        with self._lock:
            validator = self._validators.get(pointer)
            if validator is None:
                validator = OAS31Validator(
                    {"$ref": f"{SPEC_URI}#{quote(pointer)}"},
                    registry=self.registry,
                    format_checker=oas31_format_checker,
                )
                self._validators[pointer] = validator
            return validator

    def _fast_validator(self, pointer: str) -> jsonschema_rs.Draft202012Validator:
        with self._lock:
            validator = self._fast_validators.get(pointer)
            if validator is None:
                validator = jsonschema_rs.Draft202012Validator(
                    {"$ref": f"{SPEC_URI}#{quote(pointer)}"},
                    registry=self.fast_registry,
                    validate_formats=True,
                )
                self._fast_validators[pointer] = validator
            return validator

    def _schema_errors(self, pointer: str, instance) -> list[str]:
        fast = self._fast_validator(pointer)
        if fast.is_valid(instance):
            return []
        errors = list(self._validator(pointer).iter_errors(instance))
        if not errors:  # a format only jsonschema_rs checks: its own words
            return [
                f"at {_json_path(error.instance_path)}: {_short(error.message)}"
                for error in list(fast.iter_errors(instance))[:MAX_ERRORS]
            ]
        best = best_match(errors)
        found = [best, *(error for error in errors if error is not best)][:MAX_ERRORS]
        lines = [f"at {error.json_path}: {_short(error.message)}" for error in found]
        if len(errors) > MAX_ERRORS:
            lines.append(f"... and {len(errors) - MAX_ERRORS} more")
        return lines

    # -- an answer ----------------------------------------------------------------------

    def check(self, app, response) -> tuple[str, list[str]]:
        """The operation the answer belongs to, and what is wrong with the answer, as
        lines (none: it is as documented)."""
        request = response.request
        method = request.method.lower()
        try:
            rule, _ = app.url_map.bind_to_environ(request.environ).match(return_rule=True)
        except (NotFound, MethodNotAllowed, RequestRedirect):
            rule = None
        path = _openapi_path(rule.rule) if rule is not None else None
        item = self.spec["paths"].get(path) if path else None
        operation_method = "get" if method == "head" else method
        if method == "options":
            return "(automatic OPTIONS)", []
        if item is None or operation_method not in item:
            return "(no operation)", self._check_unrouted(response)
        operation = item[operation_method]
        label = f"{operation.get('operationId', '?')}: {operation_method.upper()} {path}"
        pointer = _pointer("paths", path, operation_method, "responses")
        return label, self._check_operation(operation, pointer, response, method != "head")

    def _check_unrouted(self, response) -> list[str]:
        """No operation: an error must be a problem document; anything else is not ours."""
        if response.status_code < 400:
            return []
        if response.mimetype != PROBLEM_MEDIA_TYPE:
            return [f"an error answered as {response.mimetype!r}, not a problem document"]
        return self._check_json(_pointer("components", "schemas", "Problem"), response)

    def _check_operation(self, operation: dict, pointer: str, response, body: bool):
        status = str(response.status_code)
        responses = operation.get("responses", {})
        # ``default`` stands for the unforeseen 500 only: every other status is named.
        unforeseen = "default" if status == "500" else None
        for key in (status, f"{status[0]}XX", unforeseen):
            if key in responses:
                documented, pointer = self._resolve(responses[key], _pointer_join(pointer, key))
                break
        else:
            listed = ", ".join(sorted(key for key in responses if key != "default"))
            return [f"status {status} is not documented (documented: {listed})"]
        problems = self._check_headers(documented, pointer, response)
        content = documented.get("content") or {}
        mimetype = response.mimetype
        # Not ``response.is_streamed``: every answer of the test client counts as streamed.
        stream = mimetype == STREAM_MEDIA_TYPE
        if not content:
            if not stream and response.get_data():
                problems.append(f"a body ({mimetype!r}) where the spec documents none")
            return problems
        media = _media_type(content, mimetype)
        if media is None:
            listed = ", ".join(sorted(content))
            return [*problems, f"content type {mimetype!r} is not documented ({listed})"]
        if not body or stream:
            return problems
        if "schema" not in content[media]:
            return problems
        schema_pointer = _pointer_join(pointer, "content", media, "schema")
        return problems + self._check_json(schema_pointer, response)

    def _check_json(self, schema_pointer: str, response) -> list[str]:
        data = response.get_data()
        if response.headers.get("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        try:
            instance = json.loads(data)
        except ValueError as error:
            return [f"the body is not JSON: {error}"]
        return self._schema_errors(schema_pointer, instance)

    def _check_headers(self, documented: dict, pointer: str, response) -> list[str]:
        problems = []
        for name, header in (documented.get("headers") or {}).items():
            header, header_pointer = self._resolve(header, _pointer_join(pointer, "headers", name))
            value = response.headers.get(name)
            if value is None:
                if header.get("required"):
                    problems.append(f"the required header {name} is missing")
                continue
            schema = header.get("schema")
            if schema is None:
                continue
            if self._resolve(schema, "")[0].get("type") == "integer":
                try:
                    value = int(value)
                except ValueError:
                    problems.append(f"header {name}: {value!r} is not an integer")
                    continue
            for line in self._schema_errors(_pointer_join(header_pointer, "schema"), value):
                problems.append(f"header {name} {line}")
        return problems


def _json_path(parts) -> str:
    return "$" + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in parts)


def _pointer_join(pointer: str, *parts: str) -> str:
    return pointer + _pointer(*parts)


def _media_type(content: dict, mimetype: str) -> str | None:
    if mimetype in content:
        return mimetype
    kind = mimetype.split("/")[0]
    for candidate in (f"{kind}/*", "*/*"):
        if candidate in content:
            return candidate
    return None


# -- the hook ---------------------------------------------------------------------------

_checker: SpecChecker | None = None
_checker_lock = threading.Lock()
_elsewhere: list[str] = []  # mismatches seen in threads other than the test's own


def checker_for(app) -> SpecChecker:
    """The session's checker, built from the first app's spec (every app of the suite is
    made by ``create_app`` and documents the same API)."""
    global _checker
    with _checker_lock:
        if _checker is None:
            _checker = SpecChecker.of(app)
        return _checker


def take_mismatches_elsewhere() -> list[str]:
    """Mismatches raised in other threads since the last call (they may have been lost
    in a worker thread; the test that started it fails on them)."""
    with _checker_lock:
        taken = list(_elsewhere)
        _elsewhere.clear()
        return taken


def describe(label: str, response, problems: list[str]) -> str:
    request = response.request
    lines = "\n  ".join(problems)
    return (
        f"[{label}] {request.method} {request.full_path.rstrip('?')} answered "
        f"{response.status_code} {response.mimetype!r}, which the OpenAPI document does "
        f"not allow:\n  {lines}"
    )


class SpecCheckingClient(FlaskClient):
    """Flask's test client, checking every answer against the app's OpenAPI document."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        label, problems = checker_for(self.application).check(self.application, response)
        if not problems:
            return response
        if REPORT:
            record = {
                "operation": label,
                "request": f"{response.request.method} {response.request.full_path}",
                "status": response.status_code,
                "content_type": response.mimetype,
                "problems": problems,
                "test": os.environ.get("PYTEST_CURRENT_TEST", ""),
            }
            with _checker_lock, open(REPORT, "a") as report:
                report.write(json.dumps(record) + "\n")
            return response
        message = describe(label, response, problems)
        if threading.current_thread() is not threading.main_thread():
            with _checker_lock:
                _elsewhere.append(message)
        raise SpecMismatch(message)
