from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.show_move_colour import ShowMoveColour
from ..models.show_move_type import ShowMoveType

T = TypeVar("T", bound="ShowMove")


@_attrs_define
class ShowMove:
    """
    Attributes:
        type_ (ShowMoveType):
        colour (ShowMoveColour):
    """

    type_: ShowMoveType
    colour: ShowMoveColour

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        colour = self.colour.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "colour": colour,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = ShowMoveType(d.pop("type"))

        colour = ShowMoveColour(d.pop("colour"))

        show_move = cls(
            type_=type_,
            colour=colour,
        )

        return show_move
