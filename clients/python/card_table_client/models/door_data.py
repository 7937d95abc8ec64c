from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.door_data_colour import DoorDataColour
from ..models.door_data_outcome import DoorDataOutcome

T = TypeVar("T", bound="DoorData")


@_attrs_define
class DoorData:
    """
    Attributes:
        colour (DoorDataColour):
        cards (list[str]):
        outcome (DoorDataOutcome):
    """

    colour: DoorDataColour
    cards: list[str]
    outcome: DoorDataOutcome

    def to_dict(self) -> dict[str, Any]:
        colour = self.colour.value

        cards = self.cards

        outcome = self.outcome.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "colour": colour,
                "cards": cards,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        colour = DoorDataColour(d.pop("colour"))

        cards = cast(list[str], d.pop("cards"))

        outcome = DoorDataOutcome(d.pop("outcome"))

        door_data = cls(
            colour=colour,
            cards=cards,
            outcome=outcome,
        )

        return door_data
