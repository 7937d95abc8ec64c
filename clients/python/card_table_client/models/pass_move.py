from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.pass_move_type import PassMoveType
from ..types import UNSET, Unset

T = TypeVar("T", bound="PassMove")


@_attrs_define
class PassMove:
    """
    Attributes:
        type_ (PassMoveType):
        card (str | Unset):
    """

    type_: PassMoveType
    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = PassMoveType(d.pop("type"))

        card = d.pop("card", UNSET)

        pass_move = cls(
            type_=type_,
            card=card,
        )

        return pass_move
