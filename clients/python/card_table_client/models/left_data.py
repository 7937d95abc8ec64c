from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LeftData")


@_attrs_define
class LeftData:
    """
    Attributes:
        bot (str):
    """

    bot: str

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot": bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        left_data = cls(
            bot=bot,
        )

        return left_data
