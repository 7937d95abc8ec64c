"""Reading requests: the body whole, before the view (``read_body``); a query parameter
given twice is a 422; JSON that Python cannot hold is refused like any invalid JSON.

Python's decoder raises ``RecursionError`` on arrays nested a thousand deep and
``ValueError`` on integers of more than 4,300 digits; webargs expects only
``JSONDecodeError``, so without this both would end as a 500."""

import functools
import json
from collections.abc import Callable
from typing import Any

import flask_smorest
import marshmallow as ma
from flask import Request, Response, current_app, request
from flask.typing import HeadersValue
from flask_smorest.utils import unpack_tuple_response
from webargs.flaskparser import FlaskParser, abort
from werkzeug.sansio.response import Response as BaseResponse

from ..errors import UnsupportedContentCoding, UnsupportedMediaType

# A view as flask-smorest's decorators take and give it: its arguments (path, then what
# ``arguments`` parsed from the request) and its answer, a body or a (body, headers) pair.
View = Callable[..., Any]
Decorator = Callable[[View], View]


def read_body() -> None:
    """Read the whole body before the view, and before its database deadline starts: a
    client slow to send is the server's to answer (a 408, ``service.serving``), never a
    database away. A chunked body beyond the size limit is a 413, as one with a
    Content-Length is. A body not said to be JSON is a 415: read as no body at all, it
    would be refused for the fields it seems to lack. So is a body in a content coding
    (gzip, say): nothing here decodes it, and read as it came it could pass for JSON."""
    chunked = "Transfer-Encoding" in request.headers
    if not (request.content_length or chunked):
        return
    body = request.get_data(cache=True)
    if chunked:  # werkzeug stopped at the limit, silently
        request.stream.read(1)  # more than MAX_CONTENT_LENGTH: RequestEntityTooLarge (413)
    if not body:
        return
    _refuse_content_codings()
    if not request.is_json:
        sent = request.mimetype or "no Content-Type"
        raise UnsupportedMediaType(f"the body came as {sent}; send it as application/json")


def _refuse_content_codings() -> None:
    """``identity`` is no coding at all; any other is refused, by name."""
    codings = [
        coding.strip().lower()
        for header in request.headers.getlist("Content-Encoding")
        for coding in header.split(",")
    ]
    encoded = [coding for coding in codings if coding not in {"", "identity"}]
    if encoded:
        named = ", ".join(encoded)[:100]  # the client's words, bounded
        raise UnsupportedContentCoding(
            f"the body came in Content-Encoding {named}; send it uncompressed (identity)"
        )


class Parser(FlaskParser):
    def load_querystring(self, req: Request, schema: ma.Schema) -> Any:
        """A parameter given twice is refused (webargs would take the first silently):
        which of them was meant is anyone's guess."""
        repeated = {
            name: ["give this parameter once"]
            for name, values in req.args.lists()
            if len(values) > 1 and not isinstance(schema.fields.get(name), ma.fields.List)
        }
        if repeated:
            raise ma.ValidationError(repeated)
        return super().load_querystring(req, schema)

    def _raw_load_json(self, req: Request) -> Any:
        try:
            return super()._raw_load_json(req)
        except json.JSONDecodeError:
            raise
        except (RecursionError, ValueError) as error:
            abort(
                400,
                exc=error,
                messages={"json": ["Invalid JSON body: nested too deep, or a number too long."]},
            )


class Blueprint(flask_smorest.Blueprint):
    """``uses_database=False``: its operations never touch the database, so they are not
    documented with the 503 of a database away (see ``problems.CommonRefusals``)."""

    ARGUMENTS_PARSER = Parser()

    def __init__(self, *args: Any, uses_database: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.uses_database = uses_database

    def arguments(
        self, schema: type[ma.Schema] | ma.Schema, *args: Any, **kwargs: Any
    ) -> Decorator:
        """A schema class becomes an instance once, here: webargs would make one per
        request, and marshmallow's ``Schema.__init__`` is costly."""
        return super().arguments(schema() if isinstance(schema, type) else schema, *args, **kwargs)

    def response(
        self,
        status_code: int,
        schema: type[ma.Schema] | dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Decorator:
        """Document the answer with ``schema``; send it as the handler built it.

        Every answer is built in exactly its documented shape (a game's by
        ``table.render``), so marshmallow's dump would only copy it, at a cost. Under
        ``TESTING`` every answer is dumped all the same and must come out equal: the
        whole suite checks that the shapes agree."""
        document = super().response(status_code, schema, **kwargs)
        if not isinstance(schema, type):  # no schema, or a stream's (a JSON schema)
            return document
        dump = schema().dump

        def decorator(func: View) -> View:
            @functools.wraps(func)
            def as_built(
                *args: Any, **kwargs: Any
            ) -> tuple[BaseResponse, int | None, HeadersValue | None]:
                answer, status, headers = unpack_tuple_response(func(*args, **kwargs))
                if isinstance(answer, Response):
                    return answer, status, headers
                if current_app.testing:
                    check_shape(dump, answer, request.endpoint)
                response = current_app.json.response(answer)
                response.status_code = status or status_code
                return response, status, headers

            return document(as_built)

        return decorator


def check_shape(dump: Callable[[Any], Any], answer: Any, endpoint: str | None) -> None:
    difference = _first_difference(answer, dump(answer))
    if difference is not None:
        raise AssertionError(f"{endpoint}: the answer as built is not its dump: {difference}")


def _first_difference(built: Any, dumped: Any, path: str = "answer") -> str | None:
    if isinstance(built, dict) and isinstance(dumped, dict):
        for key in built.keys() | dumped.keys():
            if key not in dumped or key not in built:
                return f"{path}.{key}: only in the {'built' if key in built else 'dumped'} one"
            found = _first_difference(built[key], dumped[key], f"{path}.{key}")
            if found:
                return found
        return None
    sequences = (list, tuple)  # one JSON array
    if isinstance(built, sequences) and isinstance(dumped, sequences) and len(built) == len(dumped):
        for index, (one, other) in enumerate(zip(built, dumped, strict=True)):
            found = _first_difference(one, other, f"{path}[{index}]")
            if found:
                return found
        return None
    return None if built == dumped else f"{path}: built {built!r}, dumped {dumped!r}"
