from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SignalMove")


@_attrs_define
class SignalMove:
    """
    Attributes:
        type_ (Literal['signal']):
    """

    type_: Literal["signal"]

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
        type_ = cast(Literal["signal"], d.pop("type"))
        if type_ != "signal":
            raise ValueError(f"type must match const 'signal', got '{type_}'")

        signal_move = cls(
            type_=type_,
        )

        return signal_move
