from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SpoonsPlayer")


@_attrs_define
class SpoonsPlayer:
    """
    Attributes:
        seat (int):
        cards (int):
        pile (int):
        signalled (bool):
        lives (int):
        out (bool):
        pig (str):
    """

    seat: int
    cards: int
    pile: int
    signalled: bool
    lives: int
    out: bool
    pig: str

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        cards = self.cards

        pile = self.pile

        signalled = self.signalled

        lives = self.lives

        out = self.out

        pig = self.pig

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "cards": cards,
                "pile": pile,
                "signalled": signalled,
                "lives": lives,
                "out": out,
                "pig": pig,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        cards = d.pop("cards")

        pile = d.pop("pile")

        signalled = d.pop("signalled")

        lives = d.pop("lives")

        out = d.pop("out")

        pig = d.pop("pig")

        spoons_player = cls(
            seat=seat,
            cards=cards,
            pile=pile,
            signalled=signalled,
            lives=lives,
            out=out,
            pig=pig,
        )

        return spoons_player
