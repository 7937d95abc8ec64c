"""Spoons, Pig and Tongue (seed 004 and RULES.md), one test per rule sentence and option."""

import dataclasses

import pytest

from service.engine import GAMES, IllegalMove, InvalidOptions, NotYourTurn, Rng, RoundResult, play
from service.engine.base import Pass
from service.engine.cards import RANKS, SUITS
from service.engine.spoons import Pick, Signal, SpoonsState, SpoonsView

from .rigging import RiggedDeck

SPOONS = GAMES["spoons"]
DEFAULT = SPOONS.resolve_options({})
THREE_LIVES = SPOONS.resolve_options({"lives": 3})

ACES = ["AC", "AD", "AH", "AS"]
FIVES = ["5C", "5D", "5H", "5S"]


def state(hands, piles=None, lives=None, pass_after_signal=False, max_lives=1, dealer=0):
    """A round being played; ``lives`` 0 marks a seat that is out (and holds nothing)."""
    return SpoonsState(
        hands=[list(hand) for hand in hands],
        piles=[list(pile) for pile in piles or [[] for _ in hands]],
        lives=list(lives or [max_lives] * len(hands)),
        dealer=dealer,
        signal="spoons",
        pass_after_signal=pass_after_signal,
        max_lives=max_lives,
    )


def move(game, seat, what):
    return play(SPOONS, game, seat, what, Rng(1))


def deck_of(ranks: int) -> list[str]:
    """Written from the rule text: four cards of each of the first ``ranks`` ranks."""
    return sorted(r + s for r in RANKS[:ranks] for s in SUITS)


def rigged(top_first: list[str]) -> RiggedDeck:
    """A deck whose top card (dealt first, taken off the end) is ``top_first[0]``."""
    return RiggedDeck(top_first[::-1])


def lost(*losers: int, seats: int) -> list[RoundResult]:
    """One finished round per loser, everybody else winning it."""
    return [RoundResult(tuple(s for s in range(seats) if s != loser), (loser,)) for loser in losers]


