from enum import StrEnum


class AskMoveType(StrEnum):
    ASK = "ask"

    def __str__(self) -> str:
        return str(self.value)
