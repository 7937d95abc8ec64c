from enum import StrEnum


class TakeEventType(StrEnum):
    TAKE = "take"

    def __str__(self) -> str:
        return str(self.value)
