from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player_range import PlayerRange


T = TypeVar("T", bound="Players")


@_attrs_define
class Players:
    """
    Attributes:
        min_ (int):
        max_ (int):
        by_default (PlayerRange):
    """

    min_: int
    max_: int
    by_default: PlayerRange

    def to_dict(self) -> dict[str, Any]:
        min_ = self.min_

        max_ = self.max_

        by_default = self.by_default.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "min": min_,
                "max": max_,
                "by_default": by_default,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_range import PlayerRange  # noqa: PLC0415

        d = dict(src_dict)
        min_ = d.pop("min")

        max_ = d.pop("max")

        by_default = PlayerRange.from_dict(d.pop("by_default"))

        players = cls(
            min_=min_,
            max_=max_,
            by_default=by_default,
        )

        return players
