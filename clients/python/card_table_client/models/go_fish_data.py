from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GoFishData")


@_attrs_define
class GoFishData:
    """
    Attributes:
        to_seat (int):
    """

    to_seat: int

    def to_dict(self) -> dict[str, Any]:
        to_seat = self.to_seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "to_seat": to_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        to_seat = d.pop("to_seat")

        go_fish_data = cls(
            to_seat=to_seat,
        )

        return go_fish_data
