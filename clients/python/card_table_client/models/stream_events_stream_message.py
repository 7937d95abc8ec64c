from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stream_events_stream_message_event import StreamEventsStreamMessageEvent
from ..types import UNSET, Unset

T = TypeVar("T", bound="StreamEventsStreamMessage")


@_attrs_define
class StreamEventsStreamMessage:
    """
    Attributes:
        data (str): The event as in the events page; for `end`, `{last_seq}`
        id (str | Unset): The event's seq
        event (StreamEventsStreamMessageEvent | Unset):
    """

    data: str
    id: str | Unset = UNSET
    event: StreamEventsStreamMessageEvent | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        id = self.id

        event: str | Unset = UNSET
        if not isinstance(self.event, Unset):
            event = self.event.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if event is not UNSET:
            field_dict["event"] = event

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data")

        id = d.pop("id", UNSET)

        _event = d.pop("event", UNSET)
        event: StreamEventsStreamMessageEvent | Unset
        if isinstance(_event, Unset):
            event = UNSET
        else:
            event = StreamEventsStreamMessageEvent(_event)

        stream_events_stream_message = cls(
            data=data,
            id=id,
            event=event,
        )

        stream_events_stream_message.additional_properties = d
        return stream_events_stream_message

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
