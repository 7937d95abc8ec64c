from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DrawMove")


@_attrs_define
class DrawMove:
    """
    Attributes:
        type_ (Literal['draw']):
    """

    type_: Literal["draw"]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

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
        type_ = cast(Literal["draw"], d.pop("type"))
        if type_ != "draw":
            raise ValueError(f"type must match const 'draw', got '{type_}'")

        draw_move = cls(
            type_=type_,
        )

        return draw_move
