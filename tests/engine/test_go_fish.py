"""Go Fish (seed 004 and RULES.md), one test per rule sentence and corner."""

import pytest

from service.engine import GAMES, Event, IllegalMove, Rng, play
from service.engine.cards import standard_deck
from service.engine.go_fish import Ask, FishPlayer, GoFishState, GoFishView

from .rigging import RiggedDeck

FISH = GAMES["go-fish"]
DEFAULT = FISH.resolve_options({})
ALL_BOOKS = FISH.resolve_options({"end": "all_books"})


def state(hands, stock=("2C", "3C", "4C"), turn=0, books=None, end="first_empty"):
    return GoFishState(
        hands=[list(hand) for hand in hands],
        stock=list(stock),
        books=books or [[] for _ in hands],
        dealer=len(hands) - 1,
        end=end,
        turn=turn,
    )


def ask(game, seat, asked, wanted):
    return play(FISH, game, seat, Ask(seat=asked, rank=wanted), Rng(1))


@pytest.mark.parametrize("players,per_hand", [(2, 7), (3, 5), (6, 5)])
def test_seven_cards_each_for_two_players_five_for_three_to_six(players, per_hand):
    game, _ = FISH.deal(DEFAULT, players, 0, Rng(players))
    in_hands = sum(map(len, game.hands)) + 4 * sum(map(len, game.books))
    assert in_hands == per_hand * players
    assert len(game.stock) == 52 - per_hand * players


def test_the_first_player_is_chosen_at_random():
    starters = {FISH.deal(DEFAULT, 4, 0, Rng(seed))[0].turn for seed in range(40)}
    assert starters == {0, 1, 2, 3}


def test_you_ask_another_player_for_a_rank_you_hold():
    game = state([["9H", "9C", "KD"], ["2S"], ["5D"]])
    assert FISH.legal_moves(game, 0) == [
        Ask(seat=other, rank=wanted) for other in (1, 2) for wanted in ("9", "K")
    ]
    assert FISH.legal_moves(game, 1) == []
    with pytest.raises(IllegalMove):
        ask(game, 0, 1, "5")  # not a rank she holds
    with pytest.raises(IllegalMove):
        ask(game, 0, 0, "9")  # not herself


def test_she_gives_all_her_cards_of_that_rank_and_you_go_again():
    game = state([["9H", "KD"], ["9C", "9S", "2S"], ["5D"]])
    events = ask(game, 0, 1, "9")
    give = next(e for e in events if e.type == "give")
    assert give.seat == 1 and give.data == {"to_seat": 0, "cards": ["9C", "9S"]}
    assert give.secret is None, "gifts are public"
    assert sorted(game.hands[0]) == ["9C", "9H", "9S", "KD"] and game.hands[1] == ["2S"]
    assert game.turn == 0


def test_go_fish_you_draw_and_the_turn_passes_to_the_one_who_said_it():
    game = state([["9H", "KD"], ["2S"], ["5D"]], stock=["4C", "3C"])
    events = ask(game, 0, 2, "9")
    assert [e.type for e in events] == ["ask", "go_fish", "draw"]
    draw = events[-1]
    assert draw.data == {"stock": 1} and draw.secret == {"card": "3C"} and draw.audience == (0,)
    assert game.turn == 2, "the next player is the one who said Go fish"


def test_drawing_the_asked_rank_is_shown_and_you_go_again():
    game = state([["9H", "KD"], ["2S"], ["5D"]], stock=["4C", "9D"])
    events = ask(game, 0, 1, "9")
    assert events[-1].data == {"stock": 1, "shown": "9D"} and events[-1].secret is None
    assert game.turn == 0


