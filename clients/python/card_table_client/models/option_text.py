from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.option_words import OptionWords


T = TypeVar("T", bound="OptionText")


@_attrs_define
class OptionText:
    """
    Attributes:
        en (OptionWords):
        fi (OptionWords):
    """

    en: OptionWords
    fi: OptionWords

    def to_dict(self) -> dict[str, Any]:
        en = self.en.to_dict()

        fi = self.fi.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "en": en,
                "fi": fi,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.option_words import OptionWords  # noqa: PLC0415

        d = dict(src_dict)
        en = OptionWords.from_dict(d.pop("en"))

        fi = OptionWords.from_dict(d.pop("fi"))

        option_text = cls(
            en=en,
            fi=fi,
        )

        return option_text
