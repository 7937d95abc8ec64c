from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="JoinedData")


@_attrs_define
class JoinedData:
    """Who took the seat: a player's name, or a computer player's with its level (`bot`, null for a person). Names are
    public.

        Attributes:
            name (str):
            bot (None | str):
    """

    name: str
    bot: None | str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot: None | str
        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "bot": bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))

        joined_data = cls(
            name=name,
            bot=bot,
        )

        return joined_data
