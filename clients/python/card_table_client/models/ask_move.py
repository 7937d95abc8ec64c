from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rank import Rank

T = TypeVar("T", bound="AskMove")


@_attrs_define
class AskMove:
    """
    Attributes:
        type_ (Literal['ask']):
        seat (int):
        rank (Rank):
    """

    type_: Literal["ask"]
    seat: int
    rank: Rank

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat = self.seat

        rank = self.rank.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["ask"], d.pop("type"))
        if type_ != "ask":
            raise ValueError(f"type must match const 'ask', got '{type_}'")

        seat = d.pop("seat")

        rank = Rank(d.pop("rank"))

        ask_move = cls(
            type_=type_,
            seat=seat,
            rank=rank,
        )

        return ask_move
