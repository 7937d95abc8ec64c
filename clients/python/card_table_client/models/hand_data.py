from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HandData")


@_attrs_define
class HandData:
    """
    Attributes:
        cards (int):
        hand (list[str] | Unset):
    """

    cards: int
    hand: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = d.pop("cards")

        hand = cast(list[str], d.pop("hand", UNSET))

        hand_data = cls(
            cards=cards,
            hand=hand,
        )

        return hand_data
