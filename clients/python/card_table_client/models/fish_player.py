from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.rank import Rank

T = TypeVar("T", bound="FishPlayer")


@_attrs_define
class FishPlayer:
    """
    Attributes:
        seat (int):
        cards (int):
        books (list[Rank]):
    """

    seat: int
    cards: int
    books: list[Rank]

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        cards = self.cards

        books = []
        for books_item_data in self.books:
            books_item = books_item_data.value
            books.append(books_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "cards": cards,
                "books": books,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        cards = d.pop("cards")

        books = []
        _books = d.pop("books")
        for books_item_data in _books:
            books_item = Rank(books_item_data)

            books.append(books_item)

        fish_player = cls(
            seat=seat,
            cards=cards,
            books=books,
        )

        return fish_player
