from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.draw_move_type import DrawMoveType

T = TypeVar("T", bound="DrawMove")


@_attrs_define
class DrawMove:
    """
    Attributes:
        type_ (DrawMoveType):
    """

    type_: DrawMoveType

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
        type_ = DrawMoveType(d.pop("type"))

        draw_move = cls(
            type_=type_,
        )

        return draw_move
