from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.signal_move_type import SignalMoveType

T = TypeVar("T", bound="SignalMove")


@_attrs_define
class SignalMove:
    """
    Attributes:
        type_ (SignalMoveType):
    """

    type_: SignalMoveType

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
        type_ = SignalMoveType(d.pop("type"))

        signal_move = cls(
            type_=type_,
        )

        return signal_move
