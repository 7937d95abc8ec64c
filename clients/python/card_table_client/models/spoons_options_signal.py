from enum import StrEnum


class SpoonsOptionsSignal(StrEnum):
    PIG = "pig"
    SPOONS = "spoons"
    TONGUE = "tongue"

    def __str__(self) -> str:
        return str(self.value)
