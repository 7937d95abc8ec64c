from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.roll_data_space import RollDataSpace

T = TypeVar("T", bound="RollData")


@_attrs_define
class RollData:
    """
    Attributes:
        die (int):
        position (int):
        space (RollDataSpace):
    """

    die: int
    position: int
    space: RollDataSpace

    def to_dict(self) -> dict[str, Any]:
        die = self.die

        position = self.position

        space = self.space.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "die": die,
                "position": position,
                "space": space,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        die = d.pop("die")

        position = d.pop("position")

        space = RollDataSpace(d.pop("space"))

        roll_data = cls(
            die=die,
            position=position,
            space=space,
        )

        return roll_data
