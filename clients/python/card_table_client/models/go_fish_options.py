from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.go_fish_options_end import GoFishOptionsEnd
from ..types import UNSET, Unset

T = TypeVar("T", bound="GoFishOptions")


@_attrs_define
class GoFishOptions:
    """
    Attributes:
        end (GoFishOptionsEnd | Unset): first_empty: the game ends as soon as a hand or the stock is empty (the seed);
            all_books: empty hands draw a card, and the game ends with all 13 books down, or once the stock is empty after a
            full cycle of turns in which no card changes hands
    """

    end: GoFishOptionsEnd | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        end: str | Unset = UNSET
        if not isinstance(self.end, Unset):
            end = self.end.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if end is not UNSET:
            field_dict["end"] = end

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _end = d.pop("end", UNSET)
        end: GoFishOptionsEnd | Unset
        if isinstance(_end, Unset):
            end = UNSET
        else:
            end = GoFishOptionsEnd(_end)

        go_fish_options = cls(
            end=end,
        )

        return go_fish_options
