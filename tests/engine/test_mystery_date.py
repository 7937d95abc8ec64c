"""Mystery Date (seed 001 and RULES.md), one test per rule sentence and corner."""

import copy
import random
import time

import pytest

from service.engine import IllegalMove, Rng, play
from service.engine.crazy_eights import Draw
from service.engine.mystery_date import (
    Discard,
    Give,
    MysteryDate,
    MysteryDateState,
    Roll,
    Show,
    TakeDiscard,
)
from service.engine.passing import Take

from .rigging import RiggedDeck, ShuffleSpy, deal_round_robin

DATE = MysteryDate()
DEFAULT = DATE.resolve_options({})
MID_DOORS = DATE.resolve_options({"mid_side_doors": True})

# Written from the rule text, not taken from the engine.
COLOURS = ("pink", "green", "blue", "orange")
DATES = {"pink": "formal_dance", "green": "bowling", "blue": "skiing", "orange": "beach"}
DECK = [f"{colour}-{n}" for colour in COLOURS for n in (1, 2, 3) for _ in range(4)]
FILLER = ["orange-1", "orange-2", "blue-1", "blue-2", "green-1", "green-2"]  # a draw pile
# The board after each door (0, 8, 16, 24), clockwise, by offset.
TAKE_2, TAKE_1, SWAP_RIGHT, EITHER, SWAP_LEFT, TAKE_1_AGAIN, SWAP_ANY = range(1, 8)


def outfit(colour):
    return [f"{colour}-{n}" for n in (1, 2, 3)]


class Scripted(Rng):
    """Die rolls and door outcomes in the order given, each checked to be the draw the
    rule asks for; a draw nobody scripted fails. Shuffles leave lists as they are and
    are remembered (the very lists, not copies)."""

    def __init__(self, *draws: tuple[int, int]):
        super().__init__(seed=0)
        self.draws = list(draws)
        self.shuffled: list[list] = []

    def below(self, n: int) -> int:
        assert self.draws, f"an unscripted draw below {n}"
        wanted, value = self.draws.pop(0)
        assert n == wanted, f"a draw below {n}, scripted below {wanted}"
        return value

    def shuffle(self, items: list) -> None:
        self.shuffled.append(items)


def die(pips):
    return (6, pips - 1)


OUTCOME_ORDER = ("formal_dance", "bowling", "skiing", "beach", "dud")


def door(outcome):
    """One of five with equal chance: the four dates or the dud (the engine's order)."""
    return (5, OUTCOME_ORDER.index(outcome))


def state(hands, draw=FILLER, discard=("pink-3",), positions=None, turn=0, mid=False):
    players = len(hands)
    return MysteryDateState(
        hands=[list(hand) for hand in hands],
        draw=list(draw),
        discard=list(discard),
        positions=list(positions or {2: (0, 16), 3: (0, 8, 16), 4: (0, 8, 16, 24)}[players]),
        dealer=(turn - 1) % players,
        mid_side_doors=mid,
        turn=turn,
    )


def land(game, seat, target, pips, *more):
    """``seat`` rolls ``pips`` from where it takes her to ``target``; ``more`` are the
    draws the space makes (a door's outcome)."""
    game.positions[seat] = (target - pips) % 32
    rng = Scripted(die(pips), *more)
    events = play(DATE, game, seat, Roll(), rng)
    assert not rng.draws, "every scripted draw was made"
    assert game.positions[seat] == target
    return events, rng


def move(game, seat, what, rng=None):
    return play(DATE, game, seat, what, rng or Scripted())


def types(events):
    return [event.type for event in events]


# --- the deal ------------------------------------------------------------------------


def test_two_cards_each_one_at_a_time_from_the_dealers_left_the_rest_the_draw_pile():
    hands = [["pink-1", "green-2"], ["blue-3", "orange-1"], ["pink-2", "pink-3"]]
    rest = list(DECK)
    for card in [*hands[0], *hands[1], *hands[2], "green-3"]:
        rest.remove(card)
    # dealer 1: seat 2 (her left) takes the first card off the top (the end), then 0, 1
    deck = rest + ["green-3"] + deal_round_robin(hands, first=2)[::-1]
    game, events = DATE.deal(DEFAULT, 3, 1, RiggedDeck(deck))
    assert game.hands == hands
    assert game.draw == rest and len(game.draw) == 48 - 6 - 1
    assert game.discard == ["green-3"], "the draw pile's top card, face up"
    piles = events[-1]
    assert piles.type == "piles" and piles.secret is None
    assert piles.data == {"draw_pile": 41, "discard_pile": 1, "top": "green-3"}
    dealt = [event for event in events if event.type == "hand"]
    for event in dealt:
        assert event.seen_by(event.seat)["hand"] == sorted(hands[event.seat])
        assert all("hand" not in event.seen_by(s) for s in (None, 0, 1, 2) if s != event.seat)


