from enum import StrEnum


class DiscardEventType(StrEnum):
    DISCARD = "discard"

    def __str__(self) -> str:
        return str(self.value)
