"""Bots are held to the players' standard: whatever the game, options, level and
moment, a bot's choice is one of the seat's legal moves; and the Go Fish player's
memory of the public log, kept one event at a time, is what the log says."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service import bots
from service.engine import GAMES, Event, Rng, play
from service.engine.go_fish import Ask, FishPlayer, GoFishView

from .test_conformance import EVERY_SETUP

MAX_MOVES = 2_000


@settings(max_examples=200, deadline=None)
@given(
    setup=st.sampled_from(EVERY_SETUP),
    levels=st.lists(st.sampled_from(bots.LEVELS), min_size=13, max_size=13),
    seed=st.integers(0, 2**64),
)
def test_every_bot_choice_is_one_of_the_seats_legal_moves(setup, levels, seed):
    slug, options, players = setup
    game = GAMES[slug]
    rng, chooser = Rng(seed), random.Random(seed)
    state, events = game.deal(game.resolve_options(options), players, seed % players, rng)
    memory: dict = {}
    bots.remember(slug, memory, events)
    for _ in range(MAX_MOVES):
        acting = game.to_act(state)
        if not acting:
            return
        seat = chooser.choice(acting)
        legal = game.legal_moves(state, seat)
        choice = bots.choose(slug, levels[seat], game.view(state, seat), legal, memory, rng)
        assert choice in legal, f"{levels[seat]} bot chose {choice}, not one of {legal}"
        bots.remember(slug, memory, play(game, state, seat, choice, rng))
    # legality is the property here; that rounds end is the conformance suite's (random
    # Spoons players may pass for 10^5 moves before anybody holds four of a kind)


def remembered(*events: Event) -> dict:
    memory: dict = {}
    bots.remember("go-fish", memory, list(events))
    return memory


def basic_ask(memory: dict, hand=("9H", "9D", "5C")) -> Ask:
    players = [FishPlayer(0, len(hand), []), FishPlayer(1, 9, []), FishPlayer(2, 2, [])]
    view = GoFishView(dealer=0, turn=0, hand=list(hand), stock=3, players=players, winners=None)
    legal = [Ask(seat=other, rank=rank) for other in (1, 2) for rank in ("5", "9")]
    return bots.choose("go-fish", "basic", view, legal, memory, Rng(1))


ASK_1_FOR_9 = Event("ask", 1, {"seat": 2, "rank": "9"})  # seat 1 holds a 9


@pytest.mark.parametrize(
    "events,expected",
    [
        # no memory: the rank it holds most of, from the player with most cards
        ((), Ask(1, "9")),
        # seat 2 asked for a 5: she holds one; ask her
        ((Event("ask", 2, {"seat": 1, "rank": "5"}),), Ask(2, "5")),
        # seat 1 asked for 9s and got "Go fish": she still holds a 9
        ((ASK_1_FOR_9, Event("go_fish", 2, {"to_seat": 1})), Ask(1, "9")),
        # ... then gave her 9s away to seat 2: now seat 2 holds them
        (
            (ASK_1_FOR_9, Event("give", 1, {"to_seat": 2, "cards": ["9C", "9S"]})),
            Ask(2, "9"),
        ),
        # ... or to this bot: she holds none now, so not her but seat 2
        (
            (ASK_1_FOR_9, Event("give", 1, {"to_seat": 0, "cards": ["9C", "9S"]})),
            Ask(2, "9"),
        ),
        # seat 1 said "Go fish" to a 9, then drew a card: she may hold one again
        (
            (
                Event("ask", 0, {"seat": 1, "rank": "9"}),
                Event("go_fish", 1, {"to_seat": 0}),
                Event("draw", 1, {"stock": 2}, {"card": "9S"}, (1,)),
            ),
            Ask(1, "9"),
        ),
        # a new deal forgets the last round
        ((Event("ask", 2, {"seat": 1, "rank": "5"}), Event("deal", None, {})), Ask(1, "9")),
    ],
)
def test_the_go_fish_memory_follows_the_public_log(events, expected):
    assert basic_ask(remembered(*events)) == expected


def test_the_go_fish_memory_never_reads_a_secret():
    """A drawn card is the drawer's secret: the table's memory is public knowledge."""
    drew = Event("draw", 1, {"stock": 2}, {"card": "9S"}, (1,))
    assert "9S" not in str(remembered(drew))
