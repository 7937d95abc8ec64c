"""Tables: create, list, join, deal, summary, view, moves, events and their stream."""

import uuid
from typing import Any

import marshmallow as ma
from flask import Response, current_app, request, url_for
from flask.views import MethodView

from ..engine import Move
from ..store import reads, tables
from ..table import access, render
from . import caching, preconditions, schemas, sse
from .context import arrived, bearer_token, client, client_socket, hub, unit
from .parsing import Blueprint
from .problems import refusal

blp = Blueprint("games", __name__, description="Tables, seats, moves and the event log")

SEAT_AUTH: list[dict[str, list[str]]] = [{"seatToken": []}]
SEAT_VIEW = "The view of the seat taken (read it with the seat's token)"
BODY_ETAG = "Weak, of this answer's body; send it back in If-None-Match"
MAYBE_AUTH: list[dict[str, list[str]]] = [{}, {"seatToken": []}]
WAITERS_PER_CLIENT = "This client address holds its share of waiting requests; see Retry-After"
PAST_END = (
    "`after_past_end`: Last-Event-ID (or `after`) is past the log's end, which the "
    "problem's `last_seq` gives: resume after it"
)


REPLAYED = "Idempotent-Replayed"  # Stripe's convention

# A table of each game for Swagger UI's list; the first is the quick start's.
CREATE_EXAMPLES = {
    name: {"summary": summary, "value": body}
    for name, summary, body in [
        (
            "old-maid",
            "Old Maid for two: you and a computer player",
            {"type": "old-maid", "seats": 2},
        ),
        (
            "old-maid-family",
            "Old Maid, Family Night rules, for six",
            {"type": "old-maid", "seats": 6, "options": {"preset": "family"}},
        ),
        ("blind-date", "Blind Date for four", {"type": "blind-date", "seats": 4}),
        (
            "crazy-eights",
            "A private table of Crazy Eights with a 60 s turn clock",
            {"type": "crazy-eights", "seats": 3, "visibility": "private", "turn_seconds": 60},
        ),
        (
            "crazy-eights-partners",
            "Crazy Eights for two teams of two, to 150 points",
            {"type": "crazy-eights", "seats": 4, "options": {"partnership": True}},
        ),
        ("go-fish", "Go Fish for three", {"type": "go-fish", "seats": 3}),
        ("spoons", "Spoons for five, three lives", {"type": "spoons", "seats": 5}),
        ("mystery-date", "Mystery Date for four", {"type": "mystery-date", "seats": 4}),
    ]
}

# One real move of each game for Swagger UI's list; the view's legal_moves has the rest.
MOVE_EXAMPLES = {
    name: {"summary": summary, "value": move}
    for name, summary, move in [
        (
            "old-maid-take",
            "Old Maid: take the card at position 0 from seat 1's hand",
            {"type": "take", "from_seat": 1, "position": 0},
        ),
        (
            "blind-date-take",
            "Blind Date: take the card at position 2 from seat 1's hand",
            {"type": "take", "from_seat": 1, "position": 2},
        ),
        ("crazy-eights-play", "Crazy Eights: play a card", {"type": "play", "card": "7C"}),
        (
            "crazy-eights-eight",
            "Crazy Eights: play an eight and name the suit",
            {"type": "play", "card": "8H", "suit": "S"},
        ),
        ("crazy-eights-draw", "Crazy Eights: draw from the stock", {"type": "draw"}),
        ("go-fish-ask", "Go Fish: ask seat 2 for nines", {"type": "ask", "seat": 2, "rank": "9"}),
        ("spoons-pass", "Spoons: pass a card to the left", {"type": "pass", "card": "3H"}),
        ("spoons-pick", "Spoons: pick up the oldest card of your pile", {"type": "pick"}),
        ("spoons-signal", "Spoons: signal (take a spoon)", {"type": "signal"}),
        ("mystery-date-roll", "Mystery Date: roll the die", {"type": "roll"}),
        ("resume", "Any game: take the seat back from autopilot", {"type": "resume"}),
    ]
}


def location(description: str) -> dict:
    """The Location header of a 201, for the document."""
    return {
        "Location": {
            "description": description,
            "schema": {"type": "string", "format": "uri-reference"},
            "required": True,
        }
    }


