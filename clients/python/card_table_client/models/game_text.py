from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.game_words import GameWords


T = TypeVar("T", bound="GameText")


@_attrs_define
class GameText:
    """
    Attributes:
        en (GameWords):
        fi (GameWords):
    """

    en: GameWords
    fi: GameWords

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
        from ..models.game_words import GameWords  # noqa: PLC0415

        d = dict(src_dict)
        en = GameWords.from_dict(d.pop("en"))

        fi = GameWords.from_dict(d.pop("fi"))

        game_text = cls(
            en=en,
            fi=fi,
        )

        return game_text
