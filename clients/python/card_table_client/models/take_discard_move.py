from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TakeDiscardMove")


@_attrs_define
class TakeDiscardMove:
    """
    Attributes:
        type_ (Literal['take_discard']):
    """

    type_: Literal["take_discard"]

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
        type_ = cast(Literal["take_discard"], d.pop("type"))
        if type_ != "take_discard":
            raise ValueError(f"type must match const 'take_discard', got '{type_}'")

        take_discard_move = cls(
            type_=type_,
        )

        return take_discard_move
