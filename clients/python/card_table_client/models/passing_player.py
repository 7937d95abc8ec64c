from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PassingPlayer")


@_attrs_define
class PassingPlayer:
    """
    Attributes:
        seat (int):
        cards (int):
        safe (bool):
        pairs (list[list[str]]):
    """

    seat: int
    cards: int
    safe: bool
    pairs: list[list[str]]

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        cards = self.cards

        safe = self.safe

        pairs = []
        for pairs_item_data in self.pairs:
            pairs_item = pairs_item_data

            pairs.append(pairs_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "cards": cards,
                "safe": safe,
                "pairs": pairs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        cards = d.pop("cards")

        safe = d.pop("safe")

        pairs = []
        _pairs = d.pop("pairs")
        for pairs_item_data in _pairs:
            pairs_item = cast(list[str], pairs_item_data)

            pairs.append(pairs_item)

        passing_player = cls(
            seat=seat,
            cards=cards,
            safe=safe,
            pairs=pairs,
        )

        return passing_player