def cards_in(value) -> set[str]:
    """Every string of a view, as the API would show it."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values()))
    if isinstance(value, list):
        return set().union(*map(cards_in, value))
    return set()


# The deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 13])
def test_the_deck_is_four_of_each_of_the_first_n_ranks_for_n_players(players):
    game, _ = SPOONS.deal(DEFAULT, players, 0, Rng(players))
    assert sorted(c for hand in game.hands for c in hand) == deck_of(players)
    assert game.piles == [[] for _ in range(players)]


@pytest.mark.parametrize("players", [3, 5, 13])
def test_each_player_is_dealt_four_cards(players):
    game, events = SPOONS.deal(DEFAULT, players, 1, Rng(7))
    assert [len(hand) for hand in game.hands] == [4] * players
    assert events[0].type == "deal"
    assert events[0].data == {"dealer": 1, "counts": [4] * players}


def test_the_cards_are_dealt_one_at_a_time_from_the_dealers_left():
    top = deck_of(3)  # 2C 2D 2H 2S 3C ... off the top
    game, _ = SPOONS.deal(DEFAULT, 3, 1, rigged(top))
    # dealer 1: seat 2 gets the 1st, 4th, 7th and 10th card, then seat 0, then seat 1
    assert game.hands == [top[1::3], top[2::3], top[0::3]]
    assert game.dealer == 1


def test_each_hand_is_told_to_its_holder_only():
    game, events = SPOONS.deal(DEFAULT, 3, 0, Rng(3))
    hands = [e for e in events if e.type == "hand"]
    assert [e.seat for e in hands] == [0, 1, 2]
    for event in hands:
        assert sorted(event.seen_by(event.seat)["hand"]) == sorted(game.hands[event.seat])
        for other in [None, *(s for s in range(3) if s != event.seat)]:
            assert event.seen_by(other) == {"cards": 4}


# Passing and picking -------------------------------------------------------------------


def test_holding_four_cards_a_player_may_pass_any_of_them():
    game = state([["AC", "2D", "3H", "2S"], ["AD", "2C", "3C"], ["AH", "3D", "3S"]])
    assert SPOONS.legal_moves(game, 0) == [Pass(card=card) for card in ("AC", "2D", "2S", "3H")], (
        "any card of her hand, and nothing else (no pick, no signal)"
    )


def test_a_passed_card_goes_to_the_left_at_the_back_of_the_incoming_pile():
    game = state(
        [["AC", "2D", "3H", "2S"], ["AD", "2C", "3C"], ["AH", "3D", "3S", "AS"]],
        piles=[[], ["2H"], []],
    )
    [event] = move(game, 0, Pass(card="3H"))
    assert game.hands[0] == ["AC", "2D", "2S"]
    assert game.piles[1] == ["2H", "3H"], "at the back: the oldest card stays in front"
    assert event.type == "pass" and event.seat == 0
    assert event.data == {"to_seat": 1, "pile": 2}


def test_the_last_seat_passes_round_to_the_first():
    game = state([["AC", "2D", "3H"], ["AD", "2C", "3C"], ["AH", "3D", "3S", "AS"]])
    move(game, 2, Pass(card="AS"))
    assert game.piles == [["AS"], [], []]


def test_a_pass_skips_the_players_who_are_out():
    # seat 1 is out: seat 0's left neighbour still in is seat 2
    game = state(
        [["AC", "2D", "2H", "2S"], [], ["AD", "AH", "3D"], ["AS", "3C", "3H", "3S"]],
        lives=[1, 0, 1, 1],
    )
    event = move(game, 0, Pass(card="AC"))[0]
    assert game.piles == [[], [], ["AC"], []] and event.data["to_seat"] == 2


def test_holding_three_she_picks_the_oldest_card_of_her_own_pile():
    game = state(
        [["AC", "2D", "3H"], ["AD", "2C", "3C", "2S"], ["AH", "3D", "3S", "AS"]],
        piles=[["2H", "2S"], [], []],
    )
    game.hands[1].remove("2S")  # the 2S is in seat 0's pile
    assert SPOONS.legal_moves(game, 0) == [Pick()], "no pass holding three"
    [event] = move(game, 0, Pick())
    assert game.hands[0] == ["AC", "2D", "3H", "2H"] and game.piles[0] == ["2S"]
    assert event.type == "pick" and event.data == {"pile": 1}


def test_passing_holding_three_is_refused():
    game = state(
        [["AC", "2D", "3H"], ["AD", "2C", "3C", "2S"], ["AH", "3D", "3S", "AS"]],
        piles=[["2H"], [], []],
    )
    with pytest.raises(IllegalMove):
        move(game, 0, Pass(card="AC"))


def test_picking_up_before_passing_one_to_the_left_is_refused():
    game = state(
        [["AC", "2D", "3H", "2H"], ["AD", "2C", "3C"], ["AH", "3D", "3S", "AS"]],
        piles=[["2S"], [], []],
    )
    assert Pick() not in SPOONS.legal_moves(game, 0)
    with pytest.raises(IllegalMove):
        move(game, 0, Pick())
    assert game.hands[0] == ["AC", "2D", "3H", "2H"] and game.piles[0] == ["2S"]


def test_a_player_never_holds_more_than_four_cards():
    game = state(
        [["AC", "2D", "3H", "2H"], ["AD", "2C", "3C", "AH"], ["3D", "3S", "AS"]],
        piles=[[], [], ["2S"]],
    )
    move(game, 1, Pass(card="AH"))  # seat 2's pile: 2S, AH
    move(game, 2, Pick())
    assert len(game.hands[2]) == 4
    with pytest.raises(IllegalMove):
        move(game, 2, Pick())  # a fifth card
    move(game, 2, Pass(card="2S"))
    move(game, 2, Pick())
    assert sorted(game.hands[2]) == ["3D", "3S", "AH", "AS"] and game.piles[2] == []


def test_holding_three_with_an_empty_pile_she_waits():
    game = state(
        [["AC", "2D", "3H"], ["AD", "2C", "3C", "2H"], ["AH", "3D", "3S", "AS"]],
        piles=[[], ["2S"], []],
    )
    assert SPOONS.legal_moves(game, 0) == []
    assert SPOONS.to_act(game) == [1, 2]
    with pytest.raises(NotYourTurn):
        move(game, 0, Pick())


def test_everybody_acts_at_once():
    game = state([["AC", "2D", "3H", "2S"], ["AD", "2C", "3C", "2H"], ["AH", "3D", "3S", "AS"]])
    assert SPOONS.to_act(game) == [0, 1, 2]
    move(game, 2, Pass(card="AS"))  # any seat may go, in any order, no turns
    move(game, 0, Pass(card="2S"))
    move(game, 0, Pick())
    assert game.hands[0] == ["AC", "2D", "3H", "AS"] and game.piles == [[], ["2S"], []]
    assert SPOONS.to_act(game) == [0, 1]


# Signals -------------------------------------------------------------------------------


def test_holding_four_of_a_kind_a_player_may_signal():
    game = state([ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S"]], piles=[[], [], ["3C"]])
    assert SPOONS.legal_moves(game, 0) == [Signal(), *(Pass(card=c) for c in ACES)]
    assert Signal() not in SPOONS.legal_moves(game, 1), "three of a kind is not enough"
    assert Signal() not in SPOONS.legal_moves(game, 2)
    with pytest.raises(IllegalMove):
        move(game, 1, Signal())


def test_once_anyone_has_signalled_every_other_player_may_signal():
    game = state(
        [ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S"], ["3C", "4C", "4D", "4H"]],
        piles=[[], [], [], ["4S"]],
    )
    move(game, 0, Signal())
    for seat in (1, 2, 3):  # four cards, or three with nothing to pick: all may signal
        assert Signal() in SPOONS.legal_moves(game, seat)
    assert SPOONS.legal_moves(game, 2) == [Signal()]


def test_a_player_signals_once():
    game = state([ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S", "3C"]])
    move(game, 0, Signal())
    assert Signal() not in SPOONS.legal_moves(game, 0)
    with pytest.raises(NotYourTurn):
        move(game, 0, Signal())


def test_without_the_option_a_signaller_stops_passing_and_picking():
    game = state(
        [ACES, ["2C", "2D", "3H"], ["2H", "3D", "3S", "4S"], ["4C", "4D", "4H", "3C"]],
        piles=[[], ["2S"], [], []],
    )
    # seat 0 signals holding four; seat 1 (three cards, one waiting) signals too
    move(game, 0, Signal())
    move(game, 1, Signal())
    assert SPOONS.legal_moves(game, 0) == [] and SPOONS.legal_moves(game, 1) == []
    assert SPOONS.to_act(game) == [2, 3]
    with pytest.raises(NotYourTurn):
        move(game, 0, Pass(card="AC"))
    with pytest.raises(NotYourTurn):
        move(game, 1, Pick())


def test_signals_count_in_the_order_they_are_applied():
    game = state(
        [ACES, ["2C", "2D", "2H", "2S"], ["3C", "3D", "3H", "3S"], ["4C", "4D", "4H", "4S"]]
    )
    first = move(game, 1, Signal())
    second = move(game, 0, Signal())
    assert game.signals == [1, 0]
    assert [e.data for e in first + second] == [{"order": 1}, {"order": 2}]
    assert [e.seat for e in first + second] == [1, 0]
    assert SPOONS.view(game, 3).signals == [1, 0]


def test_signals_are_public():
    game = state([ACES, ["2C", "2D", "2H", "2S"], ["3C", "3D", "3H", "3S"]])
    [event] = move(game, 0, Signal())
    for seat in (None, 0, 1, 2):
        assert event.seen_by(seat) == {"order": 1}
    assert [p.signalled for p in SPOONS.view(game, 2).players] == [True, False, False]


def test_the_last_player_to_signal_loses_the_round():
    game = state(
        [ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S", "3C"], ["4C", "4D", "4H", "4S"]]
    )
    move(game, 0, Signal())
    move(game, 3, Signal())
    assert SPOONS.result(game) is None
    events = move(game, 1, Signal())
    assert [e.type for e in events] == ["signal", "round_over"]
    assert events[-1].seat is None
    assert events[-1].data == {"loser": 2, "signals": [0, 3, 1], "lives": [1, 1, 0, 1]}
    assert SPOONS.result(game) == RoundResult((0, 1, 3), (2,), {"signals": [0, 3, 1]})
    assert game.loser == 2 and game.lives == [1, 1, 0, 1], "the loser's one life is taken"
    assert SPOONS.to_act(game) == []
    assert all(SPOONS.legal_moves(game, seat) == [] for seat in range(4))
    assert SPOONS.view(game, 0).loser == 2


def test_the_loser_loses_one_life_of_several():
    game = state([ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S", "3C"]], max_lives=3)
    move(game, 0, Signal())
    move(game, 2, Signal())
    assert game.lives == [3, 2, 3]
    assert SPOONS.result(game) == RoundResult((0, 2), (1,), {"signals": [0, 2]})
    assert SPOONS.view(game, None).players[1].pig == "P"


def test_the_signal_option_names_the_gesture_and_changes_no_rule():
    deals = []
    for gesture in ("spoons", "pig", "tongue"):
        options = SPOONS.resolve_options({"signal": gesture})
        game, _ = SPOONS.deal(options, 3, 0, Rng(5))
        assert game.signal == gesture and SPOONS.view(game, 0).signal == gesture
        deals.append((game.hands, [SPOONS.legal_moves(game, seat) for seat in range(3)]))
    assert deals[0] == deals[1] == deals[2], "the same deal and the same moves"
    with pytest.raises(InvalidOptions) as refused:
        SPOONS.resolve_options({"signal": "nose"})
    assert refused.value.option == "signal"


# Option pass_after_signal --------------------------------------------------------------


def test_pass_after_signal_is_not_available_with_pig():
    with pytest.raises(InvalidOptions) as refused:
        SPOONS.resolve_options({"signal": "pig", "pass_after_signal": True})
    assert refused.value.option == "pass_after_signal"
    for gesture in ("spoons", "tongue"):
        options = {"signal": gesture, "pass_after_signal": True}
        assert SPOONS.resolve_options(options)["pass_after_signal"] is True


def test_pass_after_signal_the_holder_passes_on_the_card_she_picks_up():
    game = state(
        [ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S"]],
        piles=[["3C"], [], []],
        pass_after_signal=True,
    )
    move(game, 0, Signal())
    assert SPOONS.legal_moves(game, 0) == [Pass(card="3C")], "the oldest card of her pile"
    events = move(game, 0, Pass(card="3C"))
    assert [(e.type, e.seat) for e in events] == [("pick", 0), ("pass", 0)]
    assert events[0].data == {"pile": 0}
    assert events[1].data == {"to_seat": 1, "pile": 1}
    assert sorted(game.hands[0]) == sorted(ACES), "she keeps her four of a kind"
    assert game.piles == [[], ["3C"], []]


def test_pass_after_signal_the_holder_passes_the_oldest_card_first():
    game = state(
        [ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D"]],
        piles=[["3C", "3S"], [], []],
        pass_after_signal=True,
    )
    move(game, 0, Signal())
    with pytest.raises(IllegalMove):
        move(game, 0, Pass(card="3S"))  # not the oldest
    with pytest.raises(IllegalMove):
        move(game, 0, Pass(card="AC"))  # breaking her four of a kind
    move(game, 0, Pass(card="3C"))
    assert game.piles[0] == ["3S"] and game.piles[1] == ["3C"]


def test_pass_after_signal_the_holder_with_an_empty_pile_waits():
    game = state([ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S", "3C"]], pass_after_signal=True)
    move(game, 0, Signal())
    assert SPOONS.legal_moves(game, 0) == [] and 0 not in SPOONS.to_act(game)
    move(game, 2, Pass(card="3C"))
    assert SPOONS.legal_moves(game, 0) == [Pass(card="3C")]


def test_pass_after_signal_other_signallers_keep_passing_and_picking():
    game = state(
        [ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S"], ["4C", "4D", "4H", "4S"], FIVES],
        piles=[[], [], ["3C"], [], []],
        pass_after_signal=True,
    )
    move(game, 3, Signal())  # the four-of-a-kind holder is seat 3
    move(game, 1, Signal())
    assert SPOONS.legal_moves(game, 1) == [Pass(card=c) for c in ("2C", "2D", "2S", "3H")]
    move(game, 1, Pass(card="3H"))  # any card, as before
    assert game.piles[2] == ["3C", "3H"]
    move(game, 2, Signal())
    assert SPOONS.legal_moves(game, 2) == [Pick()], "the oldest card, one at a time"
    move(game, 2, Pick())
    assert game.hands[2][-1] == "3C"


def test_without_the_option_the_holder_is_not_told_to_pass():
    game = state([ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S"]], piles=[["3C"], [], []])
    move(game, 0, Signal())
    assert SPOONS.legal_moves(game, 0) == []


# Option lives --------------------------------------------------------------------------


def test_lives_are_counted_from_the_rounds_already_played():
    past = lost(1, 1, 0, seats=4)
    game, _ = SPOONS.deal(THREE_LIVES, 4, 0, Rng(2), past=past)
    assert game.lives == [2, 1, 3, 3]
    assert [p.lives for p in SPOONS.view(game, 0).players] == [2, 1, 3, 3]


def test_a_player_with_no_lives_left_is_out_and_a_rank_leaves_the_deck():
    game, events = SPOONS.deal(DEFAULT, 5, 0, Rng(4), past=lost(1, 3, seats=5))
    assert game.lives == [1, 0, 1, 0, 1]
    assert game.hands[1] == [] and game.hands[3] == [], "dealt nothing"
    assert sorted(c for hand in game.hands for c in hand) == deck_of(3)
    assert events[0].data["counts"] == [4, 0, 4, 0, 4]
    assert SPOONS.to_act(game) == [0, 2, 4]
    out = SPOONS.view(game, 0).players[1]
    assert out.out and out.lives == 0 and out.cards == 0


def test_the_deal_skips_the_players_who_are_out():
    top = deck_of(3)
    game, _ = SPOONS.deal(DEFAULT, 4, 0, rigged(top), past=lost(1, seats=4))
    # dealer 0, seat 1 out: seat 2 gets the first card, then seat 3, then the dealer
    assert game.hands == [top[2::3], [], top[0::3], top[1::3]]


def test_a_player_out_is_never_to_act_even_once_someone_signalled():
    game, _ = SPOONS.deal(DEFAULT, 4, 0, Rng(4), past=lost(2, seats=4))
    game.hands[0] = ["AC", "AD", "AH", "AS"]
    rest = [c for c in deck_of(3) if c[0] != "A"]
    game.hands[1], game.hands[3] = rest[:4], rest[4:]
    events = move(game, 0, Signal())
    assert SPOONS.to_act(game) == [1, 3]
    assert SPOONS.legal_moves(game, 2) == []
    assert SPOONS.restarted(game, 0, events) == {0, 1, 3}, "not the seat that is out"


def test_a_dealer_who_is_out_hands_the_deal_to_the_next_player_in():
    game, events = SPOONS.deal(DEFAULT, 5, 0, Rng(6), past=lost(0, 1, seats=5))
    assert game.dealer == 2 and events[0].data["dealer"] == 2
    top = deck_of(3)
    game, _ = SPOONS.deal(DEFAULT, 5, 0, rigged(top), past=lost(0, 1, seats=5))
    assert game.hands == [[], [], top[2::3], top[0::3], top[1::3]], "from the new dealer's left"


def test_with_lives_a_player_is_out_only_when_the_last_is_lost():
    game, _ = SPOONS.deal(THREE_LIVES, 3, 0, Rng(2), past=lost(1, 1, seats=3))
    assert game.lives == [3, 1, 3] and len(game.hands[1]) == 4
    game, _ = SPOONS.deal(THREE_LIVES, 4, 0, Rng(2), past=lost(1, 1, 1, seats=4))
    assert game.lives == [3, 0, 3, 3] and game.hands[1] == []


def test_three_lives_spell_pig():
    past = lost(1, 2, 2, 3, 3, 3, seats=5)
    game, _ = SPOONS.deal(THREE_LIVES, 5, 0, Rng(2), past=past)
    assert [p.pig for p in SPOONS.view(game, 0).players] == ["", "P", "PI", "PIG", ""]
    assert SPOONS.view(game, None).players[3].out


@pytest.mark.parametrize("lives", [1, 2, 4])
def test_letters_are_only_spelt_with_three_lives(lives):
    options = SPOONS.resolve_options({"lives": lives})
    game, _ = SPOONS.deal(options, 4, 0, Rng(2), past=lost(1, seats=4))
    assert [p.pig for p in SPOONS.view(game, 0).players] == [""] * 4


def test_the_lives_option_takes_one_to_five():
    assert SPOONS.resolve_options({"lives": 5})["lives"] == 5
    for wrong in (0, 6, True, "3"):
        with pytest.raises(InvalidOptions) as refused:
            SPOONS.resolve_options({"lives": wrong})
        assert refused.value.option == "lives"


def test_the_last_two_players_in_are_co_winners():
    assert not SPOONS.match_over(DEFAULT, [])
    assert not SPOONS.match_over(DEFAULT, lost(3, seats=4)), "three are left"
    two_left = [RoundResult((0, 1, 2), (3,)), RoundResult((0, 1), (2,))]
    assert SPOONS.match_over(DEFAULT, two_left)
    assert not SPOONS.match_over(THREE_LIVES, lost(0, 0, seats=3))
    assert SPOONS.match_over(THREE_LIVES, lost(0, 0, 0, seats=3))
    # the round that leaves two: both win it
    game = state([ACES, ["2C", "2D", "2H", "2S"], ["3C", "3D", "3H", "3S"], []], lives=[1, 1, 1, 0])
    move(game, 1, Signal())
    move(game, 0, Signal())
    assert SPOONS.result(game).winners == (0, 1)


# The clock's restarts --------------------------------------------------------------------


def test_the_first_signal_restarts_every_players_time():
    game = state([ACES, ["2C", "2D", "3H", "2S"], ["2H", "3D", "3S", "3C"], []])
    game.lives[3] = 0
    events = move(game, 0, Signal())
    assert SPOONS.restarted(game, 0, events) == {0, 1, 2}
    assert SPOONS.restarted(game, 1, move(game, 1, Signal())) == {1}


def test_a_pass_or_a_pick_restarts_only_the_movers_time():
    game = state(
        [["AC", "2D", "3H", "2S"], ["AD", "2C", "3C"], ["AH", "3D", "3S", "AS"]],
        piles=[[], ["2H"], []],
    )
    assert SPOONS.restarted(game, 0, move(game, 0, Pass(card="AC"))) == {0}
    assert SPOONS.restarted(game, 1, move(game, 1, Pick())) == {1}


# Who knows what --------------------------------------------------------------------------


def test_a_passed_card_is_known_to_the_passer_and_the_receiver_only():
    game = state([["AC", "2D", "3H", "2S"], ["AD", "2C", "3C"], ["AH", "3D", "3S", "AS"]])
    [event] = move(game, 0, Pass(card="3H"))
    for seat in (0, 1):
        assert event.seen_by(seat) == {"to_seat": 1, "pile": 1, "card": "3H"}
    for seat in (2, None):
        assert event.seen_by(seat) == {"to_seat": 1, "pile": 1}


def test_a_picked_card_is_known_to_the_picker_only():
    game = state(
        [["AC", "2D", "3H"], ["AD", "2C", "3C", "2S"], ["AH", "3D", "3S", "AS"]],
        piles=[["2H"], [], []],
    )
    [event] = move(game, 0, Pick())
    assert event.seen_by(0) == {"pile": 0, "card": "2H"}
    for seat in (1, 2, None):
        assert event.seen_by(seat) == {"pile": 0}


def test_a_view_shows_the_own_hand_and_only_the_sizes_of_the_rest():
    game = state(
        [["AC", "2D", "3H"], ["AD", "2C", "3C", "2S"], ["AH", "3D", "AS"]],
        piles=[["2H"], [], ["3S"]],
    )
    everything = set(deck_of(3))
    for seat in range(3):
        view = SPOONS.view(game, seat)
        assert isinstance(view, SpoonsView)
        assert sorted(view.hand) == sorted(game.hands[seat])
        assert view.pile == len(game.piles[seat])
        shown = cards_in(dataclasses.asdict(view))
        assert shown & everything == set(game.hands[seat]), "no other hand, no pile's card"
    assert [(p.cards, p.pile) for p in view.players] == [(3, 1), (4, 0), (3, 1)]
    spectator = SPOONS.view(game, None)
    assert spectator.hand is None and spectator.pile is None
    assert not cards_in(dataclasses.asdict(spectator)) & everything
