"""Hidden information: no response to a seat (view, move answer, events, summary, error)
names a card that seat could not have seen, nor the seed of a live game.

Mystery Date has four copies of each outfit card, so a card id a seat has seen before is
no proof that an answer keeps a secret: its answers are checked one by one, each card in
them where the seat may see it (its own hand, the public events, its own swaps)."""

import itertools
import json
import random
import re
import uuid
from collections import Counter

import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from service.bots.mystery_date import advances, least_needed
from service.store.models import Game
from tests.push.spoons_bench import Player

from .table import Table, bearer

CARD = re.compile(
    r"^(?:(?:A|[2-9]|10|J|Q|K)[CDHS]|JK|G[1-6]-[MF]-\d\d|(?:pink|green|blue|orange)-[123])$"
)
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
    # draws private, discards and doors public, a swap's two cards to its two seats
    ("mystery-date", {}, 2),
    ("mystery-date", {}, 3),
    ("mystery-date", {"mid_side_doors": True}, 4),
]
SEED = 918_273_645_546_372_819
SEATS_AT_ONCE = 4  # seats whose every answer is checked after a turn at a bigger table


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
    with Session(app.extensions["db_engine"]) as session:
        return session.scalars(select(Game.state).where(Game.id == uuid.UUID(game_id))).one()


def responses_to(table, seat, after, last_seq, all_of_them=True):
    """The events since ``after`` (earlier ones were checked when they were new) that a
    seat (None: a spectator) may read; and with ``all_of_them`` everything else it can
    ask for, a refused request, and the view a stream opened at ``last_seq``, the log's
    end, begins with."""
    headers = bearer(table.tokens[seat]) if seat is not None else {}
    client = table.client
    answers = [table.events(seat, after)]
    if all_of_them:
        answers += [
            client.get(f"/v1/games/{table.id}/view", headers=headers),
            client.get(f"/v1/games/{table.id}/events?after={after}&view=1", headers=headers),
            client.post(f"/v1/games/{table.id}/moves", json={"type": "peek"}, headers=headers),
        ]
    if seat is None:  # the same for everyone
        answers += [table.summary(), client.get("/v1/games?status=playing")]
    texts = [answer.get_data(as_text=True) for answer in answers]
    if all_of_them:
        texts.append(first_view_of_stream(client, table.id, headers, last_seq))
    return texts


def first_view_of_stream(client, game_id, headers, after) -> str:
    """The data of a stream's first view message (its JSON text)."""
    url = f"/v1/games/{game_id}/stream?view=1&after={after}"
    answer = client.get(url, headers=headers, buffered=False)
    text = ""
    try:
        for chunk in answer.response:
            text += chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.endswith("\n\n") and "event: view\n" in text:
                return text.split("event: view\ndata: ", 1)[1].strip()
    finally:
        answer.close()
    raise AssertionError(f"no view in the stream: {text!r}")


def in_the_lobby(app, table):
    """Makes a seeded (so private) table public behind the API's back, as one seeded
    before seeds were kept to private tables: its lobby entry is then checked too."""
    with app.extensions["db_engine"].begin() as connection:
        connection.execute(
            update(Game).where(Game.id == uuid.UUID(table.id)).values(visibility="public")
        )
    lobby = table.client.get("/v1/games?status=playing").json["games"]
    assert [game["id"] for game in lobby] == [table.id]


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
    elif game_type == "mystery-date":  # discards, and the outfit shown at the last door
        door = state["last_door"]
        shown = set(state["discard"])
        return shown | ({f"{door['colour']}-{n}" for n in (1, 2, 3)} if door else set())
    else:  # spoons: nothing is ever face up, not even when the round is over
        return set()
    if over and game_type != "go-fish":  # the odd card, or the hands counted for the score
        shown |= {card for hand in state["hands"] for card in hand}
    return shown


