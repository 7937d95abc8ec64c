from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.game_type import GameType
from ..models.status import Status
from ..models.visibility import Visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rematch_options import RematchOptions
    from ..models.seat import Seat


T = TypeVar("T", bound="Rematch")


@_attrs_define
class Rematch:
    """
    Attributes:
        type_ (GameType):
        status (Status):
        seat (int): The caller's seat there, as it sat here
        to_act (list[int]): Every seat that may act now
        deadline (datetime.datetime | None): When the clock runs out for the seat to act, if one
        id (UUID):
        options (RematchOptions): Every option, defaults filled in
        visibility (Visibility):
        round_ (int):
        max_seats (int):
        turn_seconds (int | None):
        think_seconds (float): How long its bots hesitate
        seeded (bool): Whether the host chose the seed (then whoever knows it knows every card)
        seats (list[Seat]):
        turn (int | None): The seat to act, if one
        dealer (int | None): The dealer of the current round
        version (int):
        seed_commitment (None | str): SHA-256 of the nonce and the seed, from the first deal
        created_at (datetime.datetime):
        next_game_id (None | UUID): The table this finished match is played again at (`POST /v1/games/{id}/rematch`);
            null until someone asks for one
        code (None | str): Join code of a private table: only to its host
        token (str): The caller's seat token there; the same at every call
        host_token (str | Unset): Bearer token of the host: only to the seat that made it
    """

    type_: GameType
    status: Status
    seat: int
    to_act: list[int]
    deadline: datetime.datetime | None
    id: UUID
    options: RematchOptions
    visibility: Visibility
    round_: int
    max_seats: int
    turn_seconds: int | None
    think_seconds: float
    seeded: bool
    seats: list[Seat]
    turn: int | None
    dealer: int | None
    version: int
    seed_commitment: None | str
    created_at: datetime.datetime
    next_game_id: None | UUID
    code: None | str
    token: str
    host_token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        status = self.status.value

        seat = self.seat

        to_act = self.to_act

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        id = str(self.id)

        options = self.options.to_dict()

        visibility = self.visibility.value

        round_ = self.round_

        max_seats = self.max_seats

        turn_seconds: int | None
        turn_seconds = self.turn_seconds

        think_seconds = self.think_seconds

        seeded = self.seeded

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        turn: int | None
        turn = self.turn

        dealer: int | None
        dealer = self.dealer

        version = self.version

        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        created_at = self.created_at.isoformat()

        next_game_id: None | str
        if isinstance(self.next_game_id, UUID):
            next_game_id = str(self.next_game_id)
        else:
            next_game_id = self.next_game_id

        code: None | str
        code = self.code

        token = self.token

        host_token = self.host_token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "status": status,
                "seat": seat,
                "to_act": to_act,
                "deadline": deadline,
                "id": id,
                "options": options,
                "visibility": visibility,
                "round": round_,
                "max_seats": max_seats,
                "turn_seconds": turn_seconds,
                "think_seconds": think_seconds,
                "seeded": seeded,
                "seats": seats,
                "turn": turn,
                "dealer": dealer,
                "version": version,
                "seed_commitment": seed_commitment,
                "created_at": created_at,
                "next_game_id": next_game_id,
                "code": code,
                "token": token,
            }
        )
        if host_token is not UNSET:
            field_dict["host_token"] = host_token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rematch_options import RematchOptions  # noqa: PLC0415
        from ..models.seat import Seat  # noqa: PLC0415

        d = dict(src_dict)
        type_ = GameType(d.pop("type"))

        status = Status(d.pop("status"))

        seat = d.pop("seat")

        to_act = cast(list[int], d.pop("to_act"))

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        id = UUID(d.pop("id"))

        options = RematchOptions.from_dict(d.pop("options"))

        visibility = Visibility(d.pop("visibility"))

        round_ = d.pop("round")

        max_seats = d.pop("max_seats")

        def _parse_turn_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds"))

        think_seconds = d.pop("think_seconds")

        seeded = d.pop("seeded")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = Seat.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        def _parse_dealer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dealer = _parse_dealer(d.pop("dealer"))

        version = d.pop("version")

        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_next_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_game_id_type_0 = UUID(data)

                return next_game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        next_game_id = _parse_next_game_id(d.pop("next_game_id"))

        def _parse_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        code = _parse_code(d.pop("code"))

        token = d.pop("token")

        host_token = d.pop("host_token", UNSET)

        rematch = cls(
            type_=type_,
            status=status,
            seat=seat,
            to_act=to_act,
            deadline=deadline,
            id=id,
            options=options,
            visibility=visibility,
            round_=round_,
            max_seats=max_seats,
            turn_seconds=turn_seconds,
            think_seconds=think_seconds,
            seeded=seeded,
            seats=seats,
            turn=turn,
            dealer=dealer,
            version=version,
            seed_commitment=seed_commitment,
            created_at=created_at,
            next_game_id=next_game_id,
            code=code,
            token=token,
            host_token=host_token,
        )

        return rematch
