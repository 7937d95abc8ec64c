from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RoundOverData")


@_attrs_define
class RoundOverData:
    """
    Attributes:
        loser (int | Unset):
        odd_card (str | Unset):
        winners (list[int] | Unset):
        points (list[int] | Unset):
        blocked (bool | Unset):
        hands (list[list[str]] | Unset):
        books (list[int] | Unset):
        signals (list[int] | Unset):
        lives (list[int] | Unset):
    """

    loser: int | Unset = UNSET
    odd_card: str | Unset = UNSET
    winners: list[int] | Unset = UNSET
    points: list[int] | Unset = UNSET
    blocked: bool | Unset = UNSET
    hands: list[list[str]] | Unset = UNSET
    books: list[int] | Unset = UNSET
    signals: list[int] | Unset = UNSET
    lives: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        loser = self.loser

        odd_card = self.odd_card

        winners: list[int] | Unset = UNSET
        if not isinstance(self.winners, Unset):
            winners = self.winners

        points: list[int] | Unset = UNSET
        if not isinstance(self.points, Unset):
            points = self.points

        blocked = self.blocked

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = hands_item_data

                hands.append(hands_item)

        books: list[int] | Unset = UNSET
        if not isinstance(self.books, Unset):
            books = self.books

        signals: list[int] | Unset = UNSET
        if not isinstance(self.signals, Unset):
            signals = self.signals

        lives: list[int] | Unset = UNSET
        if not isinstance(self.lives, Unset):
            lives = self.lives

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if loser is not UNSET:
            field_dict["loser"] = loser
        if odd_card is not UNSET:
            field_dict["odd_card"] = odd_card
        if winners is not UNSET:
            field_dict["winners"] = winners
        if points is not UNSET:
            field_dict["points"] = points
        if blocked is not UNSET:
            field_dict["blocked"] = blocked
        if hands is not UNSET:
            field_dict["hands"] = hands
        if books is not UNSET:
            field_dict["books"] = books
        if signals is not UNSET:
            field_dict["signals"] = signals
        if lives is not UNSET:
            field_dict["lives"] = lives

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        loser = d.pop("loser", UNSET)

        odd_card = d.pop("odd_card", UNSET)

        winners = cast(list[int], d.pop("winners", UNSET))

        points = cast(list[int], d.pop("points", UNSET))

        blocked = d.pop("blocked", UNSET)

        _hands = d.pop("hands", UNSET)
        hands: list[list[str]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = cast(list[str], hands_item_data)

                hands.append(hands_item)

        books = cast(list[int], d.pop("books", UNSET))

        signals = cast(list[int], d.pop("signals", UNSET))

        lives = cast(list[int], d.pop("lives", UNSET))

        round_over_data = cls(
            loser=loser,
            odd_card=odd_card,
            winners=winners,
            points=points,
            blocked=blocked,
            hands=hands,
            books=books,
            signals=signals,
            lives=lives,
        )

        return round_over_data
