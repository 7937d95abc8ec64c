from enum import IntEnum


class BlindDateOptionsDeckType0(IntEnum):
    VALUE_32 = 32
    VALUE_72 = 72

    def __str__(self) -> str:
        return str(self.value)
