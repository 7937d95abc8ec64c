from enum import StrEnum


class OldMaidOptionsPreset(StrEnum):
    FAMILY = "family"
    ONLINE = "online"

    def __str__(self) -> str:
        return str(self.value)
