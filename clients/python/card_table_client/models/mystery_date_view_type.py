from enum import StrEnum


class MysteryDateViewType(StrEnum):
    MYSTERY_DATE = "mystery-date"

    def __str__(self) -> str:
        return str(self.value)
