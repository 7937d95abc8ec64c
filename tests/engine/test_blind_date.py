"""Blind Date (seed 000) on the Six Generations deck, one test per rule sentence."""

from collections import Counter

import pytest

from service.engine import GAMES, InvalidOptions, Rng, play
from service.engine.passing import PassingState, Take, find_pairs
from service.engine.six_generations import EMILY, JACOB, deck, generation, sex

from .rigging import RiggedDeck, deal_round_robin

BLIND_DATE = GAMES["blind-date"]
DEFAULT = BLIND_DATE.resolve_options({})


def rigged_deal(hands, dealer, options=DEFAULT):
    order = deal_round_robin(hands, first=(dealer + 1) % len(hands))
    return BLIND_DATE.deal(options, len(hands), dealer, RiggedDeck(order))


def test_the_deck_has_36_men_and_36_women_by_generation():
    cards = deck(72)
    assert len(set(cards)) == 72
    per_sex = Counter(sex(card) for card in cards)
    assert per_sex == {"M": 36, "F": 36}
    for s in "MF":
        counts = Counter(generation(card) for card in cards if sex(card) == s)
        assert counts == {6: 20, 5: 8, 4: 4, 3: 2, 2: 1, 1: 1}
    assert JACOB == "G1-M-01" and EMILY == "G1-F-01"


def test_the_32_card_deck_takes_away_generation_6():
    assert sorted(deck(32)) == sorted(card for card in deck(72) if generation(card) != 6)


@pytest.mark.parametrize("players,size", [(2, 32), (5, 32), (6, 72), (12, 72)])
def test_the_default_deck_is_32_for_up_to_five_players_and_72_from_six(players, size):
    game, _ = BLIND_DATE.deal(DEFAULT, players, 0, Rng(players))
    cards = [c for hand in game.hands for c in hand]
    cards += [c for pairs in game.pairs for pair in pairs for c in pair] + game.discarded
    assert len(cards) == size


def test_player_counts_follow_the_deck():
    def allowed(deck_size):
        return BLIND_DATE.player_range(BLIND_DATE.resolve_options({"deck": deck_size}))

    assert allowed(32) == (2, 8)
    assert allowed(72) == (6, 12)
    assert allowed(None) == (2, 12)
    with pytest.raises(InvalidOptions):
        BLIND_DATE.check_players(9, BLIND_DATE.resolve_options({"deck": 32}))
    with pytest.raises(InvalidOptions):
        BLIND_DATE.check_players(5, BLIND_DATE.resolve_options({"deck": 72}))


def test_dealing_is_one_card_at_a_time_clockwise_from_the_dealers_left():
    order = deck(32)
    _, events = BLIND_DATE.deal(DEFAULT, 3, 1, RiggedDeck(order))
    hands = {e.seat: e.secret["hand"] for e in events if e.type == "hand"}
    assert sorted(hands[2]) == sorted(order[0::3])
    assert sorted(hands[1]) == sorted(order[2::3])
    assert [len(hands[s]) for s in range(3)] == [11, 10, 11]


def cards(generation_, sex_, count, first=1):
    return [f"G{generation_}-{sex_}-{n:02d}" for n in range(first, first + count)]


# Four hands of eight that make no pair at the deal: men and women apart.
NO_PAIRS = [
    [JACOB, *cards(2, "M", 1), *cards(3, "M", 2), *cards(4, "M", 4)],
    cards(5, "M", 8),
    [EMILY, *cards(2, "F", 1), *cards(3, "F", 2), *cards(4, "F", 4)],
    cards(5, "F", 8),
]


def test_jacobs_holder_discards_him_then_everybody_lays_pairs_and_she_begins():
    hands = [NO_PAIRS[0] + NO_PAIRS[1], NO_PAIRS[2] + NO_PAIRS[3]]
    hands[0][-1], hands[1][-1] = hands[1][-1], hands[0][-1]  # one pair each: G5 M and F
    game, events = rigged_deal(hands, dealer=0)
    types = [e.type for e in events]
    discard = events[types.index("discard")]
    assert (discard.seat, discard.data) == (0, {"card": JACOB})
    assert types.index("discard") < types.index("pairs")
    assert game.discarded == [JACOB]
    assert JACOB not in game.hands[0]
    assert game.turn == 0, "Jacob's holder begins, not the player left of the dealer"