def known_to(game_type, state, seat) -> set[str]:
    """The cards a seat knows now: her hand, and in Spoons the cards passed to her, which
    wait in her pile (the pass shows the card to the passer and the receiver); in Mystery
    Date the card given to her face down in a swap, not yet in her hand (the giver held
    it, and the card she takes was in her opponent's hand before)."""
    known = set(state["hands"][seat])
    if game_type == "spoons":
        known |= set(state["piles"][seat])
    if game_type == "mystery-date" and state["phase"] == "take" and state["swap_with"] == [seat]:
        known.add(state["given"])
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
    take thousands to end a round); in Mystery Date (random discards take hundreds of
    turns more) the seat to act plays like its basic bot."""
    summary = table.summary().json
    if summary["turn"] is not None and summary["type"] != "mystery-date":
        return table.play_one(chooser.choice)
    seat = chooser.choice(summary["to_act"])
    if summary["type"] == "mystery-date":
        move = sensible_outfit_move(table.view(seat).json, chooser)
    else:
        move = Player(chooser).choose(table.view(seat).json)
    answer = table.move(seat, move)
    assert answer.status_code == 201, answer.json
    return seat, move, answer


def seats_checked(players, turn, over) -> set[int]:
    """The seats all of whose answers are checked after a turn (the others' new events
    only): at a big table ``SEATS_AT_ONCE`` of them in turn, and all of them at the end."""
    if over or players <= SEATS_AT_ONCE:
        return set(range(players))
    return {(turn * SEATS_AT_ONCE + at) % players for at in range(SEATS_AT_ONCE)}


@pytest.mark.parametrize("game_type,options,players", CONFIGURATIONS)
def test_no_seat_and_no_spectator_ever_sees_a_hidden_card(app, client, game_type, options, players):
    table = Table.create(
        client, type=game_type, options=options, players=players, seed=SEED + players
    )
    in_the_lobby(app, table)
    chooser = random.Random(players)
    seen_by = {seat: set() for seat in range(players)}  # cards each seat has held
    public = set()  # cards shown to all at some point
    last_answer, before, move = None, None, None
    checked = 0  # events up to here were checked for every seat when they were new
    for turn in itertools.count():
        state = round_state(app, table.id)
        over = table.summary().json["status"] != "playing"
        public |= face_up(game_type, state, over)
        if before is not None:
            public |= shown_by_move(game_type, before, state, move)
        for seat in range(players):
            seen_by[seat] |= known_to(game_type, state, seat)
        last_seq = table.events(limit=1).json["last_seq"]
        whole = seats_checked(players, turn, over)
        for seat in [None, *range(players)]:
            allowed = public | seen_by.get(seat, set())
            texts = responses_to(table, seat, checked, last_seq, seat is None or seat in whole)
            for text in texts:
                assert_nothing_hidden(text, allowed, f"seat {seat}")
                if game_type == "mystery-date":
                    assert outfit_leaks(json.loads(text), seat, state) == [], f"seat {seat}"
        checked = last_seq
        if last_answer is not None:
            mover, text = last_answer
            assert_nothing_hidden(text, public | seen_by[mover], f"mover {mover}")
            if game_type == "mystery-date":
                answer = json.loads(text)
                problems = outfit_leaks(answer, mover, state) + secrets_told(answer, mover, state)
                assert problems == [], f"mover {mover}"
        if over:
            break
        mover, move, answer = play_one(table, chooser)
        last_answer, before = (mover, answer.get_data(as_text=True)), state
    assert table.summary().json["status"] == "round_over"
    if game_type == "spoons":
        assert_each_pass_shown_to_its_two_seats_only(table, players)
    if game_type == "mystery-date":  # the secrets the check was about did come up
        kinds = {event["type"] for event in table.events(None).json["events"]}
        assert kinds >= {"draw", "discard", "give", "take", "door", "won"}, kinds


# Mystery Date: each event's secret field, and the seats it is told to while the match
# is live (afterwards the log reveals everything); and the card fields all see.
OUTFIT_SECRETS = {
    "hand": ("hand", lambda event: {event["seat"]}),
    "draw": ("cards", lambda event: {event["seat"]}),  # draws are private
    "give": ("card", lambda event: {event["seat"], event["data"]["to_seat"]}),
    "take": ("card", lambda event: {event["seat"], event["data"]["from_seat"]}),
}
OUTFIT_FACE_UP = {"discard": "card", "take_discard": "card", "door": "cards", "piles": "top"}


def outfit_leaks(answer, seat, state) -> list[str]:
    """Where a Mystery Date answer to ``seat`` (None: a spectator) shows a card it may not
    see. Four copies of each card make a card id seen before no proof of anything, so
    each card must be where the seat may see one: in a view, its own hand (the holder's
    true hand, from the engine's state), the discard pile's top and the cards of its own
    legal moves; in an event, a face-up card, or a secret field told to the seat only if
    it is in that event's audience (and then told). Anywhere else no card id at all."""
    answer, problems = json.loads(json.dumps(answer)), []  # a copy, emptied as checked
    hand = None if seat is None else sorted(state["hands"][seat])
    views = [answer] if "legal_moves" in answer else []
    views += [answer["view"]] if isinstance(answer.get("view"), dict) else []
    for view in views:
        if view.pop("hand") != hand:
            problems.append(f"the view's hand is not the seat's own {hand}")
        if view.pop("top_discard") != (state["discard"] or [None])[-1]:
            problems.append("the view's top discard is not the discard pile's")
        if [player["cards"] for player in view["players"]] != list(map(len, state["hands"])):
            problems.append(f"the view's hand sizes are wrong: {view['players']}")
        for move in view["legal_moves"]:
            if move.pop("card", None) not in (None, *(hand or [])):
                problems.append(f"a legal move of a card not in the hand: {move}")
    for event in answer.get("events", []):
        data = event["data"]
        if event["type"] in OUTFIT_SECRETS:
            key, audience = OUTFIT_SECRETS[event["type"]]
            if (key in data) != (seat in audience(event)):
                problems.append(f"seat {seat} is {'' if key in data else 'not '}told {event}")
            data.pop(key, None)
        elif event["type"] in OUTFIT_FACE_UP:
            data.pop(OUTFIT_FACE_UP[event["type"]])
    if card_strings(answer):
        problems.append(f"cards where none may be: {sorted(card_strings(answer))} in {answer}")
    return problems


def secrets_told(answer, mover, state) -> list[str]:
    """The secrets in a move's answer to its mover are the true ones, nobody else's: the
    cards she drew or took are in her hand now (a discard is a move of its own), the card
    she gave waits to be taken."""
    hand, problems = Counter(state["hands"][mover]), []
    for event in answer["events"]:
        data = event["data"]
        if event["type"] == "draw" and Counter(data["cards"]) - hand:
            problems.append(f"drew {data['cards']}, holds {sorted(hand.elements())}")
        if event["type"] == "take" and data["card"] not in hand:
            problems.append(f"took {data['card']}, holds {sorted(hand.elements())}")
        if event["type"] == "give" and data["card"] != state["given"]:
            problems.append(f"gave {data['card']}, {state['given']} waits to be taken")
    return problems


def sensible_outfit_move(view, chooser):
    """Moves like the basic bot's: discard or give away the card needed least, take the
    discard when it advances an outfit; the rest (a face-down position, the opponent of
    "any", a pile, an outfit) at random."""
    moves = view["legal_moves"]
    if moves[0]["type"] in ("discard", "give"):
        worst = least_needed(view["hand"])
        return chooser.choice([move for move in moves if move["card"] == worst])
    if {"type": "take_discard"} in moves:
        return {"type": "take_discard" if advances(view["hand"], view["top_discard"]) else "draw"}
    return chooser.choice(moves)


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
    """A reader's seat and the page of events are read in one statement, so the page
    holds only what the game read knows of. Here, right after that statement, seat 1
    leaves the waiting table (seat 2 becomes seat 1), a player joins and the host deals:
    the reader, still seat 2 for this read, must not get the hand of the new seat 2."""
    import uuid

    from service.store import games, tables
    from service.store.unit import Unit

    table = Table.create(client, players=3, deal=False, seed=90)
    game_id = uuid.UUID(table.id)
    real_table = games._table

    def table_after_a_change(*args, **kwargs):
        monkeypatch.setattr(games, "_table", real_table)
        with Unit(app.extensions["db_engine"]) as other:  # another request, meanwhile
            tables.leave(other, game_id, table.tokens[1])
            tables.join(other, game_id, {"name": "late", "code": table.code}, None, "10.0.0.9")
            tables.deal(other, game_id, table.host)
        return real_table(*args, **kwargs)

    monkeypatch.setattr(games, "_table", table_after_a_change)
    page = table.events(2).json
    assert [event for event in page["events"] if event["type"] == "hand"] == []
    log = table.events(2).json["events"]
    assert [e["seat"] for e in log if e["type"] == "hand" and "hand" in e["data"]] == [1]
