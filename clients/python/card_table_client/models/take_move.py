from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.take_move_type import TakeMoveType

T = TypeVar("T", bound="TakeMove")


@_attrs_define
class TakeMove:
    """
    Attributes:
        type_ (TakeMoveType):
        from_seat (int):
        position (int):
    """

    type_: TakeMoveType
    from_seat: int
    position: int

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        from_seat = self.from_seat

        position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "from_seat": from_seat,
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = TakeMoveType(d.pop("type"))

        from_seat = d.pop("from_seat")

        position = d.pop("position")

        take_move = cls(
            type_=type_,
            from_seat=from_seat,
            position=position,
        )

        return take_move
