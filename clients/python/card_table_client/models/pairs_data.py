from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PairsData")


@_attrs_define
class PairsData:
    """
    Attributes:
        pairs (list[list[str]]):
    """

    pairs: list[list[str]]

    def to_dict(self) -> dict[str, Any]:
        pairs = []
        for pairs_item_data in self.pairs:
            pairs_item = pairs_item_data

            pairs.append(pairs_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pairs": pairs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pairs = []
        _pairs = d.pop("pairs")
        for pairs_item_data in _pairs:
            pairs_item = cast(list[str], pairs_item_data)

            pairs.append(pairs_item)

        pairs_data = cls(
            pairs=pairs,
        )

        return pairs_data
