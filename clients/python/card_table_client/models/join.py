from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset

T = TypeVar("T", bound="Join")


@_attrs_define
class Join:
    """
    Attributes:
        name (str | Unset):
        code (str | Unset):
        bot (BotLevel | Unset):
    """

    name: str | Unset = UNSET
    code: str | Unset = UNSET
    bot: BotLevel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        code = self.code

        bot: str | Unset = UNSET
        if not isinstance(self.bot, Unset):
            bot = self.bot.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if code is not UNSET:
            field_dict["code"] = code
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        code = d.pop("code", UNSET)

        _bot = d.pop("bot", UNSET)
        bot: BotLevel | Unset
        if isinstance(_bot, Unset):
            bot = UNSET
        else:
            bot = BotLevel(_bot)

        join = cls(
            name=name,
            code=code,
            bot=bot,
        )

        return join
