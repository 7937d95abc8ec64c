from enum import StrEnum


class MysteryDateViewPhase(StrEnum):
    DISCARD = "discard"
    GIVE = "give"
    OUTFIT = "outfit"
    OVER = "over"
    PILE = "pile"
    ROLL = "roll"
    TAKE = "take"

    def __str__(self) -> str:
        return str(self.value)
