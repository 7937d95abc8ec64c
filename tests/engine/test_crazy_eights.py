"""Crazy Eights (seed 004 and RULES.md), one test per rule sentence and corner."""

import pytest

from service.engine import GAMES, IllegalMove, InvalidOptions, Rng, RoundResult, play
from service.engine.cards import standard_deck
from service.engine.crazy_eights import CrazyEightsState, Draw, Pass, Play

from .rigging import RiggedDeck

EIGHTS = GAMES["crazy-eights"]
DEFAULT = EIGHTS.resolve_options({})


def state(hands, top, stock=(), suit=None, turn=0, partnership=False):
    return CrazyEightsState(
        hands=[list(hand) for hand in hands],
        stock=list(stock),
        discard=[top],
        suit=suit or top[-1],
        dealer=len(hands) - 1,
        partnership=partnership,
        turn=turn,
    )


def plays(game, seat=None):
    seat = game.turn if seat is None else seat
    return [m for m in EIGHTS.legal_moves(game, seat) if isinstance(m, Play)]


def deck_with_top(cards_from_top: list[str]) -> list[str]:
    """A deck order whose top cards (dealt first) are ``cards_from_top``."""
    rest = [c for c in standard_deck() if c not in cards_from_top]
    return rest + cards_from_top[::-1]


@pytest.mark.parametrize("players,per_hand", [(2, 7), (3, 5), (4, 5)])
def test_seven_cards_each_for_two_players_five_for_three_or_four(players, per_hand):
    game, _ = EIGHTS.deal(DEFAULT, players, 0, Rng(players))
    assert [len(hand) for hand in game.hands] == [per_hand] * players
    assert len(game.stock) == 52 - per_hand * players - 1
    assert len(game.discard) == 1


def test_the_player_left_of_the_dealer_goes_first():
    game, _ = EIGHTS.deal(DEFAULT, 3, 1, Rng(1))
    assert game.turn == 2


def test_the_top_card_of_the_stock_starts_the_discard_pile():
    dealt = standard_deck()[:14]
    game, events = EIGHTS.deal(DEFAULT, 2, 1, RiggedDeck(deck_with_top([*dealt, "5H"])))
    assert game.discard == ["5H"] and game.suit == "H"
    assert events[-1].type == "starter" and events[-1].data["card"] == "5H"


def test_a_starter_8_is_buried_in_the_stock_and_the_next_card_turned():
    dealt = [c for c in standard_deck() if c[:-1] != "8"][:14]
    rng = RiggedDeck(deck_with_top([*dealt, "8H", "8S", "KD"]))
    game, _ = EIGHTS.deal(DEFAULT, 2, 1, rng)
    assert game.discard == ["KD"]
    assert "8H" in game.stock and "8S" in game.stock
    assert len(game.stock) == 52 - 14 - 1


def test_a_card_matches_the_top_by_suit_or_rank():
    game = state([["5H", "9C", "KS", "2D"], ["3C"]], top="9H")
    assert plays(game) == [Play(card="5H"), Play(card="9C")]


def test_an_eight_is_wild_and_names_any_suit_its_own_included():
    game = state([["8D", "KS"], ["3C"]], top="9H")
    assert plays(game) == [Play(card="8D", suit=suit) for suit in ("C", "D", "H", "S")]
    play(EIGHTS, game, 0, Play(card="8D", suit="S"), Rng(1))
    assert game.suit == "S" and game.turn == 1


def test_an_eight_may_be_played_on_an_eight():
    game = state([["8C", "KS"], ["3C"]], top="8H", suit="D")
    assert Play(card="8C", suit="H") in plays(game)


def test_after_an_eight_only_the_named_suit_or_another_eight_fits():
    game = state([["5H", "5S", "8C"], ["3C"]], top="8H", suit="S")
    cards = {m.card for m in plays(game)}
    assert cards == {"5S", "8C"}


def test_the_last_card_may_be_an_eight_and_ends_the_round():
    game = state([["8C"], ["KS", "2D"], ["AH"]], top="9H")
    events = play(EIGHTS, game, 0, Play(card="8C", suit="C"), Rng(1))
    assert [e.type for e in events] == ["play", "out", "round_over"]
    result = EIGHTS.result(game)
    assert result.winners == (0,)
    assert result.points == (10 + 2 + 1, 0, 0)


def test_a_player_may_draw_while_holding_a_playable_card_and_keeps_the_turn():
    game = state([["9C"], ["3C"]], top="9H", stock=["2S", "4D"])
    assert Draw() in EIGHTS.legal_moves(game, 0)
    events = play(EIGHTS, game, 0, Draw(), Rng(1))
    assert game.hands[0] == ["9C", "4D"] and game.turn == 0
    assert events[0].data == {"stock": 1} and events[0].secret == {"card": "4D"}
    assert events[0].audience == (0,)
    play(EIGHTS, game, 0, Draw(), Rng(1))
    assert game.turn == 0 and len(game.hands[0]) == 3


def test_pass_is_legal_only_when_the_stock_is_empty_and_nothing_fits():
    with_stock = state([["2S"], ["3C"]], top="9H", stock=["4D"])
    assert Pass() not in EIGHTS.legal_moves(with_stock, 0)
    playable = state([["2H"], ["3C"]], top="9H")
    assert Pass() not in EIGHTS.legal_moves(playable, 0)
    stuck = state([["2S"], ["3C"]], top="9H")
    assert EIGHTS.legal_moves(stuck, 0) == [Pass()]
    with pytest.raises(IllegalMove):
        play(EIGHTS, playable, 0, Pass(), Rng(1))


