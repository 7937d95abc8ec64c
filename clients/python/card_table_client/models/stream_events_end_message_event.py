from enum import StrEnum


class StreamEventsEndMessageEvent(StrEnum):
    END = "end"

    def __str__(self) -> str:
        return str(self.value)
