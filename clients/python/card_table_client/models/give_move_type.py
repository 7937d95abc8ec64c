from enum import StrEnum


class GiveMoveType(StrEnum):
    GIVE = "give"

    def __str__(self) -> str:
        return str(self.value)
