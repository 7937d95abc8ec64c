from enum import StrEnum


class SpoonsViewType(StrEnum):
    SPOONS = "spoons"

    def __str__(self) -> str:
        return str(self.value)
