from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="EightsPlayer")


@_attrs_define
class EightsPlayer:
    """
    Attributes:
        seat (int):
        cards (int):
        out (bool):
        side (int | None):
    """

    seat: int
    cards: int
    out: bool
    side: int | None

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        cards = self.cards

        out = self.out

        side: int | None
        side = self.side

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "cards": cards,
                "out": out,
                "side": side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        cards = d.pop("cards")

        out = d.pop("out")

        def _parse_side(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        side = _parse_side(d.pop("side"))

        eights_player = cls(
            seat=seat,
            cards=cards,
            out=out,
            side=side,
        )

        return eights_player
