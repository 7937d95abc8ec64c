from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.pick_move_type import PickMoveType

T = TypeVar("T", bound="PickMove")


@_attrs_define
class PickMove:
    """
    Attributes:
        type_ (PickMoveType):
    """

    type_: PickMoveType

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
        type_ = PickMoveType(d.pop("type"))

        pick_move = cls(
            type_=type_,
        )

        return pick_move
