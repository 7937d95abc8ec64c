from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.suit import Suit
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayMove")


@_attrs_define
class PlayMove:
    """
    Attributes:
        type_ (Literal['play']):
        card (str):
        suit (Suit | Unset):
    """

    type_: Literal["play"]
    card: str
    suit: Suit | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        card = self.card

        suit: str | Unset = UNSET
        if not isinstance(self.suit, Unset):
            suit = self.suit.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "card": card,
            }
        )
        if suit is not UNSET:
            field_dict["suit"] = suit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["play"], d.pop("type"))
        if type_ != "play":
            raise ValueError(f"type must match const 'play', got '{type_}'")

        card = d.pop("card")

        _suit = d.pop("suit", UNSET)
        suit: Suit | Unset
        if isinstance(_suit, Unset):
            suit = UNSET
        else:
            suit = Suit(_suit)

        play_move = cls(
            type_=type_,
            card=card,
            suit=suit,
        )

        return play_move
