from enum import StrEnum


class BlindDateOptionsDealer(StrEnum):
    FIXED = "fixed"
    LOSER = "loser"

    def __str__(self) -> str:
        return str(self.value)
