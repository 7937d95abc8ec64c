from enum import StrEnum


class RollDataSpace(StrEnum):
    DOOR = "door"
    SWAP_ANY = "swap_any"
    SWAP_LEFT = "swap_left"
    SWAP_RIGHT = "swap_right"
    TAKE = "take"
    TAKE_EITHER = "take_either"

    def __str__(self) -> str:
        return str(self.value)
