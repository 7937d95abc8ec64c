from enum import StrEnum


class CreateGoFishGameType(StrEnum):
    GO_FISH = "go-fish"

    def __str__(self) -> str:
        return str(self.value)
