from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StarterData")


@_attrs_define
class StarterData:
    """
    Attributes:
        card (str):
        stock (int):
    """

    card: str
    stock: int

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        stock = self.stock

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "stock": stock,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        stock = d.pop("stock")

        starter_data = cls(
            card=card,
            stock=stock,
        )

        return starter_data
