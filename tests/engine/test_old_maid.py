"""Old Maid, seed 003 (the online preset), one test per rule sentence, on rigged decks."""

import copy

import pytest

from service.engine import GAMES, IllegalMove, InvalidOptions, NotYourTurn, Rng, play
from service.engine.cards import rank, standard_deck
from service.engine.crazy_eights import Pass
from service.engine.passing import Offer, PassingPlayer, PassingState, Take

from .rigging import RiggedDeck, ShuffleSpy, deal_round_robin

OLD_MAID = GAMES["old-maid"]
ONLINE = OLD_MAID.resolve_options({})
DECK_51 = [card for card in standard_deck() if card != "QC"]


def rigged_deal(hands: list[list[str]], dealer: int):
    """Deal exactly ``hands`` (seat by seat, before pairs are laid)."""
    order = deal_round_robin(hands, first=(dealer + 1) % len(hands))
    return OLD_MAID.deal(ONLINE, len(hands), dealer, RiggedDeck(order))


def split(cards: list[str], players: int) -> list[list[str]]:
    return [cards[seat::players] for seat in range(players)]


def state(hands, turn, source, dealer=0) -> PassingState:
    """A round in progress with known hands, for the rules of taking."""
    return PassingState(
        hands=[list(hand) for hand in hands],
        pairs=[[] for _ in hands],
        dealer=dealer,
        take_from="left",
        pair_by="rank",
        turn=turn,
        source=source,
    )


def play_out(game, rng, choose=0, limit=5_000):
    """Play to the end, always taking the position ``choose``; returns the last events.
    One generator throughout: a fresh one per move could offer the same order forever."""
    events = []
    for _ in range(limit):
        if not OLD_MAID.to_act(game):
            return events
        seat = OLD_MAID.to_act(game)[0]
        events = play(OLD_MAID, game, seat, OLD_MAID.legal_moves(game, seat)[choose], rng)
    raise AssertionError("no end")


def test_the_deck_is_51_cards_without_the_queen_of_clubs():
    game, _ = OLD_MAID.deal(ONLINE, 3, 0, Rng(5))
    cards = [c for hand in game.hands for c in hand] + [
        c for pairs in game.pairs for pair in pairs for c in pair
    ]
    assert sorted(cards) == sorted(DECK_51)
    assert "QC" not in cards


def test_the_whole_deck_is_dealt_one_at_a_time_from_the_dealers_left():
    _, events = OLD_MAID.deal(ONLINE, 4, 3, RiggedDeck(DECK_51))
    hands = {e.seat: e.secret["hand"] for e in events if e.type == "hand"}
    # seat 0 is left of dealer 3: it gets the 1st, 5th, 9th ... card
    assert sorted(hands[0]) == sorted(DECK_51[0::4])
    assert sorted(hands[3]) == sorted(DECK_51[3::4])
    assert [len(hands[s]) for s in range(4)] == [13, 13, 13, 12]


def test_pairs_are_laid_face_up_at_once_after_the_deal():
    others = [c for c in DECK_51 if rank(c) not in ("7", "9")]
    hand0 = ["7C", "7D", "9C"] + others[:23]
    hand1 = ["7H", "7S", "9D", "9H", "9S"] + others[23:]
    game, events = rigged_deal([hand0, hand1], dealer=1)
    laid = {e.seat: e.data["pairs"] for e in events if e.type == "pairs"}
    assert ["7C", "7D"] in laid[0]
    assert ["7H", "7S"] in laid[1]
    assert not any(rank(c) == "7" for hand in game.hands for c in hand)


def test_three_of_a_kind_lays_one_pair_and_keeps_the_third():
    others = [c for c in DECK_51 if rank(c) != "5"]
    hand0 = ["5C", "5D", "5H"] + others[:23]
    hand1 = ["5S"] + others[23:]
    game, _ = rigged_deal([hand0, hand1], dealer=1)
    fives = [c for c in game.hands[0] if rank(c) == "5"]
    assert len(fives) == 1
    assert sum(rank(c) == "5" for pair in game.pairs[0] for c in pair) == 2


def test_pairs_by_rank_only_suits_do_not_matter():
    game = state([["7H"], ["7C", "KS"], ["2D"]], turn=0, source=1)
    OLD_MAID.apply(game, 0, Take(from_seat=1, position=0), Rng(1))
    assert game.pairs[0] == [["7C", "7H"]]


