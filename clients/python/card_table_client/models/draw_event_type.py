from enum import StrEnum


class DrawEventType(StrEnum):
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
