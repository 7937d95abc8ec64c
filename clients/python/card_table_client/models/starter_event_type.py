from enum import StrEnum


class StarterEventType(StrEnum):
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
