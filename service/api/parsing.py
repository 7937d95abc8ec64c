"""Reading requests: a query parameter given twice is a 422; a chunked body beyond the
size limit is a 413, as one with a Content-Length is; JSON that Python cannot hold is
refused like any invalid JSON.

Python's decoder raises ``RecursionError`` on arrays nested a thousand deep and
``ValueError`` on integers of more than 4,300 digits; webargs expects only
``JSONDecodeError``, so without this both would end as a 500."""

import json

import flask_smorest
import marshmallow as ma
from webargs.flaskparser import FlaskParser, abort


class Parser(FlaskParser):
    def load_querystring(self, req, schema):
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

    def _raw_load_json(self, req):
        if req.content_length is None:  # chunked: werkzeug stops at the limit, silently
            req.get_data(cache=True)
            req.stream.read(1)  # more than MAX_CONTENT_LENGTH: RequestEntityTooLarge (413)
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

    def __init__(self, *args, uses_database: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.uses_database = uses_database