def test_jacobs_holder_takes_from_the_player_on_her_right():
    game, _ = rigged_deal(NO_PAIRS, dealer=1)
    assert (game.turn, game.source) == (0, 3)


def test_then_the_player_on_the_takers_left_takes_from_the_taker():
    game = PassingState(
        hands=[["G2-M-01", "G4-F-01"], ["G3-M-01"], [EMILY, "G5-M-01"], ["G3-F-02", "G6-M-01"]],
        pairs=[[], [], [], []],
        dealer=3,
        take_from="right",
        pair_by="man_and_woman",
        turn=0,
        source=3,
    )
    BLIND_DATE.apply(game, 0, Take(from_seat=3, position=1), Rng(1))
    assert (game.turn, game.source) == (1, 0)


def test_if_jacobs_holder_has_no_cards_left_the_next_on_her_left_begins():
    pairs_only = [JACOB, *cards(2, "M", 1), *cards(2, "F", 1), *cards(3, "M", 2)]
    pairs_only += [*cards(3, "F", 2), *cards(4, "M", 2), *cards(4, "F", 2)]
    men = [EMILY, *cards(4, "M", 2, first=3), *cards(5, "M", 8)]
    women = [*cards(4, "F", 2, first=3), *cards(5, "F", 8)]
    game, events = rigged_deal([pairs_only, men, women], dealer=2)
    assert game.hands[0] == []
    assert ("safe", 0) in [(e.type, e.seat) for e in events]
    # seat 1 begins and takes from her right, skipping seat 0, who is safe
    assert (game.turn, game.source) == (1, 2)


def test_a_pair_is_a_man_and_a_woman_of_the_same_generation_two_to_six():
    def pairs(cards):
        return find_pairs(cards, "man_and_woman", BLIND_DATE.card_order)

    assert pairs(["G4-M-01", "G4-F-03"]) == [["G4-F-03", "G4-M-01"]]
    assert pairs(["G4-M-01", "G4-M-02"]) == [], "two men are no pair"
    assert pairs(["G4-F-01", "G4-F-02"]) == [], "two women are no pair"
    assert pairs(["G4-M-01", "G5-F-01"]) == [], "another generation is no pair"
    assert pairs([JACOB, EMILY]) == [], "generation 1 never pairs"
    assert len(pairs(["G6-M-01", "G6-M-02", "G6-F-01", "G6-F-02", "G6-F-03"])) == 2


def test_emilys_holder_loses():
    game = PassingState(
        hands=[[EMILY], ["G2-M-01"], ["G2-F-01"]],
        pairs=[[], [], []],
        dealer=0,
        take_from="right",
        pair_by="man_and_woman",
        discarded=[JACOB],
        turn=2,
        source=1,
    )
    events = BLIND_DATE.apply(game, 2, Take(from_seat=1, position=0), Rng(1))
    assert events[-1].type == "round_over"
    assert events[-1].data == {"loser": 0, "odd_card": EMILY}
    assert BLIND_DATE.result(game).losers == (0,)
    assert BLIND_DATE.result(game).winners == (1, 2)


@pytest.mark.parametrize("rule,expected", [("loser", 4), ("fixed", 1)])
def test_the_next_dealer_is_the_loser_or_fixed(rule, expected):
    options = BLIND_DATE.resolve_options({"dealer": rule})
    game = PassingState(
        hands=[[], [], [], [], [EMILY]],
        pairs=[[]] * 5,
        dealer=1,
        take_from="right",
        pair_by="man_and_woman",
        loser=4,
    )
    assert BLIND_DATE.next_dealer(options, 1, BLIND_DATE.result(game), 5) == expected


def test_random_rounds_always_leave_emily():
    for seed in range(50):
        rng = Rng(seed)
        game, _ = BLIND_DATE.deal(DEFAULT, 2 + seed % 11, seed % 2, rng)
        while BLIND_DATE.to_act(game):
            seat = BLIND_DATE.to_act(game)[0]
            moves = BLIND_DATE.legal_moves(game, seat)
            play(BLIND_DATE, game, seat, moves[seed % len(moves)], rng)
        assert game.hands[BLIND_DATE.result(game).losers[0]] == [EMILY]
