from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TimeoutData")


@_attrs_define
class TimeoutData:
    """
    Attributes:
        timeouts (int):
        seconds (float | None):
        autopilot (bool):
    """

    timeouts: int
    seconds: float | None
    autopilot: bool

    def to_dict(self) -> dict[str, Any]:
        timeouts = self.timeouts

        seconds: float | None
        seconds = self.seconds

        autopilot = self.autopilot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "timeouts": timeouts,
                "seconds": seconds,
                "autopilot": autopilot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        timeouts = d.pop("timeouts")

        def _parse_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        seconds = _parse_seconds(d.pop("seconds"))

        autopilot = d.pop("autopilot")

        timeout_data = cls(
            timeouts=timeouts,
            seconds=seconds,
            autopilot=autopilot,
        )

        return timeout_data
