from enum import StrEnum


class DiscardMoveType(StrEnum):
    DISCARD = "discard"

    def __str__(self) -> str:
        return str(self.value)