def test_the_player_left_of_the_dealer_goes_first_and_takes_from_her_left():
    game, events = OLD_MAID.deal(ONLINE, 4, 2, Rng(11))
    assert game.turn == 3
    assert game.source == 0
    assert OLD_MAID.legal_moves(game, 3) == [
        Take(from_seat=0, position=p) for p in range(len(game.hands[0]))
    ]
    assert events[-1].type == "offer" and events[-1].seat == 3


def test_the_next_turn_belongs_to_the_player_just_taken_from():
    game = state([["2C", "3C"], ["4C", "5C"], ["6C", "7C"], ["8C", "9C"]], turn=1, source=2)
    OLD_MAID.apply(game, 1, Take(from_seat=2, position=0), Rng(1))
    assert (game.turn, game.source) == (2, 3)


def test_a_taken_card_that_pairs_goes_on_the_table_and_the_turn_is_over():
    game = state([["2C", "KD"], ["KH", "5C"], ["6C"]], turn=0, source=1)
    events = OLD_MAID.apply(game, 0, Take(from_seat=1, position=0), Rng(1))
    assert game.hands[0] == ["2C"]
    assert game.pairs[0] == [["KD", "KH"]]
    assert [e.type for e in events] == ["take", "pairs", "offer"]
    assert game.turn == 1


def test_a_taken_card_that_does_not_pair_stays_in_the_hand():
    game = state([["2C"], ["KH", "5C"], ["6C", "QS"]], turn=0, source=1)
    OLD_MAID.apply(game, 0, Take(from_seat=1, position=1), Rng(1))
    assert sorted(game.hands[0]) == ["2C", "5C"]
    assert game.pairs[0] == []


def test_a_safe_player_is_skipped_as_the_next_taker():
    # seat 1 gives away her last card: she is safe, so seat 2 takes next, from seat 3
    game = state([["2C"], ["KH"], ["3D", "4D"], ["QS", "2D"]], turn=0, source=1)
    events = OLD_MAID.apply(game, 0, Take(from_seat=1, position=0), Rng(1))
    assert ("safe", 1) in [(e.type, e.seat) for e in events]
    assert (game.turn, game.source) == (2, 3)


def test_a_safe_player_is_skipped_as_the_one_taken_from():
    # seat 3 is safe: seat 2 takes from seat 0, the next player with cards on her left
    game = state([["2C", "QS"], ["9C"], ["3D", "2D"], []], turn=1, source=2)
    OLD_MAID.apply(game, 1, Take(from_seat=2, position=0), Rng(1))
    assert (game.turn, game.source) == (2, 0)


def test_a_taker_who_pairs_her_last_card_is_safe():
    game = state([["KD"], ["KH", "5C"], ["5D", "QS"]], turn=0, source=1)
    events = OLD_MAID.apply(game, 0, Take(from_seat=1, position=0), Rng(1))
    assert ("safe", 0) in [(e.type, e.seat) for e in events]
    assert OLD_MAID.view(game, None).players[0] == PassingPlayer(0, 0, True, [["KD", "KH"]])


def test_the_holder_of_the_odd_queen_is_the_old_maid_and_everybody_else_wins():
    game = state([["QS"], ["5C", "4H"], ["5D", "4D"]], turn=2, source=0)
    # seat 2 takes the queen from seat 0, who is safe now; seat 1 takes from seat 2 ...
    OLD_MAID.apply(game, 2, Take(from_seat=0, position=0), Rng(1))
    assert (game.turn, game.source) == (1, 2)
    events = play_out(game, Rng(1))
    result = OLD_MAID.result(game)
    assert game.hands[result.losers[0]] == ["QS"]
    assert sorted(result.winners + result.losers) == [0, 1, 2]
    assert events[-1].type == "round_over"
    assert events[-1].data == {"loser": result.losers[0], "odd_card": "QS"}
    assert OLD_MAID.to_act(game) == []


def test_the_offered_hand_is_shuffled_before_every_offer():
    spy = ShuffleSpy(3)
    game, _ = OLD_MAID.deal(ONLINE, 3, 0, spy)
    assert spy.shuffled[-1] is game.hands[game.source]
    for _ in range(5):
        seat = game.turn
        OLD_MAID.apply(game, seat, OLD_MAID.legal_moves(game, seat)[0], spy)
        assert spy.shuffled[-1] is game.hands[game.source]


