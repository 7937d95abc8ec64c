from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rank import Rank

T = TypeVar("T", bound="BookData")


@_attrs_define
class BookData:
    """
    Attributes:
        rank (Rank):
        cards (list[str]):
    """

    rank: Rank
    cards: list[str]

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank.value

        cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = Rank(d.pop("rank"))

        cards = cast(list[str], d.pop("cards"))

        book_data = cls(
            rank=rank,
            cards=cards,
        )

        return book_data
