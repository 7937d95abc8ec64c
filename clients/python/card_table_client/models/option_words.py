from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="OptionWords")


@_attrs_define
class OptionWords:
    """
    Attributes:
        title (str): The option's name for people
        help_ (str): What it does, in one line
        values (list[str]): A title for each value of `allowed`, in its order (none for the integers from `minimum` to
            `maximum`)
    """

    title: str
    help_: str
    values: list[str]

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        help_ = self.help_

        values = self.values

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
                "help": help_,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        help_ = d.pop("help")

        values = cast(list[str], d.pop("values"))

        option_words = cls(
            title=title,
            help_=help_,
            values=values,
        )

        return option_words
