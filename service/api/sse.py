"""Server-Sent Events: the wire format of the event stream."""

from collections.abc import Iterator
from typing import Any

from flask import Response

from ..encoding import compact
from ..store.reads import EventStream
from .parsing import check_shape
from .reading import in_reading_order
from .schemas import EventSchema, ViewSchema

MEDIA_TYPE = "text/event-stream"
RETRY_MS = 1000  # how soon a client reconnects after the server closes
DESCRIPTION = f"""Server-Sent Events, one per event of the log as the seat may see it:
`id: <seq>` and `data: <the event's JSON, as in the events page>`. With `view=true`,
`event: view` with `data: <the seat's view, as GET /view answers it>` comes first and
after each burst of events, once the stream has caught up with the log: the view as of
the event before it, so a client never asks for its view. A comment
`: heartbeat` comes after 15 quiet seconds (configurable). When the match is finished and
its last event sent (with `rematch=true`: once it is played again, its `rematch` event
sent, or not within 10 minutes), `event: end` with `data: {{"last_seq": n}}` closes the
stream. The
server also closes a stream after a configured time (300 s by default): reconnect with
`Last-Event-ID` (or `?after=`) and nothing is lost or repeated. One past the log's end
(a log restored from a backup, another game's id) is refused before the stream begins:
`409 after_past_end` with the log's `last_seq`. Send the token in the
`Authorization` header; in a browser, read the stream with `fetch` and a stream reader
(`EventSource` cannot send headers). The server asks clients to wait {RETRY_MS} ms
before reconnecting."""


# The messages of the stream, as SSE clients (and schemathesis) parse them; each `data` is
# JSON whose schema `contentSchema` names.
def _message(title: str, fields: dict[str, Any], data: dict[str, Any], says: str) -> dict:
    return {
        "title": title,
        "type": "object",
        "required": [*fields, "data"],
        "properties": {
            **fields,
            "data": {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": data,
                "description": says,
            },
        },
    }


def _named(event: str) -> dict[str, Any]:
    return {"event": {"type": "string", "enum": [event]}}


MESSAGE_SCHEMA = {
    "title": "StreamMessage",
    "oneOf": [
        _message(
            "EventMessage",
            {"id": {"type": "string", "description": "The event's seq"}},
            {"$ref": "#/components/schemas/Event"},
            "The event as in the events page",
        ),
        _message(
            "ViewMessage",
            _named("view"),
            {"$ref": "#/components/schemas/View"},
            "With `view=true`: the seat's view as of the event before",
        ),
        _message(
            "EndMessage",
            _named("end"),
            {
                "type": "object",
                "required": ["last_seq"],
                "properties": {"last_seq": {"type": "integer"}},
            },
            "The match is finished (and, with `rematch=true`, played again or not): "
            "the stream closes",
        ),
    ],
}
# OpenAPI 3.1 has no way to say "a stream of these" (3.2's itemSchema): the answer is
# either the stream's text, which is what a generated client that reads the whole body
# gets (never parsed as JSON), or one message, as a stream reader sees each.
STREAM_SCHEMA = {
    "anyOf": [
        {
            "title": "StreamText",
            "type": "string",
            "description": "The stream as text; read it message by message with a stream "
            "reader (the SDKs' `follow`)",
        },
        MESSAGE_SCHEMA,
    ]
}


def response(stream: EventStream, check_shapes: bool = False) -> Response:
    """The stream as an SSE response; the server closing the response closes the stream
    (also when the client hung up before it began). Events and views are sent as the
    store rendered them, like every other answer (``parsing.Blueprint.response``), and
    with ``check_shapes`` (under ``TESTING``) each must equal its schema's dump."""
    answer = Response(
        _frames(stream, check_shapes),
        mimetype=MEDIA_TYPE,
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},  # proxies: no buffering
    )
    answer.call_on_close(stream.close)
    return answer


def _frames(stream: EventStream, check_shapes: bool) -> Iterator[str]:
    """One write per burst: a move's events and the view that follows them."""
    yield f"retry: {RETRY_MS}\n\n"
    for burst in stream:
        if check_shapes:
            _check_shapes(burst)
        yield "".join(_frame(kind, item) for kind, item in burst)


def _frame(kind: str, item: Any) -> str:
    if kind == "event":  # the very JSON of the events page
        return f"id: {item['seq']}\ndata: {_json(item)}\n\n"
    if kind == "heartbeat":
        return ": heartbeat\n\n"
    return f"event: {kind}\ndata: {_json(item)}\n\n"


def _check_shapes(burst: list[tuple[str, Any]]) -> None:
    for kind, item in burst:
        dump = _DUMPS.get(kind)
        if dump is not None:
            check_shape(dump, item, f"stream {kind}")


_DUMPS = {"event": EventSchema().dump, "view": ViewSchema().dump}


def _json(item: Any) -> str:
    return compact(in_reading_order(item))
