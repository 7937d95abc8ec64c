"""Hidden information: no response to a seat (view, move answer, events, summary, error)
names a card that seat could not have seen, nor the seed of a live game."""

import json
import random
import re
import uuid

import pytest
from sqlalchemy import select

from service.store.models import Game
from tests.push.spoons_bench import Player

from .table import Table, bearer

CARD = re.compile(r"^(?:(?:A|[2-9]|10|J|Q|K)[CDHS]|JK|G[1-6]-[MF]-\d\d)$")
# Every game and preset, at a few table sizes: (type, options, players).
CONFIGURATIONS = [
    ("old-maid", {}, 2),
    ("old-maid", {}, 3),
    ("old-maid", {}, 4),
    ("old-maid", {"preset": "family"}, 5),
    ("old-maid", {"preset": "family", "remove_queens": 1, "pair_by": "rank_and_colour"}, 8),
    ("old-maid", {"odd_card": "joker"}, 3),
    ("old-maid", {"odd_card": "jack", "pair_by": "rank_and_colour"}, 4),
    ("blind-date", {}, 4),
    ("blind-date", {}, 7),
    # a target out of reach, so the round ends the way rounds do, before the match
    ("crazy-eights", {"target_score": 10_000}, 2),
    ("crazy-eights", {"target_score": 10_000}, 3),
    ("crazy-eights", {"target_score": 10_000, "partnership": True}, 4),
    ("go-fish", {}, 2),
    ("go-fish", {}, 5),
    ("go-fish", {"end": "all_books"}, 4),
    # everybody at once; a passed card is known to the passer and the receiver only
    ("spoons", {}, 4),
    ("spoons", {"signal": "tongue", "pass_after_signal": True}, 5),
    ("spoons", {"signal": "pig", "lives": 2}, 3),  # lives 1 at 3 seats: finished at once
]
SEED = 918_273_645_546_372_819


def card_strings(value):
    """Every string in a JSON document, keys included, that is a card id."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(card_strings(k) | card_strings(v) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(card_strings(item) for item in value))
    return set()


def round_state(app, game_id) -> dict:
    """The engine's state, read behind the API's back: the ground truth of who holds what."""
    with app.extensions["db_sessions"]() as session:
        return session.scalars(select(Game.state).where(Game.id == uuid.UUID(game_id))).one()


def responses_to(table, seat, after):
    """Everything a seat (None: a spectator) can ask for, plus a refused request; the
    events since ``after`` (earlier ones were checked when they were new)."""
    headers = bearer(table.tokens[seat]) if seat is not None else {}
    client = table.client
    answers = [
        client.get(f"/v1/games/{table.id}/view", headers=headers),
        client.get(f"/v1/games/{table.id}/events?after={after}&limit=500", headers=headers),
        client.post(f"/v1/games/{table.id}/moves", json={"type": "peek"}, headers=headers),
    ]
    if seat is None:  # the same for everyone
        answers += [table.summary(), client.get("/v1/games?status=playing")]
    return [answer.get_data(as_text=True) for answer in answers]


def assert_nothing_hidden(text, allowed, who):
    shown = card_strings(json.loads(text))
    assert shown <= allowed, f"{who} was shown {sorted(shown - allowed)}"
    assert str(SEED) not in text, f"{who} was shown the seed of a live game"


def face_up(game_type, state, over) -> set[str]:
    """The cards on the table for all to see, from the engine's state (the ground truth)."""
    if game_type in ("old-maid", "blind-date"):
        shown = {card for pairs in state["pairs"] for pair in pairs for card in pair}
        shown |= set(state["discarded"])
    elif game_type == "crazy-eights":
        shown = set(state["discard"])
    elif game_type == "go-fish":  # books are laid face up
        shown = {rank + suit for books in state["books"] for rank in books for suit in "CDHS"}
    else:  # spoons: nothing is ever face up, not even when the round is over
        return set()
    if over and game_type != "go-fish":  # the odd card, or the hands counted for the score
        shown |= {card for hand in state["hands"] for card in hand}
    return shown


def known_to(game_type, state, seat) -> set[str]:
    """The cards a seat knows now: her hand, and in Spoons the cards passed to her, which
    wait in her pile (the pass shows the card to the passer and the receiver)."""
    known = set(state["hands"][seat])
    if game_type == "spoons":
        known |= set(state["piles"][seat])
    return known


def shown_by_move(game_type, before, after, move) -> set[str]:
    """Go Fish: gifts pass between hands in the open, and a drawn asked rank is shown."""
    if game_type != "go-fish":
        return set()
    shown = set()
    for seat, hand in enumerate(after["hands"]):
        others_before = {c for s, h in enumerate(before["hands"]) if s != seat for c in h}
        shown |= set(hand) & others_before
        drawn = (set(hand) - set(before["hands"][seat])) & set(before["stock"])
        shown |= {card for card in drawn if card[:-1] == move["rank"]}
    return shown


