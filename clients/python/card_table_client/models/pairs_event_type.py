from enum import StrEnum


class PairsEventType(StrEnum):
    PAIRS = "pairs"

    def __str__(self) -> str:
        return str(self.value)
