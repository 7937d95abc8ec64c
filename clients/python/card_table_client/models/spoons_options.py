from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.spoons_options_signal import SpoonsOptionsSignal
from ..types import UNSET, Unset

T = TypeVar("T", bound="SpoonsOptions")


@_attrs_define
class SpoonsOptions:
    """
    Attributes:
        signal (SpoonsOptionsSignal | Unset): How a player with four of a kind tells: grab a spoon, touch her nose, or
            stick out her tongue (the rules are the same)
        pass_after_signal (bool | Unset): Spoons and tongue: signallers keep passing (the holder of four of a kind
            passes on the card she picks up); not with pig
        lives (int | Unset): Lives a player has; she is out when the last is lost (3 spells P-I-G)
    """

    signal: SpoonsOptionsSignal | Unset = UNSET
    pass_after_signal: bool | Unset = UNSET
    lives: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        signal: str | Unset = UNSET
        if not isinstance(self.signal, Unset):
            signal = self.signal.value

        pass_after_signal = self.pass_after_signal

        lives = self.lives

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if signal is not UNSET:
            field_dict["signal"] = signal
        if pass_after_signal is not UNSET:
            field_dict["pass_after_signal"] = pass_after_signal
        if lives is not UNSET:
            field_dict["lives"] = lives

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _signal = d.pop("signal", UNSET)
        signal: SpoonsOptionsSignal | Unset
        if isinstance(_signal, Unset):
            signal = UNSET
        else:
            signal = SpoonsOptionsSignal(_signal)

        pass_after_signal = d.pop("pass_after_signal", UNSET)

        lives = d.pop("lives", UNSET)

        spoons_options = cls(
            signal=signal,
            pass_after_signal=pass_after_signal,
            lives=lives,
        )

        return spoons_options
