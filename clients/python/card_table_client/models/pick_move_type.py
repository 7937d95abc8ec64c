from enum import StrEnum


class PickMoveType(StrEnum):
    PICK = "pick"

    def __str__(self) -> str:
        return str(self.value)
