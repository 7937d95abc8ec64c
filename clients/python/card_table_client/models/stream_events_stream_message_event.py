from enum import StrEnum


class StreamEventsStreamMessageEvent(StrEnum):
    END = "end"
    MESSAGE = "message"

    def __str__(self) -> str:
        return str(self.value)