def play_one(table, chooser):
    """The seat to act plays a random legal move; where several act at once (Spoons), a
    random one of them plays like the players of the concurrency test (random moves
    take thousands to end a round)."""
    summary = table.summary().json
    if summary["turn"] is not None:
        return table.play_one(chooser.choice)
    seat = chooser.choice(summary["to_act"])
    move = Player(chooser).choose(table.view(seat).json)
    answer = table.move(seat, move)
    assert answer.status_code == 201, answer.json
    return seat, move, answer


@pytest.mark.parametrize("game_type,options,players", CONFIGURATIONS)
def test_no_seat_and_no_spectator_ever_sees_a_hidden_card(app, client, game_type, options, players):
    table = Table.create(
        client, type=game_type, options=options, players=players, seed=SEED + players
    )
    chooser = random.Random(players)
    seen_by = {seat: set() for seat in range(players)}  # cards each seat has held
    public = set()  # cards shown to all at some point
    last_answer, before, move = None, None, None
    checked = 0  # events up to here were checked for every seat when they were new
    while True:
        state = round_state(app, table.id)
        over = table.summary().json["status"] != "playing"
        public |= face_up(game_type, state, over)
        if before is not None:
            public |= shown_by_move(game_type, before, state, move)
        for seat in range(players):
            seen_by[seat] |= known_to(game_type, state, seat)
        for seat in [None, *range(players)]:
            allowed = public | seen_by.get(seat, set())
            for text in responses_to(table, seat, checked):
                assert_nothing_hidden(text, allowed, f"seat {seat}")
        checked = table.events().json["last_seq"]
        if last_answer is not None:
            mover, text = last_answer
            assert_nothing_hidden(text, public | seen_by[mover], f"mover {mover}")
        if over:
            break
        mover, move, answer = play_one(table, chooser)
        last_answer, before = (mover, answer.get_data(as_text=True)), state
    assert table.summary().json["status"] == "round_over"
    if game_type == "spoons":
        assert_each_pass_shown_to_its_two_seats_only(table, players)


def assert_each_pass_shown_to_its_two_seats_only(table, players):
    """A seat that once held a card may see it again; this proves more: each passed card
    is in the log of the passer and the receiver only, each picked card the picker's,
    each hand its holder's; no third seat and no spectator learns it."""
    logs = {seat: table.events(seat).json["events"] for seat in [None, *range(players)]}
    passes = [event for event in logs[None] if event["type"] == "pass"]
    assert passes and len({len(log) for log in logs.values()}) == 1
    for seat, log in logs.items():
        for event in log:
            if event["type"] == "pass":
                told = seat in (event["seat"], event["data"]["to_seat"])
                assert ("card" in event["data"]) == told, (seat, event)
            elif event["type"] == "pick":
                assert ("card" in event["data"]) == (seat == event["seat"]), (seat, event)
            elif event["type"] == "hand":
                assert ("hand" in event["data"]) == (seat == event["seat"]), (seat, event)


def test_once_finished_the_log_reveals_everything(app, client):
    table = Table.create(client, players=3, seed=SEED)
    table.play_round()
    assert str(SEED) not in table.events(None).get_data(as_text=True), "not while live"
    table.end()
    spectator_log = table.events(None).json["events"]
    takes = [event for event in spectator_log if event["type"] == "take"]
    assert takes and all("card" in event["data"] for event in takes)
    hands = [event for event in spectator_log if event["type"] == "hand"]
    assert all("hand" in event["data"] for event in hands)
    assert spectator_log[-1]["data"]["seed"] == str(SEED)


def test_a_seat_changing_hands_during_a_read_leaks_nothing(app, client, monkeypatch):
    """A reader's seat is read with the game; events after it are left for the next look.
    Here, between the two, seat 1 leaves the waiting table (seat 2 becomes seat 1), a
    player joins and the host deals: the reader, still seat 2 for this read, must not get
    the hand of the new seat 2."""
    import uuid

    from service.store import reads, tables

    table = Table.create(client, players=3, deal=False, seed=90)
    game_id = uuid.UUID(table.id)
    real_page = reads.events_page

    def page_after_a_change(*args, **kwargs):
        monkeypatch.setattr(reads, "events_page", real_page)
        with app.extensions["db_sessions"]() as other:  # another request, meanwhile
            tables.leave(other, game_id, table.tokens[1])
            tables.join(other, game_id, {"name": "late"}, None, "10.0.0.9")
            tables.deal(other, game_id, table.host)
        return real_page(*args, **kwargs)

    monkeypatch.setattr(reads, "events_page", page_after_a_change)
    page = table.events(2).json
    assert [event for event in page["events"] if event["type"] == "hand"] == []
    log = table.events(2).json["events"]
    assert [e["seat"] for e in log if e["type"] == "hand" and "hand" in e["data"]] == [1]
