from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

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
    """

    name: str
    default: Any
    allowed: list[Any]
    minimum: int | None
    maximum: int | None
    description: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        default = self.default

        allowed = self.allowed

        minimum: int | None
        minimum = self.minimum

        maximum: int | None
        maximum = self.maximum

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "default": default,
                "allowed": allowed,
                "minimum": minimum,
                "maximum": maximum,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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

        option = cls(
            name=name,
            default=default,
            allowed=allowed,
            minimum=minimum,
            maximum=maximum,
            description=description,
        )

        return option
