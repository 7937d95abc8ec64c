from enum import StrEnum


class RoundAbandonedEventType(StrEnum):
    ROUND_ABANDONED = "round_abandoned"

    def __str__(self) -> str:
        return str(self.value)
