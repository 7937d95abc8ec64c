from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DiscardMove")


@_attrs_define
class DiscardMove:
    """
    Attributes:
        type_ (Literal['discard']):
        card (str):
    """

    type_: Literal["discard"]
    card: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

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
        type_ = cast(Literal["discard"], d.pop("type"))
        if type_ != "discard":
            raise ValueError(f"type must match const 'discard', got '{type_}'")

        card = d.pop("card")

        discard_move = cls(
            type_=type_,
            card=card,
        )

        return discard_move