def test_books_from_the_deal_are_laid_at_once():
    sevens = ["7C", "7D", "7H", "7S", "2C", "3D", "4H"]
    others = [c for c in standard_deck() if c not in sevens]
    # two players, dealer 0: seat 1 gets the 1st, 3rd, ... card off the top (the end)
    dealt = [card for pair in zip(sevens, others[:7], strict=True) for card in pair]
    game, events = FISH.deal(DEFAULT, 2, 0, RiggedDeck(others[7:] + dealt[::-1]))
    assert game.books[1] == ["7"]
    book = next(e for e in events if e.type == "book")
    assert book.seat == 1 and book.data == {"rank": "7", "cards": ["7C", "7D", "7H", "7S"]}


def test_a_book_from_a_gift_is_laid_at_once():
    game = state([["7C", "7D", "2D"], ["7H", "7S", "3S"], ["5D"]])
    events = ask(game, 0, 1, "7")
    assert game.books[0] == ["7"] and game.hands[0] == ["2D"]
    assert [e.type for e in events] == ["ask", "give", "book"]


def test_a_book_from_a_draw_is_laid_at_once():
    game = state([["7C", "7D", "7H", "2D"], ["3S"], ["5D"]], stock=["4C", "7S"])
    events = ask(game, 0, 1, "7")
    assert game.books[0] == ["7"] and game.hands[0] == ["2D"]
    assert [e.type for e in events] == ["ask", "go_fish", "draw", "book"]
    assert game.turn == 0, "the asked rank was drawn"


def test_first_empty_the_game_ends_when_a_hand_is_empty():
    game = state([["9H", "2D"], ["9C"], ["5D", "3S"]], stock=["4C", "3D"])
    events = ask(game, 0, 1, "9")
    assert game.hands[1] == [], "seat 1 gave her last card"
    assert events[-1].type == "round_over"
    assert FISH.to_act(game) == [] and FISH.result(game) is not None


def test_first_empty_the_game_ends_when_the_stock_runs_out():
    game = state([["9H", "2D"], ["3S"], ["5D"]], stock=["4C"])
    events = ask(game, 0, 1, "9")
    assert game.stock == [] and events[-1].type == "round_over"


def test_most_books_wins_and_ties_share_the_win():
    game = state([["2D"], [], ["5D"]], stock=[], books=[["A", "K"], ["Q"], ["J", "10"]])
    game.turn = None
    result = FISH.result(game)
    assert result.winners == (0, 2) and result.losers == (1,)


def test_all_books_an_empty_hand_draws_as_her_turn_starts():
    game = state([["9H", "2D"], ["9C"], ["5D"]], stock=["3D", "KH"], end="all_books")
    ask(game, 0, 1, "9")  # a gift empties seat 1's hand; seat 0 goes again
    assert game.hands[1] == [] and game.turn == 0
    events = ask(game, 0, 1, "2")  # seat 1 says "Go fish", seat 0 draws KH
    assert game.turn == 1
    assert events[-1].type == "draw" and events[-1].seat == 1
    assert events[-1].audience == (1,) and game.hands[1] == ["3D"]


def test_all_books_an_empty_hand_sits_out_when_the_stock_is_empty_too():
    game = state([["9H", "9D"], ["9C"], ["5D"]], stock=[], end="all_books")
    ask(game, 0, 1, "9")
    events = ask(game, 0, 1, "9")  # "Go fish" from an empty hand, and no stock to draw
    assert [e.type for e in events] == ["ask", "go_fish"]
    assert game.turn == 2, "seat 1 sits out"


def test_all_books_the_game_ends_with_the_thirteenth_book():
    books = [["A", "2", "3", "4", "5", "6"], ["7", "8", "9", "10", "J", "Q"], []]
    game = state([["KH", "KD"], ["KC", "KS"], []], stock=[], books=books, end="all_books")
    events = ask(game, 0, 1, "K")
    assert game.books[0][-1] == "K"
    assert events[-1].type == "round_over"
    assert FISH.result(game).winners == (0,)


