from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.blind_date_options_dealer import BlindDateOptionsDealer
from ..models.blind_date_options_deck_type_0 import BlindDateOptionsDeckType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="BlindDateOptions")


@_attrs_define
class BlindDateOptions:
    """
    Attributes:
        deck (BlindDateOptionsDeckType0 | None | Unset): 32 cards (generations 1-5, 2-8 players) or 72 (6-12 players);
            null: 32 for up to 5 players, 72 for 6 or more
        dealer (BlindDateOptionsDealer | Unset): Who deals the next round: the holder of Emily, or the same dealer
            throughout
    """

    deck: BlindDateOptionsDeckType0 | None | Unset = UNSET
    dealer: BlindDateOptionsDealer | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deck: int | None | Unset
        if isinstance(self.deck, Unset):
            deck = UNSET
        elif isinstance(self.deck, BlindDateOptionsDeckType0):
            deck = self.deck.value
        else:
            deck = self.deck

        dealer: str | Unset = UNSET
        if not isinstance(self.dealer, Unset):
            dealer = self.dealer.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if deck is not UNSET:
            field_dict["deck"] = deck
        if dealer is not UNSET:
            field_dict["dealer"] = dealer

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_deck(data: object) -> BlindDateOptionsDeckType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                deck_type_0 = BlindDateOptionsDeckType0(data)

                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BlindDateOptionsDeckType0 | None | Unset, data)

        deck = _parse_deck(d.pop("deck", UNSET))

        _dealer = d.pop("dealer", UNSET)
        dealer: BlindDateOptionsDealer | Unset
        if isinstance(_dealer, Unset):
            dealer = UNSET
        else:
            dealer = BlindDateOptionsDealer(_dealer)

        blind_date_options = cls(
            deck=deck,
            dealer=dealer,
        )

        return blind_date_options
