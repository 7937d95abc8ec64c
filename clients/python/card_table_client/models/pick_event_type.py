from enum import StrEnum


class PickEventType(StrEnum):
    PICK = "pick"

    def __str__(self) -> str:
        return str(self.value)
