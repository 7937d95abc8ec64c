from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset

T = TypeVar("T", bound="Deal")


@_attrs_define
class Deal:
    """
    Attributes:
        fill_with_bots (BotLevel | Unset):
    """

    fill_with_bots: BotLevel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        fill_with_bots: str | Unset = UNSET
        if not isinstance(self.fill_with_bots, Unset):
            fill_with_bots = self.fill_with_bots.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if fill_with_bots is not UNSET:
            field_dict["fill_with_bots"] = fill_with_bots

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _fill_with_bots = d.pop("fill_with_bots", UNSET)
        fill_with_bots: BotLevel | Unset
        if isinstance(_fill_with_bots, Unset):
            fill_with_bots = UNSET
        else:
            fill_with_bots = BotLevel(_fill_with_bots)

        deal = cls(
            fill_with_bots=fill_with_bots,
        )

        return deal
