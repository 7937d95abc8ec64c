from enum import StrEnum


class SignalEventType(StrEnum):
    SIGNAL = "signal"

    def __str__(self) -> str:
        return str(self.value)