def test_all_books_a_full_cycle_of_vain_asks_with_the_stock_empty_ends_the_game():
    """RULES.md: once the stock is empty, a full cycle of turns in which no card changes
    hands ends the round, scored by books."""
    books = [["A", "2"], ["3"], []]
    game = state([["9H", "5C"], ["7D"], ["KC"]], stock=[], books=books, end="all_books")
    ask(game, 0, 1, "9")  # go fish: seat 1's turn
    ask(game, 1, 2, "7")  # go fish: seat 2's turn
    assert game.turn == 2 and FISH.result(game) is None
    events = ask(game, 2, 0, "K")  # the third vain ask: every holder has had a turn
    assert events[-1].type == "round_over"
    assert FISH.result(game).winners == (0,)


def test_all_books_a_gift_starts_the_cycle_again():
    game = state([["9H", "5C"], ["7D", "5D"], ["KC"]], stock=[], end="all_books")
    ask(game, 0, 1, "9")  # vain
    ask(game, 1, 0, "5")  # a gift: the count starts again
    ask(game, 1, 2, "7")  # vain
    ask(game, 2, 1, "K")  # vain
    assert FISH.result(game) is None


def test_a_gift_lists_its_cards_sorted_not_in_the_givers_order():
    game = state([["9H"], ["9S", "5C", "9C", "9D"]])
    events = ask(game, 0, 1, "9")
    assert events[1].data["cards"] == ["9C", "9D", "9S"]


@pytest.mark.parametrize("level", ["basic", "random"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_all_books_bots_always_finish(level, players):
    """Once, three basic bots asked each other in vain forever (19 seeds of 20)."""
    from service import bots

    longest = 0
    for seed in range(20):
        rng = Rng(seed)
        game, events = FISH.deal(ALL_BOOKS, players, 0, rng)
        memory = {}
        bots.remember("go-fish", memory, events)
        moves = 0
        while FISH.result(game) is None and moves < 2_000:
            seat = game.turn
            legal = FISH.legal_moves(game, seat)
            move = bots.choose("go-fish", level, FISH.view(game, seat), legal, memory, rng)
            bots.remember("go-fish", memory, play(FISH, game, seat, move, rng))
            moves += 1
        assert FISH.result(game) is not None, f"seed {seed} did not end"
        longest = max(longest, moves)
    print(f"longest {level} game of {players}: {longest} moves")


def test_the_basic_bot_does_not_repeat_an_ask_answered_go_fish():
    from service import bots

    memory = {}
    bots.remember(
        "go-fish",
        memory,
        [Event("ask", 0, {"seat": 1, "rank": "9"}), Event("go_fish", 1, {"to_seat": 0})],
    )
    players = [FishPlayer(seat=0, cards=3, books=[]), FishPlayer(1, 9, []), FishPlayer(2, 2, [])]
    view = GoFishView(
        dealer=0, turn=0, hand=["9H", "9D", "5C"], stock=3, players=players, winners=None
    )
    legal = [Ask(seat=other, rank=wanted) for other in (1, 2) for wanted in ("5", "9")]
    assert bots.choose("go-fish", "basic", view, legal, memory, Rng(1)) == Ask(seat=2, rank="9")
    drew = Event("draw", 1, {"stock": 3}, {"card": "9C"}, (1,))
    bots.remember("go-fish", memory, [drew])
    again = bots.choose("go-fish", "basic", view, legal, memory, Rng(1))
    assert again.seat == 1, "after a draw she may hold it again"


def test_all_books_two_players_asking_each_other_in_vain_do_not_end_it_for_the_third():
    """The cycle is every holder's turn: A and B asking each other is not one."""
    game = state([["9H"], ["7D"], ["KC"]], stock=[], end="all_books")
    ask(game, 0, 1, "9")  # vain: seat 1's turn
    ask(game, 1, 0, "7")  # vain: seat 0's turn
    ask(game, 0, 1, "9")  # vain again: seat 2 has not had a turn
    assert FISH.result(game) is None
