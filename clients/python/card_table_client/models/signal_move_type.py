from enum import StrEnum


class SignalMoveType(StrEnum):
    SIGNAL = "signal"

    def __str__(self) -> str:
        return str(self.value)
