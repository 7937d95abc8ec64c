from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TakeMove")


@_attrs_define
class TakeMove:
    """
    Attributes:
        type_ (Literal['take']):
        from_seat (int):
        position (int):
    """

    type_: Literal["take"]
    from_seat: int
    position: int

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

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
        type_ = cast(Literal["take"], d.pop("type"))
        if type_ != "take":
            raise ValueError(f"type must match const 'take', got '{type_}'")

        from_seat = d.pop("from_seat")

        position = d.pop("position")

        take_move = cls(
            type_=type_,
            from_seat=from_seat,
            position=position,
        )

        return take_move
