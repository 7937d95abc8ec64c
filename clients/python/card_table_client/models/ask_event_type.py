from enum import StrEnum


class AskEventType(StrEnum):
    ASK = "ask"

    def __str__(self) -> str:
        return str(self.value)
