from enum import StrEnum


class CrazyEightsViewType(StrEnum):
    CRAZY_EIGHTS = "crazy-eights"

    def __str__(self) -> str:
        return str(self.value)
