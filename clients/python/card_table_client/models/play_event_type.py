from enum import StrEnum


class PlayEventType(StrEnum):
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
