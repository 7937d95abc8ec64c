from enum import StrEnum


class GameOverDataReason(StrEnum):
    HOST_ENDED = "host_ended"
    TARGET_REACHED = "target_reached"

    def __str__(self) -> str:
        return str(self.value)
