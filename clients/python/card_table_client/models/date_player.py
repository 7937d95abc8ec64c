from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DatePlayer")


@_attrs_define
class DatePlayer:
    """
    Attributes:
        seat (int):
        cards (int):
        position (int):
    """

    seat: int
    cards: int
    position: int

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        cards = self.cards

        position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "cards": cards,
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        cards = d.pop("cards")

        position = d.pop("position")

        date_player = cls(
            seat=seat,
            cards=cards,
            position=position,
        )

        return date_player
