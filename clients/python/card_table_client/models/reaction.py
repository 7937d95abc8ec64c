from enum import StrEnum


class Reaction(StrEnum):
    GOOD_GAME = "good_game"
    HELLO = "hello"
    LAUGH = "laugh"
    OOPS = "oops"
    THUMBS_UP = "thumbs_up"
    WELL_PLAYED = "well_played"
    WOW = "wow"

    def __str__(self) -> str:
        return str(self.value)
