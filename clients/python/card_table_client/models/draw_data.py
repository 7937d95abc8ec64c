from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DrawData")


@_attrs_define
class DrawData:
    """
    Attributes:
        stock (int | Unset):
        card (str | Unset):
        shown (str | Unset):
        count (int | Unset):
        draw_pile (int | Unset):
        cards (list[str] | Unset):
    """

    stock: int | Unset = UNSET
    card: str | Unset = UNSET
    shown: str | Unset = UNSET
    count: int | Unset = UNSET
    draw_pile: int | Unset = UNSET
    cards: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        stock = self.stock

        card = self.card

        shown = self.shown

        count = self.count

        draw_pile = self.draw_pile

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if stock is not UNSET:
            field_dict["stock"] = stock
        if card is not UNSET:
            field_dict["card"] = card
        if shown is not UNSET:
            field_dict["shown"] = shown
        if count is not UNSET:
            field_dict["count"] = count
        if draw_pile is not UNSET:
            field_dict["draw_pile"] = draw_pile
        if cards is not UNSET:
            field_dict["cards"] = cards

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stock = d.pop("stock", UNSET)

        card = d.pop("card", UNSET)

        shown = d.pop("shown", UNSET)

        count = d.pop("count", UNSET)

        draw_pile = d.pop("draw_pile", UNSET)

        cards = cast(list[str], d.pop("cards", UNSET))

        draw_data = cls(
            stock=stock,
            card=card,
            shown=shown,
            count=count,
            draw_pile=draw_pile,
            cards=cards,
        )

        return draw_data
