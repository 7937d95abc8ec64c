from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.option_text import OptionText


T = TypeVar("T", bound="Option")


@_attrs_define
class Option:
    """
    Attributes:
        name (str):
        default (Any):
        allowed (list[Any]):
        minimum (int | None): Integers from here are allowed
        maximum (int | None):
        description (str):
        text (OptionText):
    """

    name: str
    default: Any
    allowed: list[Any]
    minimum: int | None
    maximum: int | None
    description: str
    text: OptionText

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        default = self.default

        allowed = self.allowed

        minimum: int | None
        minimum = self.minimum

        maximum: int | None
        maximum = self.maximum

        description = self.description

        text = self.text.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "default": default,
                "allowed": allowed,
                "minimum": minimum,
                "maximum": maximum,
                "description": description,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.option_text import OptionText  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        default = d.pop("default")

        allowed = cast(list[Any], d.pop("allowed"))

        def _parse_minimum(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        minimum = _parse_minimum(d.pop("minimum"))

        def _parse_maximum(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        maximum = _parse_maximum(d.pop("maximum"))

        description = d.pop("description")

        text = OptionText.from_dict(d.pop("text"))

        option = cls(
            name=name,
            default=default,
            allowed=allowed,
            minimum=minimum,
            maximum=maximum,
            description=description,
            text=text,
        )

        return option
