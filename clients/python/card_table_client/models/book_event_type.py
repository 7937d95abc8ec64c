from enum import StrEnum


class BookEventType(StrEnum):
    BOOK = "book"

    def __str__(self) -> str:
        return str(self.value)
