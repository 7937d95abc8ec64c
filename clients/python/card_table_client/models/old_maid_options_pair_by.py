from enum import StrEnum


class OldMaidOptionsPairBy(StrEnum):
    RANK = "rank"
    RANK_AND_COLOUR = "rank_and_colour"

    def __str__(self) -> str:
        return str(self.value)
