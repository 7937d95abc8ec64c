from enum import StrEnum


class CreateBlindDateGameType(StrEnum):
    BLIND_DATE = "blind-date"

    def __str__(self) -> str:
        return str(self.value)
