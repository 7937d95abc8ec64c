from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="CodeJoined")


@_attrs_define
class CodeJoined:
    """
    Attributes:
        seat (int):
        token (None | str): Bearer token of this seat; null for a computer player
        game_id (UUID):
    """

    seat: int
    token: None | str
    game_id: UUID

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        token: None | str
        token = self.token

        game_id = str(self.game_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "token": token,
                "game_id": game_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        game_id = UUID(d.pop("game_id"))

        code_joined = cls(
            seat=seat,
            token=token,
            game_id=game_id,
        )

        return code_joined
