from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PilesData")


@_attrs_define
class PilesData:
    """
    Attributes:
        draw_pile (int):
        discard_pile (int):
        top (None | str):
    """

    draw_pile: int
    discard_pile: int
    top: None | str

    def to_dict(self) -> dict[str, Any]:
        draw_pile = self.draw_pile

        discard_pile = self.discard_pile

        top: None | str
        top = self.top

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "draw_pile": draw_pile,
                "discard_pile": discard_pile,
                "top": top,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        draw_pile = d.pop("draw_pile")

        discard_pile = d.pop("discard_pile")

        def _parse_top(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        top = _parse_top(d.pop("top"))

        piles_data = cls(
            draw_pile=draw_pile,
            discard_pile=discard_pile,
            top=top,
        )

        return piles_data
