from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.reaction import Reaction

T = TypeVar("T", bound="ReactionData")


@_attrs_define
class ReactionData:
    """A seat's reaction, one of a fixed set.

    Attributes:
        reaction (Reaction):
    """

    reaction: Reaction

    def to_dict(self) -> dict[str, Any]:
        reaction = self.reaction.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reaction": reaction,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reaction = Reaction(d.pop("reaction"))

        reaction_data = cls(
            reaction=reaction,
        )

        return reaction_data
