from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ResumeMove")


@_attrs_define
class ResumeMove:
    """
    Attributes:
        type_ (Literal['resume']):
    """

    type_: Literal["resume"]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["resume"], d.pop("type"))
        if type_ != "resume":
            raise ValueError(f"type must match const 'resume', got '{type_}'")

        resume_move = cls(
            type_=type_,
        )

        return resume_move