@pytest.mark.parametrize("players,corners", [(2, [0, 16]), (3, [0, 8, 16]), (4, [0, 8, 16, 24])])
def test_pieces_start_on_the_corner_doors(players, corners):
    for dealer in range(players):
        game, _ = DATE.deal(DEFAULT, players, dealer, Rng(dealer))
        assert game.positions == corners
        assert all(len(hand) == 2 for hand in game.hands)
        assert len(game.draw) == 48 - 2 * players - 1 and len(game.discard) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_turn_is_left_of_the_dealer(players):
    for dealer in range(players):
        game, _ = DATE.deal(DEFAULT, players, dealer, Rng(7))
        assert DATE.to_act(game) == [(dealer + 1) % players] and game.phase == "roll"
        assert DATE.legal_moves(game, (dealer + 1) % players) == [Roll()]


# --- the die and the board -------------------------------------------------------------


def test_the_die_is_the_generators_and_moves_the_piece_clockwise():
    seen = set()
    for seed in range(60):
        game = state([["pink-1"], ["green-1"], ["blue-1"]], positions=[9, 8, 16])
        pips = Rng(seed).below(6) + 1
        events = play(DATE, game, 0, Roll(), Rng(seed))
        assert events[0].type == "roll" and events[0].data["die"] == pips
        assert game.positions[0] == 9 + pips
        seen.add(pips)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_the_piece_moves_modulo_32():
    game = state([["pink-1"], ["green-1"]], positions=[30, 16])
    events, _ = land(game, 0, TAKE_1, 4)
    assert events[0].data == {"die": 4, "position": TAKE_1, "space": "take"}


def test_two_pieces_may_stop_on_the_same_space():
    game = state([["pink-1"], ["green-1"], ["blue-1"]], positions=[0, 10, 16])
    land(game, 0, 10, 2)  # "Take 1 card", where seat 1 stands
    assert game.positions[:2] == [10, 10] and game.turn == 1


def test_passing_a_door_does_nothing_only_stopping_on_one():
    game = state([outfit("pink"), ["green-1"]], positions=[6, 16])
    events, _ = land(game, 0, 9, 3)  # over the door at 8: no door is drawn
    assert types(events) == ["roll", "draw"]


# --- the take spaces ---------------------------------------------------------------------


def test_take_2_draws_the_top_two_cards_of_the_draw_pile_privately():
    game = state([["pink-1"], ["green-1"], ["blue-1"]], draw=["blue-3", "pink-2", "green-3"])
    events, _ = land(game, 0, 8 + TAKE_2, 5)
    draw = events[1]
    assert draw.type == "draw" and draw.data == {"count": 2, "draw_pile": 1}
    assert draw.seen_by(0)["cards"] == ["green-3", "pink-2"]
    assert all("cards" not in draw.seen_by(seat) for seat in (None, 1, 2))
    assert game.hands[0] == ["pink-1", "green-3", "pink-2"] and game.draw == ["blue-3"]
    assert game.turn == 1 and game.phase == "roll"


@pytest.mark.parametrize("target", [TAKE_1, TAKE_1_AGAIN, 16 + TAKE_1, 24 + TAKE_1_AGAIN])
def test_take_1_draws_the_top_card(target):
    game = state([["pink-1"], ["green-1"]], draw=["blue-3", "pink-2"], turn=1)
    events, _ = land(game, 1, target, 3)
    assert types(events) == ["roll", "draw"] and events[1].audience == (1,)
    assert game.hands[1] == ["green-1", "pink-2"] and game.turn == 0


