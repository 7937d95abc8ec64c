from enum import StrEnum


class PilesEventType(StrEnum):
    PILES = "piles"

    def __str__(self) -> str:
        return str(self.value)