def test_the_taker_and_the_victim_see_the_card_others_see_a_position():
    game = state([["2C"], ["KH", "5C"], ["6C", "QS"]], turn=0, source=1)
    [take, *_] = OLD_MAID.apply(game, 0, Take(from_seat=1, position=1), Rng(1))
    assert take.data == {"from_seat": 1, "position": 1}
    assert take.secret == {"card": "5C"}
    assert set(take.audience) == {0, 1}
    assert take.seen_by(2) == {"from_seat": 1, "position": 1}


def test_a_view_shows_the_own_hand_sorted_and_only_counts_of_others():
    game = state([["KH", "2C"], ["5C", "AS", "9D"], ["6C"]], turn=0, source=1)
    view = OLD_MAID.view(game, 0)
    assert view.hand == ["2C", "KH"]
    assert view.offer == Offer(from_seat=1, positions=3)
    assert [p.cards for p in view.players] == [2, 3, 1]
    assert "5C" not in str(view) and "6C" not in str(view)
    assert OLD_MAID.view(game, None).hand is None


@pytest.mark.parametrize(
    "move",
    [
        Take(from_seat=1, position=2),  # no such position
        Take(from_seat=2, position=0),  # not the player on her left
        Pass(),  # another game's move (malformed moves are the API schema's to refuse)
    ],
)
def test_a_move_not_in_legal_moves_is_refused_and_changes_nothing(move):
    game = state([["2C"], ["KH", "5C"], ["6C", "QS"]], turn=0, source=1)
    before = copy.deepcopy(game)
    with pytest.raises(IllegalMove):
        play(OLD_MAID, game, 0, move, Rng(1))
    assert game == before


def test_only_the_player_whose_turn_it_is_may_take():
    game = state([["2C"], ["KH", "5C"], ["6C", "QS"]], turn=0, source=1)
    assert OLD_MAID.legal_moves(game, 1) == []
    with pytest.raises(NotYourTurn):
        play(OLD_MAID, game, 1, Take(from_seat=2, position=0), Rng(1))


# --- presets and options (seed 004's Old Maid, seed 003's variants) ---------------------

FAMILY = OLD_MAID.resolve_options({"preset": "family"})


def cards_of(game) -> list[str]:
    return [c for hand in game.hands for c in hand] + [
        c for pairs in game.pairs for pair in pairs for c in pair
    ]


def test_family_removes_three_queens_and_the_queen_of_spades_is_the_old_maid():
    game, _ = OLD_MAID.deal(FAMILY, 5, 0, Rng(4))
    cards = cards_of(game)
    assert len(cards) == 49
    assert [c for c in cards if c.startswith("Q")] == ["QS"]
    play_out(game, Rng(4), choose=-1)
    assert game.hands[OLD_MAID.result(game).losers[0]] == ["QS"]


def test_family_the_dealer_offers_his_hand_to_the_player_on_his_left():
    game, _ = OLD_MAID.deal(FAMILY, 5, 2, Rng(9))
    assert (game.turn, game.source) == (3, 2)


def test_family_play_proceeds_clockwise_each_taking_from_the_right():
    game = state([["2C", "3C"], ["4C", "5C"], ["6C", "7C"], ["8C", "9C"]], turn=1, source=0)
    game.take_from = "right"
    OLD_MAID.apply(game, 1, Take(from_seat=0, position=0), Rng(1))
    assert (game.turn, game.source) == (2, 1)


def test_family_takes_two_to_eight_players_and_online_two_to_four():
    assert OLD_MAID.player_range(FAMILY) == (2, 8)
    assert OLD_MAID.player_range(ONLINE) == (2, 4)
    for players, options in [(9, FAMILY), (1, FAMILY), (5, ONLINE), (1, ONLINE)]:
        with pytest.raises(InvalidOptions) as refused:
            OLD_MAID.check_players(players, options)
        assert refused.value.option == "seats"


def test_one_queen_removed_with_colour_pairs_leaves_the_same_colour_queen():
    options = OLD_MAID.resolve_options(
        {"preset": "family", "remove_queens": 1, "pair_by": "rank_and_colour"}
    )
    game, _ = OLD_MAID.deal(options, 4, 0, Rng(12))
    assert sorted(c for c in cards_of(game) if c.startswith("Q")) == ["QD", "QH", "QS"]
    play_out(game, Rng(12))
    assert game.hands[OLD_MAID.result(game).losers[0]] == ["QS"]


