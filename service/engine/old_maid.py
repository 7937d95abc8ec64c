"""Old Maid in every version: the online site's (seed 003) and Family Night's (seed 004).

Two presets, each overridable option by option (RULES.md):
- ``online``: 2-4 players, 51 cards (QC removed), pair by rank, take from the left.
- ``family``: 2-8 players, three queens removed so QS is the Old Maid, take from the
  right ("the dealer offers his hand to the player on his left"); with
  ``remove_queens: 1`` and colour pairs the queen of the same colour, QS, is the odd one.
"""

from typing import Any

from .base import InvalidOptions, Option
from .cards import JOKER, sort_key, standard_deck
from .passing import PassingRules, Setup

PRESETS = {
    "online": {"take_from": "left", "pair_by": "rank", "odd_card": "queen", "remove_queens": 1},
    "family": {"take_from": "right", "pair_by": "rank", "odd_card": "queen", "remove_queens": 3},
}
PLAYERS = {"online": (2, 4), "family": (2, 8)}
# Queen or jack: that rank's club goes; three queens: all but the spade.
REMOVED = {
    ("queen", 1): ("QC",),
    ("queen", 3): ("QC", "QD", "QH"),
    ("jack", None): ("JC",),
    ("joker", None): (),
}


class OldMaid(PassingRules):
    slug = "old-maid"
    title = "Old Maid"
    min_players = 2
    max_players = 8
    options = (
        Option(
            "preset",
            "online",
            tuple(PRESETS),
            "online: the online site's game for 2-4 (seed 003); family: Family Night's "
            "game for 2-8 (seed 004). Every other option defaults to the preset's value.",
        ),
        Option(
            "take_from",
            "left",
            ("left", "right"),
            "Whose hand you take from: left (online) or right (family)",
        ),
        Option(
            "pair_by",
            "rank",
            ("rank", "rank_and_colour"),
            "rank: any two of a rank; rank_and_colour: spades with clubs, hearts with diamonds",
        ),
        Option(
            "odd_card",
            "queen",
            ("queen", "jack", "joker"),
            "The unpairable card: queen or jack (that rank's club removed; Schwarzer Peter is "
            "the jack), or joker (all 52 cards plus JK)",
        ),
        Option(
            "remove_queens",
            1,
            (1, 3, None),
            "With odd_card queen: remove QC only (online) or all queens but QS (family); "
            "null for the other odd cards",
        ),
    )
    deck = {"name": "standard", "cards": "52, less the removed cards, or 52 + JK"}
    rules_summary = (
        "The whole deck is dealt and every pair is laid face up at once (three of a kind "
        "lays one pair and keeps the third). The player left of the dealer begins; on your "
        "turn take one face-down card, choosing a position, from the player on your left "
        "(online) or right (family); a card that pairs is laid down at once. Turns go "
        "clockwise; players without cards are safe and skipped. Whoever holds the last card "
        "is the Old Maid and loses; everybody else wins. The dealer moves one seat left "
        "each round. In the family game with one queen removed, pairs must match colour, "
        "so the queen of spades is the Old Maid."
    )

    @staticmethod
    def card_order(card: str) -> int:
        return sort_key(card)

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        preset = given.get("preset", "online")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise InvalidOptions("preset", f"must be one of {list(PRESETS)}")
        resolved = super().resolve_options({**PRESETS[preset], **given})
        if resolved["odd_card"] != "queen":
            if given.get("remove_queens") is not None:
                raise InvalidOptions("remove_queens", "only the queen variants remove queens")
            resolved["remove_queens"] = None
        elif resolved["remove_queens"] is None:
            raise InvalidOptions("remove_queens", "the queen variants remove 1 or 3 queens")
        if preset == "family" and resolved["remove_queens"] == 1:
            # RULES.md: "remove_queens: 1 removes only QC and then pairs must match
            # colour, so QS is the Old Maid"; pairs by rank would leave no Old Maid.
            if given.get("pair_by", "rank_and_colour") != "rank_and_colour":
                raise InvalidOptions("pair_by", "family with remove_queens 1 pairs by colour")
            resolved["pair_by"] = "rank_and_colour"
        return resolved

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return PLAYERS[options["preset"]]

    def setup(self, options: dict[str, Any], players: int) -> Setup:
        removed = REMOVED[options["odd_card"], options["remove_queens"]]
        deck = [card for card in standard_deck() if card not in removed]
        if options["odd_card"] == "joker":
            deck.append(JOKER)
        return Setup(deck=deck, take_from=options["take_from"], pair_by=options["pair_by"])
