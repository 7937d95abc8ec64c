from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DealData")


@_attrs_define
class DealData:
    """
    Attributes:
        dealer (int):
        counts (list[int]):
    """

    dealer: int
    counts: list[int]

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        counts = self.counts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dealer": dealer,
                "counts": counts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        dealer = d.pop("dealer")

        counts = cast(list[int], d.pop("counts"))

        deal_data = cls(
            dealer=dealer,
            counts=counts,
        )

        return deal_data
