from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PassMove")


@_attrs_define
class PassMove:
    """
    Attributes:
        type_ (Literal['pass']):
        card (str | Unset):
    """

    type_: Literal["pass"]
    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

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
        type_ = cast(Literal["pass"], d.pop("type"))
        if type_ != "pass":
            raise ValueError(f"type must match const 'pass', got '{type_}'")

        card = d.pop("card", UNSET)

        pass_move = cls(
            type_=type_,
            card=card,
        )

        return pass_move
