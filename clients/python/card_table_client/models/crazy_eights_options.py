from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CrazyEightsOptions")


@_attrs_define
class CrazyEightsOptions:
    """
    Attributes:
        target_score (int | None | Unset): Play rounds until a player (or side) reaches this score; null: one round
        partnership (bool | Unset): Four players only: partners sit opposite; a side wins when both are out
    """

    target_score: int | None | Unset = UNSET
    partnership: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        target_score: int | None | Unset
        if isinstance(self.target_score, Unset):
            target_score = UNSET
        else:
            target_score = self.target_score

        partnership = self.partnership

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if partnership is not UNSET:
            field_dict["partnership"] = partnership

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_target_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target_score = _parse_target_score(d.pop("target_score", UNSET))

        partnership = d.pop("partnership", UNSET)

        crazy_eights_options = cls(
            target_score=target_score,
            partnership=partnership,
        )

        return crazy_eights_options
