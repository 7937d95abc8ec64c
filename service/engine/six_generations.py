"""The Six Generations deck: 36 men (black numbers) and 36 women (red numbers).

The number is the generation; per sex there are 20 cards of generation 6, 8 of 5, 4 of 4,
2 of 3 and one each of 2 and 1. The black 1 is Jacob, the red 1 is Emily. Ids are
``G{gen}-{M|F}-{nn}``: Jacob ``G1-M-01``, Emily ``G1-F-01``.
"""

COPIES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 20}  # per sex and generation
SEXES = ("M", "F")
JACOB = "G1-M-01"
EMILY = "G1-F-01"
NAMES = {JACOB: "Jacob", EMILY: "Emily"}


def card_id(generation: int, sex: str, number: int) -> str:
    return f"G{generation}-{sex}-{number:02d}"


def deck(size: int) -> list[str]:
    """72 cards, or 32 without generation 6, in a fixed order (the RNG shuffles it)."""
    generations = range(1, 7) if size == 72 else range(1, 6)
    return [
        card_id(generation, sex, number)
        for generation in generations
        for sex in SEXES
        for number in range(1, COPIES[generation] + 1)
    ]


def generation(card: str) -> int:
    return int(card[1])


def sex(card: str) -> str:
    return card[3]


def catalogue() -> list[dict[str, str | int]]:
    """Every card of the 72, as the catalogue lists them."""
    return [
        {
            "id": card,
            "generation": generation(card),
            "sex": sex(card),
            "colour": "black" if sex(card) == "M" else "red",
            **({"name": NAMES[card]} if card in NAMES else {}),
        }
        for card in deck(72)
    ]
