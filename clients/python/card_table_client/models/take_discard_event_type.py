from enum import StrEnum


class TakeDiscardEventType(StrEnum):
    TAKE_DISCARD = "take_discard"

    def __str__(self) -> str:
        return str(self.value)