@blp.route("/games")
class Games(MethodView):
    @blp.arguments(schemas.LobbyQuerySchema, location="query", unknown=ma.RAISE)
    @blp.response(200, schemas.LobbySchema)
    @blp.doc(operationId="list_games")
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """The lobby: public tables, newest first, a page at a time"""
        page, next_cursor = reads.lobby(
            unit(),
            query.get("type"),
            query.get("status"),
            query.get("cursor"),
            query["limit"],
        )
        return {"games": [render.summary(game) for game in page], "next_cursor": next_cursor}

    @blp.arguments(schemas.CreateGameSchema, examples=CREATE_EXAMPLES)
    @blp.response(201, schemas.CreatedGameSchema, headers=location("The table's summary"))
    @refusal(blp, 422, "Invalid body or options; a seed on a public table")
    @refusal(blp, 429, "Too many tables created from this client; see Retry-After")
    @blp.doc(operationId="create_game")
    def post(self, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        """Create a table; the answer carries the host token (and a private table's code)"""
        created = tables.create(unit(), body, client())
        answer = {
            **render.summary(created.table),
            "host_token": created.host_token,
            "code": created.code,
        }
        return answer, {"Location": url_for("games.GameSummary", game_id=created.table.id)}


@blp.route("/games/<uuid:game_id>")
class GameSummary(MethodView):
    @blp.response(200, schemas.GameSchema, headers=caching.etag_header('The version: W/"7"'))
    @blp.alt_response(304, description=caching.NOT_MODIFIED)
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="get_game")
    def get(self, game_id: uuid.UUID) -> Response | tuple[dict[str, Any], dict[str, str]]:
        """The public summary of a table"""
        game = tables.load(unit(), game_id)
        if request.if_none_match.contains_weak(str(game.version)):
            return caching.conditional(Response(), str(game.version))  # no rendering
        return render.summary(game), {"ETag": f'W/"{game.version}"'}


@blp.route("/games/<uuid:game_id>/players")
class Players(MethodView):
    @blp.arguments(
        schemas.JoinSchema,
        examples={
            "player": {"summary": "Take a seat", "value": {"name": "Ada"}},
            "bot": {"summary": "Add a computer player (host token)", "value": {"bot": "basic"}},
        },
    )
    @blp.response(201, schemas.JoinedSchema, headers=location(SEAT_VIEW))
    @refusal(blp, 403, "Wrong or missing code of a private table; a bot without the host token")
    @refusal(blp, 404, "No such game")
    @refusal(blp, 409, "Table full, or the game has started")
    @refusal(blp, 429, "Too many joins or wrong codes from this client; see Retry-After")
    @blp.doc(security=MAYBE_AUTH)
    @blp.doc(operationId="join_game")
    def post(
        self, body: dict[str, Any], game_id: uuid.UUID
    ) -> tuple[dict[str, Any], dict[str, str]]:
        """Take a seat (the answer carries its token); with the host token, `bot` adds a
        computer player"""
        answer = tables.join(unit(), game_id, body, bearer_token(), client())
        return answer, {"Location": url_for("games.View", game_id=game_id)}


