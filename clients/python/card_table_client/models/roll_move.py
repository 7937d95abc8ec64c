from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RollMove")


@_attrs_define
class RollMove:
    """
    Attributes:
        type_ (Literal['roll']):
    """

    type_: Literal["roll"]

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
        type_ = cast(Literal["roll"], d.pop("type"))
        if type_ != "roll":
            raise ValueError(f"type must match const 'roll', got '{type_}'")

        roll_move = cls(
            type_=type_,
        )

        return roll_move
