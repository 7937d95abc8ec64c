"""Pure game rules: no Flask, no SQL, no global randomness."""

from typing import Any

from .base import (
    REACTIONS,
    SERVICE_EVENTS,
    EngineError,
    Event,
    IllegalMove,
    InvalidOptions,
    JoinedData,
    Move,
    NotYourTurn,
    Option,
    ReactionData,
    RematchData,
    ReservedData,
    Resume,
    RoundResult,
    Rules,
    TimeoutData,
    VacatedData,
    plain,
    play,
)
from .blind_date import BlindDate
from .crazy_eights import CrazyEights
from .go_fish import GoFish
from .mystery_date import MysteryDate
from .old_maid import OldMaid
from .rng import Rng, seed_commitment
from .spoons import Spoons

GAMES: dict[str, Rules[Any]] = {
    game.slug: game
    for game in (
        OldMaid(),
        BlindDate(),
        CrazyEights(),
        GoFish(),
        Spoons(),
        MysteryDate(),
    )
}

__all__ = [
    "GAMES",
    "SERVICE_EVENTS",
    "Move",
    "Resume",
    "TimeoutData",
    "JoinedData",
    "REACTIONS",
    "ReactionData",
    "RematchData",
    "ReservedData",
    "VacatedData",
    "EngineError",
    "Event",
    "Rules",
    "IllegalMove",
    "InvalidOptions",
    "NotYourTurn",
    "Option",
    "Rng",
    "RoundResult",
    "plain",
    "play",
    "seed_commitment",
]
