from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.suit import Suit

T = TypeVar("T", bound="PlayData")


@_attrs_define
class PlayData:
    """
    Attributes:
        card (str):
        suit (Suit):
        cards (int):
    """

    card: str
    suit: Suit
    cards: int

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        suit = self.suit.value

        cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "suit": suit,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        suit = Suit(d.pop("suit"))

        cards = d.pop("cards")

        play_data = cls(
            card=card,
            suit=suit,
            cards=cards,
        )

        return play_data
