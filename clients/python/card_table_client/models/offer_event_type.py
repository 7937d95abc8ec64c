from enum import StrEnum


class OfferEventType(StrEnum):
    OFFER = "offer"

    def __str__(self) -> str:
        return str(self.value)
