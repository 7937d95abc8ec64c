from enum import StrEnum


class CreateSpoonsGameType(StrEnum):
    SPOONS = "spoons"

    def __str__(self) -> str:
        return str(self.value)
