from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.take_discard_move_type import TakeDiscardMoveType

T = TypeVar("T", bound="TakeDiscardMove")


@_attrs_define
class TakeDiscardMove:
    """
    Attributes:
        type_ (TakeDiscardMoveType):
    """

    type_: TakeDiscardMoveType

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
        type_ = TakeDiscardMoveType(d.pop("type"))

        take_discard_move = cls(
            type_=type_,
        )

        return take_discard_move
