from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.seat_here import SeatHere


T = TypeVar("T", bound="Presence")


@_attrs_define
class Presence:
    """
    Attributes:
        seats (list[SeatHere]):
        spectators (int): Live streams without a seat
    """

    seats: list[SeatHere]
    spectators: int

    def to_dict(self) -> dict[str, Any]:
        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        spectators = self.spectators

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seats": seats,
                "spectators": spectators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_here import SeatHere  # noqa: PLC0415

        d = dict(src_dict)
        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatHere.from_dict(seats_item_data)

            seats.append(seats_item)

        spectators = d.pop("spectators")

        presence = cls(
            seats=seats,
            spectators=spectators,
        )

        return presence
