from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatHere")


@_attrs_define
class SeatHere:
    """
    Attributes:
        seat (int):
        here (bool): A live stream of this seat is open (else: away)
    """

    seat: int
    here: bool

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        here = self.here

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "here": here,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        here = d.pop("here")

        seat_here = cls(
            seat=seat,
            here=here,
        )

        return seat_here