def test_above_six_she_discards_cards_of_her_choice_one_at_a_time_down_to_six():
    hand = ["pink-1", "pink-1", "green-2", "blue-3", "orange-1", "orange-2"]
    game = state([hand, ["green-1"]], draw=["blue-1", "green-3", "pink-2"], discard=["blue-2"])
    land(game, 0, TAKE_2, 1)
    assert len(game.hands[0]) == 8 and game.phase == "discard" and game.turn == 0
    assert DATE.legal_moves(game, 0) == [Discard(card) for card in sorted(set(game.hands[0]))]
    assert DATE.legal_moves(game, 1) == []
    events = move(game, 0, Discard("pink-2"))  # one just drawn: any card of her choice
    assert types(events) == ["discard"] and events[0].secret is None, "face up"
    assert events[0].data == {"card": "pink-2"} and game.discard == ["blue-2", "pink-2"]
    assert game.phase == "discard" and game.turn == 0, "seven: one more"
    move(game, 0, Discard("pink-1"))
    assert len(game.hands[0]) == 6 and game.discard[-1] == "pink-1"
    assert game.turn == 1 and game.phase == "roll"


def test_five_cards_and_take_2_is_one_discard():
    """The rule's example: five cards, "Take 2", then one card of her choice."""
    hand = ["pink-1", "green-2", "blue-3", "orange-1", "orange-2"]
    game = state([hand, ["green-1"]], draw=["blue-1", "green-3", "pink-2"])
    land(game, 0, TAKE_2, 1)
    assert game.phase == "discard"
    move(game, 0, Discard("orange-2"))
    assert len(game.hands[0]) == 6 and game.turn == 1


def test_six_cards_are_kept_without_a_discard():
    game = state([["pink-1", "green-2", "blue-3", "orange-1"], ["green-1"]])
    land(game, 0, TAKE_2, 1)
    assert len(game.hands[0]) == 6 and game.turn == 1


def test_a_discard_is_refused_out_of_the_discard_phase():
    game = state([["pink-1", "green-2"], ["green-1"]])
    with pytest.raises(IllegalMove):
        move(game, 0, Discard("pink-1"))


# --- the swaps ----------------------------------------------------------------------------


def test_swap_right_is_with_the_previous_seat():
    game = state([["pink-1"], ["green-1", "green-2"], ["blue-1"]], turn=1)
    events, _ = land(game, 1, 8 + SWAP_RIGHT, 3)
    assert types(events) == ["roll"] and game.phase == "give" and game.turn == 1
    assert DATE.legal_moves(game, 1) == [Give("green-1", 0), Give("green-2", 0)]


def test_swap_left_is_with_the_next_seat():
    game = state([["pink-1"], ["green-1", "green-2"], ["blue-1"]], turn=1)
    land(game, 1, 16 + SWAP_LEFT, 5)
    assert DATE.legal_moves(game, 1) == [Give("green-1", 2), Give("green-2", 2)]


def test_swap_any_is_with_any_player_holding_cards():
    game = state([["pink-1", "pink-1"], ["green-1"], [], ["blue-1"]])
    land(game, 0, SWAP_ANY, 6)
    assert DATE.legal_moves(game, 0) == [Give("pink-1", 1), Give("pink-1", 3)]


def test_the_given_card_goes_face_down_seen_only_by_the_two():
    game = state([["pink-1"], ["green-1", "green-2"], ["blue-1"]], turn=1)
    land(game, 1, SWAP_RIGHT, 3)
    [give] = move(game, 1, Give("green-2", 0))
    assert give.type == "give" and give.data == {"to_seat": 0}
    assert give.seen_by(1)["card"] == give.seen_by(0)["card"] == "green-2"
    assert "card" not in give.seen_by(2) and "card" not in give.seen_by(None)
    assert game.hands == [["pink-1"], ["green-1"], ["blue-1"]] and game.given == "green-2"
    assert "green-2" not in DATE.view(game, 0).hand, "not in her hand yet"


