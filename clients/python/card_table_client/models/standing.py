from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        seat (int):
        rounds_won (int):
        rounds_lost (int):
        score (int | None):
    """

    seat: int
    rounds_won: int
    rounds_lost: int
    score: int | None

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        rounds_won = self.rounds_won

        rounds_lost = self.rounds_lost

        score: int | None
        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "rounds_won": rounds_won,
                "rounds_lost": rounds_lost,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        rounds_won = d.pop("rounds_won")

        rounds_lost = d.pop("rounds_lost")

        def _parse_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        score = _parse_score(d.pop("score"))

        standing = cls(
            seat=seat,
            rounds_won=rounds_won,
            rounds_lost=rounds_lost,
            score=score,
        )

        return standing
