from enum import StrEnum


class RollEventType(StrEnum):
    ROLL = "roll"

    def __str__(self) -> str:
        return str(self.value)