@blp.route("/tables/join")
class JoinByCode(MethodView):
    @blp.arguments(schemas.CodeJoinSchema, example={"code": "K7QX2M9B", "name": "Ada"})
    @blp.response(201, schemas.CodeJoinedSchema, headers=location(SEAT_VIEW))
    @refusal(blp, 403, "No table has this code")
    @refusal(blp, 409, "Table full, or the game has started")
    @refusal(blp, 429, "Too many joins or wrong codes from this client; see Retry-After")
    @blp.doc(operationId="join_by_code")
    def post(self, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        """Take a seat at a private table by its code"""
        answer = tables.join_by_code(unit(), body["code"], body["name"], client())
        return answer, {"Location": url_for("games.View", game_id=answer["game_id"])}


@blp.route("/games/<uuid:game_id>/deal")
class Deal(MethodView):
    @blp.arguments(schemas.DealSchema, required=False, example={"fill_with_bots": "basic"})
    @blp.response(200, schemas.GameSchema)
    @refusal(blp, 401, "No or unknown token")
    @refusal(blp, 403, "The first round is the host's to deal")
    @refusal(blp, 409, "Wrong phase, or too few players")
    @blp.doc(security=SEAT_AUTH)
    @blp.doc(operationId="deal")
    def post(self, body: dict[str, Any], game_id: uuid.UUID) -> dict[str, Any]:
        """Shuffle and deal: the first round by the host, the next by the host or a player"""
        game = tables.deal(unit(), game_id, bearer_token(), body.get("fill_with_bots"))
        return render.summary(game)


@blp.route("/games/<uuid:game_id>/leave")
class Leave(MethodView):
    @blp.response(200, schemas.GameSchema)
    @refusal(blp, 401, "No or unknown token")
    @refusal(blp, 403, "The host token holds no seat")
    @refusal(blp, 409, "The match is over")
    @blp.doc(security=SEAT_AUTH)
    @blp.doc(operationId="leave")
    def post(self, game_id: uuid.UUID) -> dict[str, Any]:
        """Leave the table: a waiting seat is freed, a running one goes to a bot"""
        return render.summary(tables.leave(unit(), game_id, bearer_token()))


@blp.route("/games/<uuid:game_id>/end")
class End(MethodView):
    @blp.response(200, schemas.GameSchema)
    @refusal(blp, 401, "No or unknown token")
    @refusal(blp, 403, "Not the host")
    @refusal(blp, 409, "Already finished")
    @blp.doc(security=SEAT_AUTH)
    @blp.doc(operationId="end_match")
    def post(self, game_id: uuid.UUID) -> dict[str, Any]:
        """End the match (host token): the game is finished and its log revealed"""
        return render.summary(tables.end(unit(), game_id, bearer_token()))


@blp.route("/games/<uuid:game_id>/rematch")
class Rematch(MethodView):
    @blp.response(200, schemas.RematchSchema, description="The table someone made already")
    @blp.alt_response(
        201,
        schema=schemas.RematchSchema,
        description="The table made by this call",
        headers=location("The new table's summary"),
    )
    @refusal(blp, 401, "No or unknown token")
    @refusal(blp, 403, "The host token holds no seat")
    @refusal(blp, 404, "No such game")
    @refusal(blp, 409, "The match is not finished; your seat there was given up")
    @refusal(blp, 429, "Too many tables created from this client; see Retry-After")
    @blp.doc(security=SEAT_AUTH)
    @blp.doc(operationId="rematch")
    def post(self, game_id: uuid.UUID) -> tuple[dict[str, Any], int, dict[str, str]]:
        """Play a finished match again (a seat's token), seated where you sat: the first
        call makes a table with the same game, options, seats, clock and bots, and is its
        host (her later calls get the host token again); later calls get the same table.
        The finished game's summary names it (`next_game_id`), and its log says so (a
        `rematch` event)"""
        made = tables.rematch(unit(), game_id, bearer_token(), client())
        answer = {**render.summary(made.table), "code": made.code}
        answer |= {"seat": made.seat, "token": made.token}
        if made.host_token is not None:
            answer["host_token"] = made.host_token
        if not made.created:
            return answer, 200, {}
        return answer, 201, {"Location": url_for("games.GameSummary", game_id=made.table.id)}


@blp.route("/games/<uuid:game_id>/reactions")
class Reactions(MethodView):
    @blp.arguments(schemas.ReactSchema, example={"reaction": "well_played"})
    @blp.response(201, schemas.EventSchema, description="The `reaction` event, as logged")
    @refusal(blp, 401, "No or unknown token")
    @refusal(blp, 403, "The host token holds no seat")
    @refusal(blp, 404, "No such game")
    @refusal(blp, 429, "Too many reactions from this seat; see Retry-After")
    @blp.doc(security=SEAT_AUTH)
    @blp.doc(operationId="react")
    def post(self, body: dict[str, Any], game_id: uuid.UUID) -> dict[str, Any]:
        """React at the table (a seat's token): one of a fixed set, shown to everyone as a
        `reaction` event; at most 3 a seat in 10 seconds, in any phase of the game"""
        return tables.react(unit(), game_id, bearer_token(), body["reaction"])


@blp.route("/games/<uuid:game_id>/presence")
class AtTable(MethodView):
    @blp.response(200, schemas.PresenceSchema)
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="get_presence")
    def get(self, game_id: uuid.UUID) -> dict[str, Any]:
        """Who is at the table: the seats with a live stream open (on any instance), and
        how many spectators watch; as of a few seconds ago"""
        return tables.at_table(unit(), game_id)


