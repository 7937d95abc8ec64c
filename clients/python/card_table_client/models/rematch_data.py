from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RematchData")


@_attrs_define
class RematchData:
    """The finished match is played again at the table `game_id`: each of its seats takes its seat there with `POST
    /v1/games/{id}/rematch`.

        Attributes:
            game_id (str):
    """

    game_id: str

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        rematch_data = cls(
            game_id=game_id,
        )

        return rematch_data
