from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.roll_move_type import RollMoveType

T = TypeVar("T", bound="RollMove")


@_attrs_define
class RollMove:
    """
    Attributes:
        type_ (RollMoveType):
    """

    type_: RollMoveType

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = RollMoveType(d.pop("type"))

        roll_move = cls(
            type_=type_,
        )

        return roll_move
