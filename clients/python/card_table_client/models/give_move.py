from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.give_move_type import GiveMoveType

T = TypeVar("T", bound="GiveMove")


@_attrs_define
class GiveMove:
    """
    Attributes:
        type_ (GiveMoveType):
        card (str):
        seat (int):
    """

    type_: GiveMoveType
    card: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        card = self.card

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "card": card,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = GiveMoveType(d.pop("type"))

        card = d.pop("card")

        seat = d.pop("seat")

        give_move = cls(
            type_=type_,
            card=card,
            seat=seat,
        )

        return give_move
