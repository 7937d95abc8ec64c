from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PickData")


@_attrs_define
class PickData:
    """
    Attributes:
        pile (int):
        card (str | Unset):
    """

    pile: int
    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        pile = self.pile

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pile": pile,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pile = d.pop("pile")

        card = d.pop("card", UNSET)

        pick_data = cls(
            pile=pile,
            card=card,
        )

        return pick_data
