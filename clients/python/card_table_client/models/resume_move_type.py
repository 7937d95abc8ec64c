from enum import StrEnum


class ResumeMoveType(StrEnum):
    RESUME = "resume"

    def __str__(self) -> str:
        return str(self.value)
