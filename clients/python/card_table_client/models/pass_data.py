from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PassData")


@_attrs_define
class PassData:
    """
    Attributes:
        to_seat (int | Unset):
        pile (int | Unset):
        card (str | Unset):
    """

    to_seat: int | Unset = UNSET
    pile: int | Unset = UNSET
    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        to_seat = self.to_seat

        pile = self.pile

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if to_seat is not UNSET:
            field_dict["to_seat"] = to_seat
        if pile is not UNSET:
            field_dict["pile"] = pile
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        to_seat = d.pop("to_seat", UNSET)

        pile = d.pop("pile", UNSET)

        card = d.pop("card", UNSET)

        pass_data = cls(
            to_seat=to_seat,
            pile=pile,
            card=card,
        )

        return pass_data
