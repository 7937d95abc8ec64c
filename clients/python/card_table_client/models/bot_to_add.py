from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BotToAdd")


@_attrs_define
class BotToAdd:
    """
    Attributes:
        seat (int): Its seat at the finished table
        bot (str): Its level
    """

    seat: int
    bot: str

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "bot": bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        bot = d.pop("bot")

        bot_to_add = cls(
            seat=seat,
            bot=bot,
        )

        return bot_to_add
