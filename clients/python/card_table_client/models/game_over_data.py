from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_over_data_reason import GameOverDataReason

if TYPE_CHECKING:
    from ..models.standing import Standing


T = TypeVar("T", bound="GameOverData")


@_attrs_define
class GameOverData:
    """
    Attributes:
        reason (GameOverDataReason):
        standings (list[Standing]):
        seed (str):
        nonce (None | str):
    """

    reason: GameOverDataReason
    standings: list[Standing]
    seed: str
    nonce: None | str

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        seed = self.seed

        nonce: None | str
        nonce = self.nonce

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
                "standings": standings,
                "seed": seed,
                "nonce": nonce,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        reason = GameOverDataReason(d.pop("reason"))

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        seed = d.pop("seed")

        def _parse_nonce(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        nonce = _parse_nonce(d.pop("nonce"))

        game_over_data = cls(
            reason=reason,
            standings=standings,
            seed=seed,
            nonce=nonce,
        )

        return game_over_data
