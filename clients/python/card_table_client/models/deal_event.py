from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.deal_event_type import DealEventType
from ..models.made_by import MadeBy

if TYPE_CHECKING:
    from ..models.deal_data import DealData


T = TypeVar("T", bound="DealEvent")


@_attrs_define
class DealEvent:
    """
    Attributes:
        seq (int): From 1, per game, with no gaps
        round_ (int):
        seat (int | None): The seat it is about
        by (MadeBy | None): On a move's own event: who made it (the seat's player, a bot, autopilot, or the clock when
            it ran out); null on other events
        at (datetime.datetime):
        type_ (DealEventType):
        data (DealData):
    """

    seq: int
    round_: int
    seat: int | None
    by: MadeBy | None
    at: datetime.datetime
    type_: DealEventType
    data: DealData

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        round_ = self.round_

        seat: int | None
        seat = self.seat

        by: None | str
        if isinstance(self.by, MadeBy):
            by = self.by.value
        else:
            by = self.by

        at = self.at.isoformat()

        type_ = self.type_.value

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seq": seq,
                "round": round_,
                "seat": seat,
                "by": by,
                "at": at,
                "type": type_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_data import DealData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        round_ = d.pop("round")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

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

        type_ = DealEventType(d.pop("type"))

        data = DealData.from_dict(d.pop("data"))

        deal_event = cls(
            seq=seq,
            round_=round_,
            seat=seat,
            by=by,
            at=at,
            type_=type_,
            data=data,
        )

        return deal_event