def test_then_she_takes_a_position_of_the_opponents_hand_without_the_given_card():
    game = state([["pink-1", "orange-1", "blue-2"], ["green-1", "green-2"], []], turn=1)
    land(game, 1, SWAP_RIGHT, 3)
    move(game, 1, Give("green-2", 0))
    assert game.phase == "take" and DATE.legal_moves(game, 0) == []
    assert DATE.legal_moves(game, 1) == [Take(from_seat=0, position=p) for p in range(3)]
    for position, card in enumerate(["pink-1", "orange-1", "blue-2"]):  # the scripted order
        after = copy.deepcopy(game)
        [take] = move(after, 1, Take(from_seat=0, position=position))
        assert after.hands[1] == ["green-1", card], "never the card she gave"
        kept = [other for other in ["pink-1", "orange-1", "blue-2"] if other != card]
        assert after.hands[0] == [*kept, "green-2"], "the given card joins her hand after"
        assert after.given is None and after.turn == 2 and after.phase == "roll"
        assert take.data == {"from_seat": 0, "position": position}
        assert take.seen_by(0)["card"] == take.seen_by(1)["card"] == card
        assert "card" not in take.seen_by(2) and "card" not in take.seen_by(None)
    with pytest.raises(IllegalMove):
        move(game, 1, Take(from_seat=0, position=3))  # where the given card would be


def test_the_opponents_offered_order_is_shuffled_by_the_server():
    game = state([["pink-1", "orange-1", "blue-2"], ["green-1"]], turn=1)
    _, rng = land(game, 1, SWAP_RIGHT, 3)
    assert rng.shuffled == []
    rng = Scripted()
    move(game, 1, Give("green-1", 0), rng)
    assert len(rng.shuffled) == 1 and rng.shuffled[0] is game.hands[0], "her hand, shuffled"
    firsts = set()
    for seed in range(30):
        game = state([["pink-1", "orange-1", "blue-2"], ["green-1"]], turn=1, positions=[0, 0])
        game.phase, game.swap_with = "give", [0]
        play(DATE, game, 1, Give("green-1", 0), Rng(seed))
        firsts.add(game.hands[0][0])
    assert firsts == {"pink-1", "orange-1", "blue-2"}


def test_two_players_swap_right_and_left_with_each_other():
    for target in (SWAP_RIGHT, SWAP_LEFT):
        game = state([["pink-1"], ["green-1"]])
        land(game, 0, target, 3)
        assert DATE.legal_moves(game, 0) == [Give("pink-1", 1)]


@pytest.mark.parametrize(
    "hands,target",
    [
        ([[], ["pink-1"], ["blue-1"]], 8 + SWAP_RIGHT),  # the one on her right holds none
        ([["green-1"], ["pink-1"], []], 8 + SWAP_LEFT),  # the one on her left holds none
        ([[], ["pink-1"], []], 8 + SWAP_ANY),  # nobody else holds any
        ([["green-1"], [], ["blue-1"]], 8 + SWAP_ANY),  # she holds none to give
    ],
)
def test_a_swap_with_nobody_holding_cards_does_nothing(hands, target):
    game = state(hands, turn=1)  # seat 1 swaps
    before = copy.deepcopy(game.hands)
    events, _ = land(game, 1, target, 4)
    assert types(events) == ["roll", "nothing"]
    assert game.hands == before and game.turn == 2 and game.phase == "roll"


# --- take 1 from the draw or the discard pile -----------------------------------------------


def test_take_either_offers_both_piles():
    game = state([["pink-1"], ["green-1"]])
    events, _ = land(game, 0, EITHER, 4)
    assert types(events) == ["roll"] and game.phase == "pile" and game.turn == 0
    assert DATE.legal_moves(game, 0) == [Draw(), TakeDiscard()]


def test_take_discard_takes_the_known_top_of_the_discard_pile():
    game = state([["pink-1"], ["green-1"]], discard=["blue-3", "orange-2"])
    land(game, 0, 8 + EITHER, 2)
    events = move(game, 0, TakeDiscard())
    assert types(events) == ["take_discard"] and events[0].secret is None, "known to all"
    assert events[0].data == {"card": "orange-2"}
    assert game.hands[0] == ["pink-1", "orange-2"] and game.discard == ["blue-3"]
    assert game.turn == 1


def test_draw_takes_the_top_of_the_draw_pile_privately():
    game = state([["pink-1"], ["green-1"]], draw=["blue-1", "green-3"])
    land(game, 0, 8 + EITHER, 2)
    [draw] = move(game, 0, Draw())
    assert draw.data == {"count": 1, "draw_pile": 1} and draw.seen_by(0)["cards"] == ["green-3"]
    assert "cards" not in draw.seen_by(1)
    assert game.hands[0] == ["pink-1", "green-3"] and game.turn == 1


