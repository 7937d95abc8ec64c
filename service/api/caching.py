"""Conditional GETs. The catalogue, a view and an events page carry a weak ETag of their
body (``W/"…"``: equal bodies, whatever their encoding); a client that sends it back in
``If-None-Match`` gets ``304 Not Modified`` and no body. The summary's ETag is the game's
version instead (``W/"7"``), which ``If-Match`` on a move takes too. Comparison is weak,
as RFC 9110 wants for ``If-None-Match``: ``W/"7"`` and ``"7"`` both match."""

import hashlib

from flask import Response, request

# endpoint -> whether its answer varies with the token (a seat's view, its redacted log)
BODY_TAGGED = {"catalog.Catalog": False, "games.View": True, "games.Events": True}


def etag_header(description: str) -> dict:
    """The ETag header of an answer, for the document."""
    return {"ETag": {"description": description, "schema": {"type": "string"}, "required": True}}


NOT_MODIFIED = "Not modified: the If-None-Match ETag is still current (no body)"


def conditional(response: Response, etag: str) -> Response:
    """Tag the answer; a 304 with no body if the client holds this one already."""
    response.set_etag(etag, weak=True)
    if request.if_none_match.contains_weak(etag):
        response.status_code = 304  # werkzeug sends no body and no content headers
    return response


def tag_body(response: Response) -> Response:
    """An after-request hook: ETag the answers of BODY_TAGGED endpoints by their body."""
    varies = BODY_TAGGED.get(request.endpoint or "")
    if varies is None or response.status_code != 200 or response.is_streamed:
        return response
    if varies:
        response.vary.add("Authorization")
    return conditional(response, hashlib.blake2b(response.get_data(), digest_size=12).hexdigest())
