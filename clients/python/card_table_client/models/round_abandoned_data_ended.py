from enum import StrEnum


class RoundAbandonedDataEnded(StrEnum):
    MOVE_LIMIT = "move_limit"

    def __str__(self) -> str:
        return str(self.value)
