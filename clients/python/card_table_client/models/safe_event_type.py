from enum import StrEnum


class SafeEventType(StrEnum):
    SAFE = "safe"

    def __str__(self) -> str:
        return str(self.value)
