from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReservedData")


@_attrs_define
class ReservedData:
    """A seat of a rematch held for the person who had it in the finished match, until they sit down (`joined`) or `until`
    passes (then `vacated`). Names are public.

        Attributes:
            name (str):
            until (str):
    """

    name: str
    until: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        until = self.until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "until": until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        until = d.pop("until")

        reserved_data = cls(
            name=name,
            until=until,
        )

        return reserved_data
