from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.door_opened_colour import DoorOpenedColour
from ..models.door_opened_outcome import DoorOpenedOutcome

T = TypeVar("T", bound="DoorOpened")


@_attrs_define
class DoorOpened:
    """
    Attributes:
        seat (int):
        colour (DoorOpenedColour):
        outcome (DoorOpenedOutcome):
    """

    seat: int
    colour: DoorOpenedColour
    outcome: DoorOpenedOutcome

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        colour = self.colour.value

        outcome = self.outcome.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "colour": colour,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        colour = DoorOpenedColour(d.pop("colour"))

        outcome = DoorOpenedOutcome(d.pop("outcome"))

        door_opened = cls(
            seat=seat,
            colour=colour,
            outcome=outcome,
        )

        return door_opened
