from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Offer")


@_attrs_define
class Offer:
    """
    Attributes:
        from_seat (int):
        positions (int):
    """

    from_seat: int
    positions: int

    def to_dict(self) -> dict[str, Any]:
        from_seat = self.from_seat

        positions = self.positions

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from_seat": from_seat,
                "positions": positions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_seat = d.pop("from_seat")

        positions = d.pop("positions")

        offer = cls(
            from_seat=from_seat,
            positions=positions,
        )

        return offer
