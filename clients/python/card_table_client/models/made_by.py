from enum import StrEnum


class MadeBy(StrEnum):
    AUTOPILOT = "autopilot"
    BOT = "bot"
    CLOCK = "clock"
    PLAYER = "player"

    def __str__(self) -> str:
        return str(self.value)
