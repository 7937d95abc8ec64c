from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.old_maid_options_odd_card import OldMaidOptionsOddCard
from ..models.old_maid_options_pair_by import OldMaidOptionsPairBy
from ..models.old_maid_options_preset import OldMaidOptionsPreset
from ..models.old_maid_options_remove_queens_type_0 import OldMaidOptionsRemoveQueensType0
from ..models.old_maid_options_take_from import OldMaidOptionsTakeFrom
from ..types import UNSET, Unset

T = TypeVar("T", bound="OldMaidOptions")


@_attrs_define
class OldMaidOptions:
    """
    Attributes:
        preset (OldMaidOptionsPreset | Unset): online: the online site's game for 2-4 (seed 003); family: Family Night's
            game for 2-8 (seed 004). Every other option defaults to the preset's value.
        take_from (OldMaidOptionsTakeFrom | Unset): Whose hand you take from: left (online) or right (family)
        pair_by (OldMaidOptionsPairBy | Unset): rank: any two of a rank; rank_and_colour: spades with clubs, hearts with
            diamonds
        odd_card (OldMaidOptionsOddCard | Unset): The unpairable card: queen or jack (that rank's club removed;
            Schwarzer Peter is the jack), or joker (all 52 cards plus JK)
        remove_queens (None | OldMaidOptionsRemoveQueensType0 | Unset): With odd_card queen: remove QC only (online) or
            all queens but QS (family); null for the other odd cards
    """

    preset: OldMaidOptionsPreset | Unset = UNSET
    take_from: OldMaidOptionsTakeFrom | Unset = UNSET
    pair_by: OldMaidOptionsPairBy | Unset = UNSET
    odd_card: OldMaidOptionsOddCard | Unset = UNSET
    remove_queens: None | OldMaidOptionsRemoveQueensType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        take_from: str | Unset = UNSET
        if not isinstance(self.take_from, Unset):
            take_from = self.take_from.value

        pair_by: str | Unset = UNSET
        if not isinstance(self.pair_by, Unset):
            pair_by = self.pair_by.value

        odd_card: str | Unset = UNSET
        if not isinstance(self.odd_card, Unset):
            odd_card = self.odd_card.value

        remove_queens: int | None | Unset
        if isinstance(self.remove_queens, Unset):
            remove_queens = UNSET
        elif isinstance(self.remove_queens, OldMaidOptionsRemoveQueensType0):
            remove_queens = self.remove_queens.value
        else:
            remove_queens = self.remove_queens

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if preset is not UNSET:
            field_dict["preset"] = preset
        if take_from is not UNSET:
            field_dict["take_from"] = take_from
        if pair_by is not UNSET:
            field_dict["pair_by"] = pair_by
        if odd_card is not UNSET:
            field_dict["odd_card"] = odd_card
        if remove_queens is not UNSET:
            field_dict["remove_queens"] = remove_queens

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _preset = d.pop("preset", UNSET)
        preset: OldMaidOptionsPreset | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = OldMaidOptionsPreset(_preset)

        _take_from = d.pop("take_from", UNSET)
        take_from: OldMaidOptionsTakeFrom | Unset
        if isinstance(_take_from, Unset):
            take_from = UNSET
        else:
            take_from = OldMaidOptionsTakeFrom(_take_from)

        _pair_by = d.pop("pair_by", UNSET)
        pair_by: OldMaidOptionsPairBy | Unset
        if isinstance(_pair_by, Unset):
            pair_by = UNSET
        else:
            pair_by = OldMaidOptionsPairBy(_pair_by)

        _odd_card = d.pop("odd_card", UNSET)
        odd_card: OldMaidOptionsOddCard | Unset
        if isinstance(_odd_card, Unset):
            odd_card = UNSET
        else:
            odd_card = OldMaidOptionsOddCard(_odd_card)

        def _parse_remove_queens(data: object) -> None | OldMaidOptionsRemoveQueensType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                remove_queens_type_0 = OldMaidOptionsRemoveQueensType0(data)

                return remove_queens_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OldMaidOptionsRemoveQueensType0 | Unset, data)

        remove_queens = _parse_remove_queens(d.pop("remove_queens", UNSET))

        old_maid_options = cls(
            preset=preset,
            take_from=take_from,
            pair_by=pair_by,
            odd_card=odd_card,
            remove_queens=remove_queens,
        )

        return old_maid_options
