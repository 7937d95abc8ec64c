from enum import StrEnum


class Status(StrEnum):
    FINISHED = "finished"
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
