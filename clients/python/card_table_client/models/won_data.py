from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.won_data_date import WonDataDate

T = TypeVar("T", bound="WonData")


@_attrs_define
class WonData:
    """
    Attributes:
        winner (int):
        date (WonDataDate):
    """

    winner: int
    date: WonDataDate

    def to_dict(self) -> dict[str, Any]:
        winner = self.winner

        date = self.date.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "winner": winner,
                "date": date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        winner = d.pop("winner")

        date = WonDataDate(d.pop("date"))

        won_data = cls(
            winner=winner,
            date=date,
        )

        return won_data
