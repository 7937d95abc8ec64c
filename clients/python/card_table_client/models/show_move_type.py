from enum import StrEnum


class ShowMoveType(StrEnum):
    SHOW = "show"

    def __str__(self) -> str:
        return str(self.value)
