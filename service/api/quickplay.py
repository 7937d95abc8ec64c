"""Play now: a ticket for the next table of a game, long-polled until it is seated."""

import uuid
from datetime import UTC
from typing import Any

import marshmallow as ma
from flask import url_for
from flask.views import MethodView

from ..store import quickplay
from ..table import clock
from . import schemas
from .context import arrived, bearer_token, client, client_socket, hub, unit
from .games import SEAT_AUTH, WAITERS_PER_CLIENT, location
from .parsing import Blueprint
from .problems import refusal

blp = Blueprint(
    "quickplay",
    __name__,
    description="Play now: a seat at the next table of a game, with strangers or computer players",
)

TICKET = "The ticket: long-poll it (`GET` with `wait`) with its token until it is seated"
EXAMPLES = {
    "old-maid": {
        "summary": "Old Maid with whoever else plays now; bots fill in after a while",
        "value": {"type": "old-maid", "name": "Ada"},
    },
    "people-only": {
        "summary": "Crazy Eights for three, people only",
        "value": {"type": "crazy-eights", "seats": 3, "name": "Ada", "bots": False},
    },
}


@blp.route("/quickplay")
class Quickplay(MethodView):
    @blp.arguments(schemas.QuickplaySchema, examples=EXAMPLES)
    @blp.response(201, schemas.CreatedTicketSchema, headers=location(TICKET))
    @refusal(blp, 422, "Invalid body: an unknown game, seats out of its range, a bad name")
    @refusal(blp, 429, "Too many tickets taken from this client; see Retry-After")
    @blp.doc(operationId="play_now")
    def post(self, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        """Play now: a ticket for the next table of a game (its token, shown once, becomes
        the seat's); the last to arrive for a full table seats everybody at once"""
        ticket, token = quickplay.enqueue(unit(), body, client())
        location_ = url_for("quickplay.Ticket", ticket_id=ticket.id)
        return {**answer(ticket), "token": token}, {"Location": location_}


@blp.route("/quickplay/<uuid:ticket_id>")
class Ticket(MethodView):
    @blp.arguments(schemas.TicketQuerySchema, location="query", unknown=ma.RAISE)
    @blp.response(200, schemas.TicketSchema)
    @refusal(blp, 401, "No token, or not the ticket's")
    @refusal(blp, 404, "No such ticket (or it was cancelled)")
    @refusal(blp, 429, WAITERS_PER_CLIENT)
    @blp.doc(security=SEAT_AUTH)
    @blp.doc(operationId="get_ticket")
    def get(self, query: dict[str, Any], ticket_id: uuid.UUID) -> dict[str, Any]:
        """The ticket (its token); `wait` long-polls until it is seated. Polling keeps it
        in the queue"""
        ticket = quickplay.poll(
            unit(), hub(), ticket_id, bearer_token(), query["wait"], client_socket(), arrived()
        )
        return answer(ticket)

    @blp.response(204)
    @refusal(blp, 401, "No token, or not the ticket's")
    @refusal(blp, 404, "No such ticket (or it was cancelled)")
    @refusal(blp, 409, "Seated already: leave the game instead")
    @blp.doc(security=SEAT_AUTH)
    @blp.doc(operationId="cancel_ticket")
    def delete(self, ticket_id: uuid.UUID) -> None:
        """Cancel a waiting ticket (its token)"""
        quickplay.cancel(unit(), ticket_id, bearer_token())


def answer(ticket: quickplay.Ticket) -> dict[str, Any]:
    """The ticket as the API shows it: never its token, which only the ticket's taking
    shows (its holder sends it with every call)."""
    fill_at = clock.aware(ticket.fill_at)
    return {
        "id": str(ticket.id),
        "status": "seated" if ticket.seated else "waiting",
        "type": ticket.type,
        "seats": ticket.seats,
        "bots": ticket.bots,
        "fill_at": None if fill_at is None else fill_at.astimezone(UTC).isoformat(),
        "game_id": None if ticket.game_id is None else str(ticket.game_id),
        "seat": ticket.seat,
    }
