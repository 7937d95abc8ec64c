from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.show_move_colour import ShowMoveColour

T = TypeVar("T", bound="ShowMove")


@_attrs_define
class ShowMove:
    """
    Attributes:
        type_ (Literal['show']):
        colour (ShowMoveColour):
    """

    type_: Literal["show"]
    colour: ShowMoveColour

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

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
        type_ = cast(Literal["show"], d.pop("type"))
        if type_ != "show":
            raise ValueError(f"type must match const 'show', got '{type_}'")

        colour = ShowMoveColour(d.pop("colour"))

        show_move = cls(
            type_=type_,
            colour=colour,
        )

        return show_move
