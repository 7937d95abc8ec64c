from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_type import GameType
from ..types import UNSET, Unset

T = TypeVar("T", bound="Quickplay")


@_attrs_define
class Quickplay:
    """
    Attributes:
        type_ (GameType):
        name (str):
        seats (int | None | Unset): Seats at the table, within the game's range with its default options; default: 4, or
            the nearest the game takes. Only tickets of the same game and seats share a table
        bots (bool | Unset): Whether computer players may fill the seats nobody took by `fill_at`; false: only a table
            of people Default: True.
    """

    type_: GameType
    name: str
    seats: int | None | Unset = UNSET
    bots: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        name = self.name

        seats: int | None | Unset
        if isinstance(self.seats, Unset):
            seats = UNSET
        else:
            seats = self.seats

        bots = self.bots

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
            }
        )
        if seats is not UNSET:
            field_dict["seats"] = seats
        if bots is not UNSET:
            field_dict["bots"] = bots

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = GameType(d.pop("type"))

        name = d.pop("name")

        def _parse_seats(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seats = _parse_seats(d.pop("seats", UNSET))

        bots = d.pop("bots", UNSET)

        quickplay = cls(
            type_=type_,
            name=name,
            seats=seats,
            bots=bots,
        )

        return quickplay
