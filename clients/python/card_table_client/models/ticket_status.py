from enum import StrEnum


class TicketStatus(StrEnum):
    SEATED = "seated"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
