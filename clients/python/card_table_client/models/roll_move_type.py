from enum import StrEnum


class RollMoveType(StrEnum):
    ROLL = "roll"

    def __str__(self) -> str:
        return str(self.value)
