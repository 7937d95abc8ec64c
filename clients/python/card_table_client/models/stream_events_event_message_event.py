from enum import StrEnum


class StreamEventsEventMessageEvent(StrEnum):
    MESSAGE = "message"

    def __str__(self) -> str:
        return str(self.value)
