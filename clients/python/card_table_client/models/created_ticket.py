from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.game_type import GameType
from ..models.ticket_status import TicketStatus

T = TypeVar("T", bound="CreatedTicket")


@_attrs_define
class CreatedTicket:
    """
    Attributes:
        type_ (GameType):
        status (TicketStatus):
        seat (int | None): Its seat there; the ticket's token is the seat's token
        id (UUID):
        seats (int):
        bots (bool):
        fill_at (datetime.datetime | None): When computer players fill the seats of its table nobody took; null without
            bots
        game_id (None | UUID): The table, once seated: dealt already
        token (str): Bearer token of the ticket, shown once: poll the ticket with it, and once seated it plays the seat
    """

    type_: GameType
    status: TicketStatus
    seat: int | None
    id: UUID
    seats: int
    bots: bool
    fill_at: datetime.datetime | None
    game_id: None | UUID
    token: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        status = self.status.value

        seat: int | None
        seat = self.seat

        id = str(self.id)

        seats = self.seats

        bots = self.bots

        fill_at: None | str
        if isinstance(self.fill_at, datetime.datetime):
            fill_at = self.fill_at.isoformat()
        else:
            fill_at = self.fill_at

        game_id: None | str
        if isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "status": status,
                "seat": seat,
                "id": id,
                "seats": seats,
                "bots": bots,
                "fill_at": fill_at,
                "game_id": game_id,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = GameType(d.pop("type"))

        status = TicketStatus(d.pop("status"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        id = UUID(d.pop("id"))

        seats = d.pop("seats")

        bots = d.pop("bots")

        def _parse_fill_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fill_at_type_0 = datetime.datetime.fromisoformat(data)

                return fill_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        fill_at = _parse_fill_at(d.pop("fill_at"))

        def _parse_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_id_type_0 = UUID(data)

                return game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        game_id = _parse_game_id(d.pop("game_id"))

        token = d.pop("token")

        created_ticket = cls(
            type_=type_,
            status=status,
            seat=seat,
            id=id,
            seats=seats,
            bots=bots,
            fill_at=fill_at,
            game_id=game_id,
            token=token,
        )

        return created_ticket