def test_take_either_above_six_discards_down_to_six_too():
    hand = ["pink-1", "pink-1", "green-2", "blue-3", "orange-1", "orange-2"]
    game = state([hand, ["green-1"]], discard=["blue-3", "orange-2"])
    land(game, 0, EITHER, 4)
    move(game, 0, TakeDiscard())
    assert game.phase == "discard" and len(game.hands[0]) == 7
    move(game, 0, Discard("orange-2"))
    assert game.turn == 1 and len(game.hands[0]) == 6


# --- the door ------------------------------------------------------------------------------


def test_a_door_without_a_complete_outfit_does_nothing():
    game = state([["pink-1", "pink-2", "green-3", "blue-3"], ["green-1"]])
    events, _ = land(game, 0, 8, 5)  # Scripted: the door would fail as an unscripted draw
    assert types(events) == ["roll", "nothing"] and game.turn == 1
    assert game.hands[0] == ["pink-1", "pink-2", "green-3", "blue-3"]


def test_one_complete_outfit_opens_the_door_at_once():
    game = state([["pink-2", "blue-1", "pink-3", "pink-1"], ["green-1"], ["blue-2"]])
    events, _ = land(game, 0, 16, 3, door("bowling"))
    assert types(events) == ["roll", "door"]
    shown = events[1]
    assert shown.secret is None, "the outfit is shown to the opponents"
    assert shown.data == {"colour": "pink", "cards": outfit("pink"), "outcome": "bowling"}
    assert DATE.view(game, 2).last_door.outcome == "bowling"


def test_behind_the_door_the_four_dates_or_the_dud_from_the_generator():
    seen = set()
    for seed in range(60):
        game = state([outfit("green"), ["pink-1"]], positions=[8, 16])
        game.positions[0] = 8 - (Rng(seed).below(6) + 1)  # whatever she rolls: the door
        events = play(DATE, game, 0, Roll(), Rng(seed))
        assert events[1].type == "door"
        seen.add(events[1].data["outcome"])
    assert seen == {*DATES.values(), "dud"}


@pytest.mark.parametrize("colour", COLOURS)
def test_the_matching_date_wins(colour):
    game = state([["green-2", *outfit(colour)], ["green-1"], ["blue-2"]])
    events, _ = land(game, 0, 24, 6, door(DATES[colour]))
    assert types(events) == ["roll", "door", "won"]
    assert events[-1].data == {"winner": 0, "date": DATES[colour]}
    result = DATE.result(game)
    assert result.winners == (0,) and result.losers == (1, 2)
    assert result.detail == {"date": DATES[colour]}
    assert game.turn is None and DATE.to_act(game) == []
    assert all(DATE.legal_moves(game, seat) == [] for seat in range(3))
    assert DATE.view(game, 1).winner == 0


@pytest.mark.parametrize("outcome", [date for date in DATES.values() if date != "skiing"])
def test_another_date_ends_the_turn(outcome):
    hand = [*outfit("blue"), "green-2"]
    game = state([hand, ["green-1"], ["blue-2"]])
    events, _ = land(game, 0, 0, 4, door(outcome))
    assert types(events) == ["roll", "door"]
    assert game.hands[0] == hand, "she keeps her outfit"
    assert DATE.result(game) is None and game.turn == 1 and game.phase == "roll"


def test_the_dud_sends_the_three_shown_cards_to_the_discard_pile_and_three_are_drawn():
    game = state([["green-2", *outfit("orange")], ["green-1"]], draw=FILLER, discard=["blue-3"])
    events, _ = land(game, 0, 8, 2, door("dud"))
    assert types(events) == ["roll", "door", "draw"]
    assert game.discard == ["blue-3", *outfit("orange")]
    assert game.hands[0] == ["green-2", "green-2", "green-1", "blue-2"]
    assert events[-1].data == {"count": 3, "draw_pile": 3} and events[-1].audience == (0,)
    assert DATE.result(game) is None and game.turn == 1


def test_ready_for_two_dates_she_chooses_which_outfit_to_show():
    hand = [*outfit("blue"), "pink-1", *outfit("green")]
    game = state([hand, ["green-1"]])
    events, _ = land(game, 0, 16, 2)  # no door is drawn before she chooses
    assert types(events) == ["roll"] and game.phase == "outfit" and game.turn == 0
    assert DATE.legal_moves(game, 0) == [Show("green"), Show("blue")]
    rng = Scripted(door("skiing"))
    events = move(game, 0, Show("blue"), rng)
    assert types(events) == ["door", "won"] and not rng.draws
    assert events[0].data["cards"] == outfit("blue")
    assert all(card in game.hands[0] for card in outfit("green")), "the other one kept"
    assert DATE.result(game).winners == (0,)


