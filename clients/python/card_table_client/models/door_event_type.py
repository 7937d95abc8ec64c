from enum import StrEnum


class DoorEventType(StrEnum):
    DOOR = "door"

    def __str__(self) -> str:
        return str(self.value)
