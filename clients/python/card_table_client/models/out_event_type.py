from enum import StrEnum


class OutEventType(StrEnum):
    OUT = "out"

    def __str__(self) -> str:
        return str(self.value)
