from enum import StrEnum


class CreateCrazyEightsGameType(StrEnum):
    CRAZY_EIGHTS = "crazy-eights"

    def __str__(self) -> str:
        return str(self.value)
