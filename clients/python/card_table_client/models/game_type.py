from enum import StrEnum


class GameType(StrEnum):
    BLIND_DATE = "blind-date"
    CRAZY_EIGHTS = "crazy-eights"
    GO_FISH = "go-fish"
    MYSTERY_DATE = "mystery-date"
    OLD_MAID = "old-maid"
    SPOONS = "spoons"

    def __str__(self) -> str:
        return str(self.value)
