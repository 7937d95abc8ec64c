from enum import StrEnum


class GoFishEventType(StrEnum):
    GO_FISH = "go_fish"

    def __str__(self) -> str:
        return str(self.value)