def test_ready_for_two_dates_the_dud_takes_only_the_one_shown():
    hand = [*outfit("blue"), *outfit("green")]
    game = state([hand, ["green-1"]], draw=FILLER)
    land(game, 0, 16, 2)
    move(game, 0, Show("green"), Scripted(door("dud")))
    assert sorted(game.hands[0]) == sorted([*outfit("blue"), "green-2", "green-1", "blue-2"])
    assert game.discard[-3:] == outfit("green") and game.turn == 1


@pytest.mark.parametrize("target", [4, 12, 20, 28])
def test_mid_side_doors_makes_each_take_either_space_a_door(target):
    plain = state([outfit("pink"), ["green-1"]])
    land(plain, 0, target, 3)
    assert plain.phase == "pile", "without the option: take 1 from draw or discard"
    doors = state([outfit("pink"), ["green-1"]], mid=True)
    events, _ = land(doors, 0, target, 3, door("formal_dance"))
    assert types(events) == ["roll", "door", "won"]
    empty = state([["pink-1"], ["green-1"]], mid=True)
    events, _ = land(empty, 0, target, 3)
    assert events[0].data["space"] == "door" and types(events) == ["roll", "nothing"]


def test_mid_side_doors_leaves_the_corner_doors_and_the_other_spaces():
    game = state([["pink-1"], ["green-1"]], mid=True)
    land(game, 0, 8 + TAKE_2, 1)
    assert len(game.hands[0]) == 3
    game = state([["pink-1"], ["green-1"]], mid=True)
    events, _ = land(game, 0, 24, 2)
    assert events[0].data["space"] == "door"


def test_the_option_is_dealt_into_the_round():
    game, _ = DATE.deal(MID_DOORS, 2, 0, Rng(1))
    assert game.mid_side_doors is True
    assert DATE.deal(DEFAULT, 2, 0, Rng(1))[0].mid_side_doors is False


# --- the piles -------------------------------------------------------------------------------


def test_an_empty_discard_pile_takes_the_top_of_the_draw_pile():
    game = state([["pink-1"], ["green-1"]], draw=["blue-1", "green-3"], discard=["orange-2"])
    land(game, 0, EITHER, 4)
    events = move(game, 0, TakeDiscard())
    assert types(events) == ["take_discard", "piles"]
    assert events[1].data == {"draw_pile": 1, "discard_pile": 1, "top": "green-3"}
    assert game.discard == ["green-3"] and game.draw == ["blue-1"]


def test_an_empty_draw_pile_is_the_discards_shuffled_leaving_the_top_one():
    discard = ["blue-1", "pink-2", "orange-3", "green-2"]
    game = state([["pink-1"], ["green-1"]], draw=[], discard=discard)
    events, rng = land(game, 0, TAKE_1, 2)
    assert types(events) == ["roll", "piles", "draw"]
    assert events[1].data == {"draw_pile": 3, "discard_pile": 1, "top": "green-2"}
    assert [pile is game.draw for pile in rng.shuffled] == [True], "the new draw, shuffled"
    assert game.discard == ["green-2"], "the top one stays"
    assert game.hands[0] == ["pink-1", "orange-3"] and game.draw == ["blue-1", "pink-2"]


def test_the_reshuffle_uses_the_generator():
    orders = set()
    for seed in range(20):
        discard = ["blue-1", "pink-2", "orange-3", "green-2", "pink-1"]
        game = state([["pink-1"], ["green-1"]], draw=[], discard=discard, positions=[0, 16])
        game.phase = "pile"
        play(DATE, game, 0, Draw(), ShuffleSpy(seed))
        orders.add((*game.draw, game.hands[0][-1]))
        assert game.discard == ["pink-1"]
    assert len(orders) > 5


# --- what a player sees ----------------------------------------------------------------------


