from enum import StrEnum


class WonDataDate(StrEnum):
    BEACH = "beach"
    BOWLING = "bowling"
    DUD = "dud"
    FORMAL_DANCE = "formal_dance"
    SKIING = "skiing"

    def __str__(self) -> str:
        return str(self.value)
