"""The basic Crazy Eights player (the bots' ``basic``, and the clock's and autopilot's
move) plays a card whenever one is legal, an 8 included, and draws only when none is."""

from hypothesis import given, settings
from hypothesis import strategies as st

from service import bots
from service.engine import GAMES, Rng, play
from service.engine.cards import standard_deck
from service.engine.crazy_eights import CrazyEightsState, Draw, Pass, Play

EIGHTS = GAMES["crazy-eights"]


def basic_move(state: CrazyEightsState, seat: int, rng: Rng):
    legal = EIGHTS.legal_moves(state, seat)
    move = bots.choose("crazy-eights", "basic", EIGHTS.view(state, seat), legal, {}, rng)
    return legal, move


def assert_plays_when_it_can(legal, move) -> None:
    can_play = any(isinstance(m, Play) for m in legal)
    if can_play:
        assert isinstance(move, Play), f"drew or passed holding a play: {move} of {legal}"
    else:
        assert move in legal and isinstance(move, Draw | Pass)


@st.composite
def positions(draw) -> CrazyEightsState:
    """Any seat's turn: a hand of 1 to 20 cards, a top card (after an 8, any named suit),
    a stock of 0 to 20 cards, the other players' cards wherever the deck leaves them."""
    deck = draw(st.permutations(standard_deck()))
    players = draw(st.integers(2, 4))
    size = draw(st.integers(1, 20))
    stock_size = draw(st.integers(0, 20))
    hand, top, stock = deck[:size], deck[size], deck[size + 1 : size + 1 + stock_size]
    others = [deck[size + 1 + stock_size :][n::players] or ["AC"] for n in range(players - 1)]
    named = draw(st.sampled_from("CDHS")) if top[:-1] == "8" else top[-1]
    return CrazyEightsState(
        hands=[list(hand), *others],
        stock=list(stock),
        discard=[top],
        suit=named,
        dealer=players - 1,
        partnership=False,
        turn=0,
    )


@settings(max_examples=500, deadline=None)
@given(state=positions(), seed=st.integers(0, 2**32))
def test_the_basic_player_plays_a_card_whenever_one_is_legal(state, seed):
    legal, move = basic_move(state, 0, Rng(seed))
    assert_plays_when_it_can(legal, move)


def test_holding_only_eights_the_basic_player_plays_one_naming_its_longest_suit():
    state = CrazyEightsState(
        hands=[["8D", "3S", "9S", "KH"], ["2C"]],
        stock=["4C", "5C"],
        discard=["7C"],
        suit="C",
        dealer=1,
        partnership=False,
        turn=0,
    )
    _, move = basic_move(state, 0, Rng(1))
    assert move == Play(card="8D", suit="S")


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_in_whole_rounds_against_random_players_it_never_draws_holding_a_play(players, seed):
    rng = Rng(seed)
    options = EIGHTS.resolve_options({"target_score": None})
    state, _ = EIGHTS.deal(options, players, seed % players, rng)
    while acting := EIGHTS.to_act(state):
        seat = acting[0]
        if seat == 0:
            legal, move = basic_move(state, seat, rng)
            assert_plays_when_it_can(legal, move)
        else:
            legal = EIGHTS.legal_moves(state, seat)
            move = bots.choose("crazy-eights", "random", None, legal, {}, rng)
        play(EIGHTS, state, seat, move, rng)
