from enum import StrEnum


class WonEventType(StrEnum):
    WON = "won"

    def __str__(self) -> str:
        return str(self.value)
