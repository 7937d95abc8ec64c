from enum import StrEnum


class GoFishOptionsEnd(StrEnum):
    ALL_BOOKS = "all_books"
    FIRST_EMPTY = "first_empty"

    def __str__(self) -> str:
        return str(self.value)
