from enum import StrEnum


class BlindDateViewType(StrEnum):
    BLIND_DATE = "blind-date"

    def __str__(self) -> str:
        return str(self.value)
