from enum import StrEnum


class StreamEventsViewMessageEvent(StrEnum):
    VIEW = "view"

    def __str__(self) -> str:
        return str(self.value)