@blp.route("/games/<uuid:game_id>/view")
class View(MethodView):
    @blp.response(200, schemas.ViewSchema, headers=caching.etag_header(BODY_ETAG))
    @blp.alt_response(304, description=caching.NOT_MODIFIED)
    @refusal(blp, 401, "Unknown token")
    @refusal(blp, 404, "No such game")
    @blp.doc(security=MAYBE_AUTH)
    @blp.doc(operationId="get_view")
    def get(self, game_id: uuid.UUID) -> dict[str, Any]:
        """What the token's seat may know, with its legal moves; no token: a spectator"""
        game = tables.load(unit(), game_id)
        return render.view(game, access.identify(game, bearer_token()).seat)


@blp.route("/games/<uuid:game_id>/moves")
class Moves(MethodView):
    @blp.arguments(schemas.MoveHeadersSchema, location="headers")
    @blp.arguments(schemas.MoveSchema, examples=MOVE_EXAMPLES)
    @blp.response(
        201,
        schemas.MoveAnswerSchema,
        headers={
            **location("The event log from the move's events on"),
            REPLAYED: {
                "description": "`true` when this is the stored answer of an earlier request "
                "with the same Idempotency-Key: nothing was applied this time",
                "schema": {"type": "string", "enum": ["true"]},
            },
        },
    )
    @refusal(blp, 401, "No or unknown token")
    @refusal(blp, 403, "The host token plays no seat")
    @refusal(blp, 409, "Not your turn, or wrong phase")
    @refusal(blp, 412, "If-Match names an older version")
    @refusal(blp, 422, "Not one of your legal_moves, or malformed")
    @blp.doc(security=SEAT_AUTH)
    @blp.doc(operationId="play_move")
    def post(
        self, headers: dict[str, str], body: Move, game_id: uuid.UUID
    ) -> tuple[dict[str, Any], dict[str, str]]:
        """Play one of your legal_moves"""
        answered = tables.move(
            unit(), game_id, bearer_token(), body, preconditions.of_headers(headers)
        )
        after = answered.body["events"][0]["seq"] - 1
        sent = {"Location": url_for("games.Events", game_id=game_id, after=after)}
        if answered.replayed:
            sent[REPLAYED] = "true"
        return answered.body, sent


@blp.route("/games/<uuid:game_id>/events")
class Events(MethodView):
    @blp.arguments(schemas.EventsQuerySchema, location="query", unknown=ma.RAISE)
    @blp.response(200, schemas.EventsPageSchema, headers=caching.etag_header(BODY_ETAG))
    @blp.alt_response(304, description=caching.NOT_MODIFIED)
    @refusal(blp, 401, "Unknown token")
    @refusal(blp, 404, "No such game")
    @refusal(blp, 429, WAITERS_PER_CLIENT)
    @blp.doc(security=MAYBE_AUTH)
    @blp.doc(operationId="list_events")
    def get(self, query: dict[str, Any], game_id: uuid.UUID) -> dict[str, Any]:
        """The event log after `after`, as the token's seat may see it; `wait` long-polls"""
        return reads.wait_for_events(
            unit(),
            hub(),
            game_id,
            bearer_token(),
            query["after"],
            query["limit"],
            query["wait"],
            client_socket(),
            query["view"],
            arrived(),
        )


@blp.route("/games/<uuid:game_id>/stream")
class Stream(MethodView):
    @blp.arguments(schemas.StreamQuerySchema, location="query", unknown=ma.RAISE)
    @blp.arguments(schemas.StreamHeadersSchema, location="headers")
    @blp.response(200, sse.STREAM_SCHEMA, content_type=sse.MEDIA_TYPE, description=sse.DESCRIPTION)
    @refusal(blp, 401, "Unknown token")
    @refusal(blp, 404, "No such game")
    @refusal(blp, 409, PAST_END)
    @refusal(blp, 429, WAITERS_PER_CLIENT)
    @blp.doc(security=MAYBE_AUTH)
    @blp.doc(operationId="stream_events")
    def get(self, query: dict[str, Any], headers: dict[str, int], game_id: uuid.UUID) -> Response:
        """The event log as Server-Sent Events, as the token's seat may see it, live"""
        config = current_app.config
        stream = reads.EventStream(
            current_app.extensions["db_engine"],
            hub(),
            game_id,
            bearer_token(),
            headers.get("last_event_id", query["after"]),
            client_socket(),
            config["STREAM_SECONDS"],
            config["HEARTBEAT_SECONDS"],
            query["view"],
            query["rematch"],
            current_app.extensions["presence"],
        )
        return sse.response(stream, check_shapes=current_app.testing)
