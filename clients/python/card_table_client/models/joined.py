from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Joined")


@_attrs_define
class Joined:
    """
    Attributes:
        seat (int):
        token (None | str): Bearer token of this seat; null for a computer player
    """

    seat: int
    token: None | str

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        token: None | str
        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "token": token,
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

        joined = cls(
            seat=seat,
            token=token,
        )

        return joined