def test_a_full_circle_of_passes_blocks_the_round_and_the_lowest_hand_scores_the_difference():
    game = state([["2S", "3S"], ["KC"], ["AD", "4D"]], top="9H")
    for seat in (0, 1):
        play(EIGHTS, game, seat, Pass(), Rng(1))
        assert EIGHTS.result(game) is None
    events = play(EIGHTS, game, 2, Pass(), Rng(1))
    assert game.blocked and events[-1].type == "round_over"
    result = EIGHTS.result(game)
    # hands: 5, 10, 5 points: seats 0 and 2 share the lowest and score 10 - 5 each
    assert result.winners == (0, 2)
    assert result.points == (5, 0, 5)


def test_a_play_or_a_draw_breaks_the_circle_of_passes():
    game = state([["2S"], ["KH"], ["AD"]], top="9H")
    play(EIGHTS, game, 0, Pass(), Rng(1))
    play(EIGHTS, game, 1, Play(card="KH"), Rng(1))
    assert game.passes == 0 and not game.blocked


def test_cards_left_score_eight_50_faces_10_ace_1_others_face_value():
    game = state([["5H"], ["8S", "KD", "QC", "JH", "AS", "10C", "2D"]], top="9H")
    play(EIGHTS, game, 0, Play(card="5H"), Rng(1))
    assert EIGHTS.result(game).points == (50 + 10 + 10 + 10 + 1 + 10 + 2, 0)


def test_partnership_players_out_are_skipped_and_both_partners_must_be_out():
    game = state([["5H"], ["KH", "2C"], ["6H", "7H"], ["QH", "3C"]], top="9H", partnership=True)
    play(EIGHTS, game, 0, Play(card="5H"), Rng(1))
    assert EIGHTS.result(game) is None, "one partner out is not enough"
    play(EIGHTS, game, 1, Play(card="KH"), Rng(1))
    play(EIGHTS, game, 2, Play(card="6H"), Rng(1))
    play(EIGHTS, game, 3, Play(card="QH"), Rng(1))
    assert game.turn == 1, "seat 0 is out and skipped"
    play(EIGHTS, game, 1, Draw() if game.stock else Pass(), Rng(1))
    play(EIGHTS, game, 2, Play(card="7H"), Rng(1))
    result = EIGHTS.result(game)
    assert result.winners == (0, 2) and result.losers == (1, 3)
    # the side scores the cards left in both opponents' hands: 2C and 3C
    assert result.points == (5, 0, 5, 0)


def blocked(hands):
    """A partnership round whose four players pass in turn: nothing fits the 9H and the
    stock is empty."""
    game = state(hands, top="9H", partnership=True)
    for seat in range(4):
        play(EIGHTS, game, seat, Pass(), Rng(1))
    assert game.blocked
    return EIGHTS.result(game)


def test_a_blocked_partnership_round_is_decided_by_the_sides_hand_totals():
    """docs/rules.md, Crazy Eights: "the sides' hand totals are compared, not single
    hands". Seat 0 holds the lowest hand (2), but her side holds 2 + 30 against 5 + 6."""
    result = blocked([["2S"], ["5C"], ["KC", "QC", "JD"], ["6D"]])
    assert result.winners == (1, 3) and result.losers == (0, 2)
    assert result.points == (0, 32 - 11, 0, 32 - 11), "each partner scores the difference"


def test_a_tie_of_the_sides_totals_makes_all_four_winners_with_no_points():
    """docs/rules.md, Crazy Eights: "A tie makes all four players winners, with 0 points
    each" (3 + 7 against 4 + 6; seat 0's hand is the lowest)."""
    result = blocked([["3S"], ["4C"], ["7D"], ["6C"]])
    assert result.winners == (0, 1, 2, 3) and result.losers == ()
    assert result.points == (0, 0, 0, 0)


def test_partnership_takes_exactly_four_players():
    options = EIGHTS.resolve_options({"partnership": True})
    EIGHTS.check_players(4, options)
    for players in (2, 3):
        with pytest.raises(InvalidOptions):
            EIGHTS.check_players(players, options)


def results(*points):
    return [RoundResult((), (), {}, tuple(p)) for p in points]


def test_the_match_ends_when_a_player_reaches_the_target():
    options = EIGHTS.resolve_options({"target_score": 100})
    assert not EIGHTS.match_over(options, results((60, 0), (0, 99)))
    assert EIGHTS.match_over(options, results((60, 0), (40, 0)))
    assert DEFAULT["target_score"] == 150
    assert EIGHTS.match_over(EIGHTS.resolve_options({"target_score": None}), results((1, 0)))


def test_the_dealer_moves_left_each_round():
    assert EIGHTS.next_dealer(DEFAULT, 3, results((1, 0, 0, 0))[0], 4) == 0


@pytest.mark.parametrize("value", [0, -5, 10_001, "150", True, 1.5])
def test_invalid_target_scores_are_refused(value):
    with pytest.raises(InvalidOptions) as refused:
        EIGHTS.resolve_options({"target_score": value})
    assert refused.value.option == "target_score"
