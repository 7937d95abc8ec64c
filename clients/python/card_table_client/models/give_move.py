from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GiveMove")


@_attrs_define
class GiveMove:
    """
    Attributes:
        type_ (Literal['give']):
        seat (int):
        card (str):
    """

    type_: Literal["give"]
    seat: int
    card: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["give"], d.pop("type"))
        if type_ != "give":
            raise ValueError(f"type must match const 'give', got '{type_}'")

        seat = d.pop("seat")

        card = d.pop("card")

        give_move = cls(
            type_=type_,
            seat=seat,
            card=card,
        )

        return give_move
