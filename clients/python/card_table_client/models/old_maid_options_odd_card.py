from enum import StrEnum


class OldMaidOptionsOddCard(StrEnum):
    JACK = "jack"
    JOKER = "joker"
    QUEEN = "queen"

    def __str__(self) -> str:
        return str(self.value)
