from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SignalData")


@_attrs_define
class SignalData:
    """
    Attributes:
        order (int):
    """

    order: int

    def to_dict(self) -> dict[str, Any]:
        order = self.order

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "order": order,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order = d.pop("order")

        signal_data = cls(
            order=order,
        )

        return signal_data
