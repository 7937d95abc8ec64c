from enum import StrEnum


class ResumeEventType(StrEnum):
    RESUME = "resume"

    def __str__(self) -> str:
        return str(self.value)
