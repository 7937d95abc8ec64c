from enum import StrEnum


class NothingEventType(StrEnum):
    NOTHING = "nothing"

    def __str__(self) -> str:
        return str(self.value)