def test_a_view_shows_her_own_hand_and_the_discards_top_only():
    game = state([["pink-1", "green-1"], ["blue-1"], ["orange-1"]], discard=["blue-2", "pink-3"])
    view = DATE.view(game, 0)
    assert view.hand == ["green-1", "pink-1"] and view.top_discard == "pink-3"
    assert view.draw_pile == len(FILLER) and view.discard_pile == 2
    assert [(p.seat, p.cards, p.position) for p in view.players] == [
        (0, 2, 0),
        (1, 1, 8),
        (2, 1, 16),
    ]
    assert DATE.view(game, None).hand is None


# --- a golden count ----------------------------------------------------------------------------


def sequences(game, rng, depth, counts, ply=0):
    """Add, at ``counts[ply]``, every legal-move sequence of ``ply`` moves from here."""
    counts[ply] += 1
    if ply == depth:
        return
    for seat in DATE.to_act(game):
        for legal in DATE.legal_moves(game, seat):
            branch, branch_rng = copy.deepcopy(game), copy.deepcopy(rng)
            DATE.apply(branch, seat, legal, branch_rng)
            sequences(branch, branch_rng, depth, counts, ply + 1)


def test_perft_from_a_fixed_seed():
    """``counts[n]`` is the number of distinct sequences of n legal moves (perft) from
    the deal of Rng(2024), three players, dealer 0, no middle doors. The state and the
    generator are copied at each branch, so each branch rolls its own dice: a swap's
    shuffle or a reshuffle moves the generator on, and the dice after it change.
    Every roll is one move; the branching is a swap's give (card, and on "any" the
    opponent) and take (position), discards, the either-pile choice and a door's choice.
    The count was computed once from the engine and is a regression guard: a change of
    the deal, the board, the legal moves or the generator's use changes it."""
    rng = Rng(2024)
    game, _ = DATE.deal(DEFAULT, 3, 0, rng)
    counts = [0] * 16
    sequences(game, rng, 15, counts)
    assert counts == [1, 1, 2, 4, 4, 4, 4, 4, 24, 84, 84, 258, 630, 630, 1601, 6188]


# --- random play -------------------------------------------------------------------------------


SORTED_DECK = sorted(DECK)


def check_invariants(game):
    given = [game.given] if game.given is not None else []
    cards = [c for hand in game.hands for c in hand] + game.draw + game.discard + given
    assert sorted(cards) == SORTED_DECK, "48 cards conserved"
    for seat, hand in enumerate(game.hands):
        if not (game.phase == "discard" and seat == game.turn):
            assert len(hand) <= 6, "six at most but while discarding"
        else:
            assert len(hand) in (7, 8), "a take of one or two above six"
    assert all(0 <= position < 32 for position in game.positions)
    acting = DATE.to_act(game)
    if DATE.result(game) is None:
        assert acting == [game.turn], "exactly one seat to act"
    else:
        assert acting == [] and game.turn is None


GAMES_PLAYED = 1_000
TURN_CAP = 20_000


def test_random_games_play_to_the_end_with_the_invariants_after_every_move():
    """1,000 seeded games of uniformly random legal moves, 2, 3 and 4 players, both
    values of mid_side_doors; ~10 s measured (2 cores, under load)."""
    started = time.perf_counter()
    turns_played, longest = [], (0, None)
    for seed in range(GAMES_PLAYED):
        players, mid = 2 + seed % 3, bool(seed // 3 % 2)
        rng, chooser = Rng(seed), random.Random(seed)
        options = MID_DOORS if mid else DEFAULT
        game, _ = DATE.deal(options, players, seed % players, rng)
        check_invariants(game)
        turns = 0
        while DATE.result(game) is None:
            assert turns < TURN_CAP, f"seed {seed}: no winner after {TURN_CAP} turns"
            seat = game.turn
            moves = DATE.legal_moves(game, seat)
            assert moves, "the seat to act has a move"
            others = [s for s in range(players) if s != seat]
            assert all(DATE.legal_moves(game, s) == [] for s in others), "and nobody else"
            turns += game.phase == "roll"
            play(DATE, game, seat, chooser.choice(moves), rng)
            check_invariants(game)
        turns_played.append(turns)
        longest = max(longest, (turns, seed))
    seconds = time.perf_counter() - started
    average = sum(turns_played) / len(turns_played)
    print(
        f"\nMystery Date: {GAMES_PLAYED} random games, longest {longest[0]} turns "
        f"(seed {longest[1]}), average {average:.1f} turns, {seconds:.1f} s"
    )
