from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.discard_move_type import DiscardMoveType

T = TypeVar("T", bound="DiscardMove")


@_attrs_define
class DiscardMove:
    """
    Attributes:
        type_ (DiscardMoveType):
        card (str):
    """

    type_: DiscardMoveType
    card: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DiscardMoveType(d.pop("type"))

        card = d.pop("card")

        discard_move = cls(
            type_=type_,
            card=card,
        )

        return discard_move
