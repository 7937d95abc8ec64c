from enum import StrEnum


class HandEventType(StrEnum):
    HAND = "hand"

    def __str__(self) -> str:
        return str(self.value)
