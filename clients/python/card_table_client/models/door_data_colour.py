from enum import StrEnum


class DoorDataColour(StrEnum):
    BLUE = "blue"
    GREEN = "green"
    ORANGE = "orange"
    PINK = "pink"

    def __str__(self) -> str:
        return str(self.value)
