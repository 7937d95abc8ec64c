from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors import ProblemErrors


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """
    Attributes:
        type_ (str): A URI naming the kind of problem
        status (int):
        title (str):
        code (str): A stable machine word
        instance (str): This request's id (its X-Request-ID): quote it when asking
        detail (None | str | Unset):
        errors (ProblemErrors | Unset): Per-field messages of a validation error
        last_seq (int | Unset): With `after_past_end`: the seq the log ends at; resume after it
    """

    type_: str
    status: int
    title: str
    code: str
    instance: str
    detail: None | str | Unset = UNSET
    errors: ProblemErrors | Unset = UNSET
    last_seq: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        status = self.status

        title = self.title

        code = self.code

        instance = self.instance

        detail: None | str | Unset
        if isinstance(self.detail, Unset):
            detail = UNSET
        else:
            detail = self.detail

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        last_seq = self.last_seq

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "status": status,
                "title": title,
                "code": code,
                "instance": instance,
            }
        )
        if detail is not UNSET:
            field_dict["detail"] = detail
        if errors is not UNSET:
            field_dict["errors"] = errors
        if last_seq is not UNSET:
            field_dict["last_seq"] = last_seq

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        status = d.pop("status")

        title = d.pop("title")

        code = d.pop("code")

        instance = d.pop("instance")

        def _parse_detail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detail = _parse_detail(d.pop("detail", UNSET))

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)

        last_seq = d.pop("last_seq", UNSET)

        problem = cls(
            type_=type_,
            status=status,
            title=title,
            code=code,
            instance=instance,
            detail=detail,
            errors=errors,
            last_seq=last_seq,
        )

        return problem
