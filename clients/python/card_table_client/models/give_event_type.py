from enum import StrEnum


class GiveEventType(StrEnum):
    GIVE = "give"

    def __str__(self) -> str:
        return str(self.value)
