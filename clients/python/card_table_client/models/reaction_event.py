from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.made_by import MadeBy

if TYPE_CHECKING:
    from ..models.reaction_data import ReactionData


T = TypeVar("T", bound="ReactionEvent")


@_attrs_define
class ReactionEvent:
    """
    Attributes:
        type_ (Literal['reaction']):
        seat (int | None): The seat it is about
        seq (int): From 1, per game, with no gaps
        round_ (int):
        by (MadeBy | None): On a move's own event: who made it (the seat's player, a bot, autopilot, or the clock when
            it ran out); null on other events
        at (datetime.datetime):
        data (ReactionData): A seat's reaction, one of a fixed set.
    """

    type_: Literal["reaction"]
    seat: int | None
    seq: int
    round_: int
    by: MadeBy | None
    at: datetime.datetime
    data: ReactionData

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        seat: int | None
        seat = self.seat

        seq = self.seq

        round_ = self.round_

        by: None | str
        if isinstance(self.by, MadeBy):
            by = self.by.value
        else:
            by = self.by

        at = self.at.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "seq": seq,
                "round": round_,
                "by": by,
                "at": at,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reaction_data import ReactionData  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["reaction"], d.pop("type"))
        if type_ != "reaction":
            raise ValueError(f"type must match const 'reaction', got '{type_}'")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        seq = d.pop("seq")

        round_ = d.pop("round")

        def _parse_by(data: object) -> MadeBy | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                by_type_0 = MadeBy(data)

                return by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MadeBy | None, data)

        by = _parse_by(d.pop("by"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        data = ReactionData.from_dict(d.pop("data"))

        reaction_event = cls(
            type_=type_,
            seat=seat,
            seq=seq,
            round_=round_,
            by=by,
            at=at,
            data=data,
        )

        return reaction_event
