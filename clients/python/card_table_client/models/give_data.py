from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="GiveData")


@_attrs_define
class GiveData:
    """
    Attributes:
        to_seat (int):
        cards (list[str] | Unset):
        card (str | Unset):
    """

    to_seat: int
    cards: list[str] | Unset = UNSET
    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        to_seat = self.to_seat

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "to_seat": to_seat,
            }
        )
        if cards is not UNSET:
            field_dict["cards"] = cards
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        to_seat = d.pop("to_seat")

        cards = cast(list[str], d.pop("cards", UNSET))

        card = d.pop("card", UNSET)

        give_data = cls(
            to_seat=to_seat,
            cards=cards,
            card=card,
        )

        return give_data
