from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MysteryDateOptions")


@_attrs_define
class MysteryDateOptions:
    """
    Attributes:
        mid_side_doors (bool | Unset): Each side's middle space (take 1 from draw or discard) is a door too
    """

    mid_side_doors: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        mid_side_doors = self.mid_side_doors

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if mid_side_doors is not UNSET:
            field_dict["mid_side_doors"] = mid_side_doors

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mid_side_doors = d.pop("mid_side_doors", UNSET)

        mystery_date_options = cls(
            mid_side_doors=mid_side_doors,
        )

        return mystery_date_options
