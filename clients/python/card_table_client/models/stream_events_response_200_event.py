from enum import StrEnum


class StreamEventsResponse200Event(StrEnum):
    END = "end"
    MESSAGE = "message"

    def __str__(self) -> str:
        return str(self.value)
