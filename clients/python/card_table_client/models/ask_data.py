from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.rank import Rank

T = TypeVar("T", bound="AskData")


@_attrs_define
class AskData:
    """
    Attributes:
        seat (int):
        rank (Rank):
    """

    seat: int
    rank: Rank

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        rank = self.rank.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        rank = Rank(d.pop("rank"))

        ask_data = cls(
            seat=seat,
            rank=rank,
        )

        return ask_data
