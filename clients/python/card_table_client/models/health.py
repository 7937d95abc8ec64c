from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (str):
        waiters (int): Requests of this process waiting for events (long polls and streams)
    """

    status: str
    waiters: int

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        waiters = self.waiters

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "waiters": waiters,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = d.pop("status")

        waiters = d.pop("waiters")

        health = cls(
            status=status,
            waiters=waiters,
        )

        return health