def test_family_with_one_queen_removed_pairs_by_colour_unless_told_otherwise():
    """RULES.md: "remove_queens: 1 removes only QC and then pairs must match colour, so
    QS is the Old Maid"."""
    options = OLD_MAID.resolve_options({"preset": "family", "remove_queens": 1})
    assert options["pair_by"] == "rank_and_colour"
    for seed in range(20):
        game, _ = OLD_MAID.deal(options, 4, 0, Rng(seed))
        play_out(game, Rng(seed))
        assert game.hands[OLD_MAID.result(game).losers[0]] == ["QS"]


def test_family_with_one_queen_removed_refuses_pairs_by_rank():
    with pytest.raises(InvalidOptions) as refused:
        OLD_MAID.resolve_options({"preset": "family", "remove_queens": 1, "pair_by": "rank"})
    assert refused.value.option == "pair_by"


def test_colour_pairs_are_spades_with_clubs_and_hearts_with_diamonds():
    game = state([["7H"], ["7S", "KS"], ["7C"]], turn=0, source=1)
    game.pair_by = "rank_and_colour"
    OLD_MAID.apply(game, 0, Take(from_seat=1, position=0), Rng(1))
    assert game.pairs[0] == [] and sorted(game.hands[0]) == ["7H", "7S"]
    game.hands[0] = ["7H"]
    game.hands[1] = ["7D", "KS"]
    game.turn, game.source = 0, 1
    OLD_MAID.apply(game, 0, Take(from_seat=1, position=0), Rng(1))
    assert game.pairs[0] == [["7D", "7H"]]


def test_the_joker_variant_plays_all_52_cards_and_the_joker_never_pairs():
    options = OLD_MAID.resolve_options({"odd_card": "joker"})
    assert options["remove_queens"] is None
    game, _ = OLD_MAID.deal(options, 3, 0, Rng(2))
    assert sorted(cards_of(game)) == sorted([*DECK_51, "QC", "JK"])
    play_out(game, Rng(2))
    assert game.hands[OLD_MAID.result(game).losers[0]] == ["JK"]


def test_schwarzer_peter_removes_the_jack_of_clubs():
    options = OLD_MAID.resolve_options({"odd_card": "jack", "pair_by": "rank_and_colour"})
    game, _ = OLD_MAID.deal(options, 4, 1, Rng(6))
    cards = cards_of(game)
    assert "JC" not in cards and "QC" in cards and len(cards) == 51
    play_out(game, Rng(6))
    assert game.hands[OLD_MAID.result(game).losers[0]] == ["JS"]


def test_a_preset_is_overridable_option_by_option():
    options = OLD_MAID.resolve_options({"preset": "online", "take_from": "right"})
    assert options == {**ONLINE, "take_from": "right"}
    game, _ = OLD_MAID.deal(options, 3, 0, Rng(3))
    assert (game.turn, game.source) == (1, 0)


@pytest.mark.parametrize(
    "options,named",
    [
        ({"preset": "classic"}, "preset"),
        ({"preset": None}, "preset"),
        ({"preset": ["online"]}, "preset"),
        ({"odd_card": "joker", "remove_queens": 1}, "remove_queens"),
        ({"odd_card": "jack", "remove_queens": 3}, "remove_queens"),
        ({"remove_queens": None}, "remove_queens"),
        ({"remove_queens": 2}, "remove_queens"),
        ({"take_from": "across"}, "take_from"),
        ({"pair_by": "suit"}, "pair_by"),
        ({"odd_card": "king"}, "odd_card"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_invalid_options_are_refused_naming_the_option(options, named):
    with pytest.raises(InvalidOptions) as refused:
        OLD_MAID.resolve_options(options)
    assert refused.value.option == named


def test_the_dealer_moves_one_seat_left_each_round():
    result = OLD_MAID.result(_finished_round())
    assert OLD_MAID.next_dealer(ONLINE, 2, result, 3) == 0
    assert OLD_MAID.next_dealer(FAMILY, 0, result, 3) == 1


def _finished_round():
    game = state([["QS"], [], []], turn=None, source=None)
    game.loser = 0
    return game
