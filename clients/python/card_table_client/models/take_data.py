from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TakeData")


@_attrs_define
class TakeData:
    """
    Attributes:
        from_seat (int):
        position (int):
        card (str | Unset):
    """

    from_seat: int
    position: int
    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_seat = self.from_seat

        position = self.position

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from_seat": from_seat,
                "position": position,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_seat = d.pop("from_seat")

        position = d.pop("position")

        card = d.pop("card", UNSET)

        take_data = cls(
            from_seat=from_seat,
            position=position,
            card=card,
        )

        return take_data
