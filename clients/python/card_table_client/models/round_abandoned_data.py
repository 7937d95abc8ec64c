from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.round_abandoned_data_ended import RoundAbandonedDataEnded

T = TypeVar("T", bound="RoundAbandonedData")


@_attrs_define
class RoundAbandonedData:
    """
    Attributes:
        ended (RoundAbandonedDataEnded):
    """

    ended: RoundAbandonedDataEnded

    def to_dict(self) -> dict[str, Any]:
        ended = self.ended.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ended": ended,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ended = RoundAbandonedDataEnded(d.pop("ended"))

        round_abandoned_data = cls(
            ended=ended,
        )

        return round_abandoned_data
