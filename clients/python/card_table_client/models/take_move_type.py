from enum import StrEnum


class TakeMoveType(StrEnum):
    TAKE = "take"

    def __str__(self) -> str:
        return str(self.value)
