from enum import StrEnum


class CreateMysteryDateGameType(StrEnum):
    MYSTERY_DATE = "mystery-date"

    def __str__(self) -> str:
        return str(self.value)
