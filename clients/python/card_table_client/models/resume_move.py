from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.resume_move_type import ResumeMoveType

T = TypeVar("T", bound="ResumeMove")


@_attrs_define
class ResumeMove:
    """
    Attributes:
        type_ (ResumeMoveType):
    """

    type_: ResumeMoveType

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

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
        type_ = ResumeMoveType(d.pop("type"))

        resume_move = cls(
            type_=type_,
        )

        return resume_move
