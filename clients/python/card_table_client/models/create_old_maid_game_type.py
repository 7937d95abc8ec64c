from enum import StrEnum


class CreateOldMaidGameType(StrEnum):
    OLD_MAID = "old-maid"

    def __str__(self) -> str:
        return str(self.value)
