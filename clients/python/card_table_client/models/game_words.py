from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameWords")


@_attrs_define
class GameWords:
    """
    Attributes:
        title (str):
        rules (str): A summary of the rules
    """

    title: str
    rules: str

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        rules = self.rules

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        rules = d.pop("rules")

        game_words = cls(
            title=title,
            rules=rules,
        )

        return game_words
