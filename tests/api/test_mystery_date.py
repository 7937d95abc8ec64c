"""Mystery Date through the API: the board the catalogue draws, a whole round of a human
seat and two basic bots with every view checked against a model kept from the seat's
own log, and a match of bots alone that the reads drive to its end and that
``service.verify`` re-derives from its record."""

import random
from collections import Counter

from service import verify
from service.bots.mystery_date import advances, least_needed

from .table import Table, bearer

COLOURS = ("pink", "green", "blue", "orange")
DATES = {"pink": "formal_dance", "green": "bowling", "blue": "skiing", "orange": "beach"}
# After each door, clockwise (RULES.md); the fourth is a door with ``mid_side_doors``.
SIDE = ["take", "take", "swap_right", "take_either", "swap_left", "take", "swap_any"]
START = {2: [0, 16], 3: [0, 8, 16], 4: [0, 8, 16, 24]}
CARDS = 48
HAND_LIMIT = 6
SEED = 2084  # the human seat meets every phase and a dud; the draw pile runs out
# The choice a space asks for when the turn does not end at once.
CHOICE_ON = {
    "take": "discard",  # above six cards
    "take_either": "pile",
    "swap_right": "give",
    "swap_left": "give",
    "swap_any": "give",
    "door": "outfit",  # ready for two dates
}
BOTS_SEED = 1982  # 500 events and more: duds, reshuffles, many stops on a middle door


def catalogue_entry(client) -> dict:
    games = client.get("/v1/catalog").json["games"]
    return next(game for game in games if game["slug"] == "mystery-date")


def spaces(board, mid_side_doors) -> list[str]:
    """Each space's kind, as the catalogue's board says, with or without the option."""
    return [
        "door" if space["door_with_mid_side_doors"] and mid_side_doors else space["kind"]
        for space in board
    ]


def test_the_catalogue_draws_the_board_and_the_deck(client):
    entry = catalogue_entry(client)
    assert entry["players"] == {"min": 2, "max": 4, "by_default": {"min": 2, "max": 4}}
    options = {option["name"]: option for option in entry["options"]}
    assert options["mid_side_doors"]["default"] is False
    assert options["mid_side_doors"]["allowed"] == [False, True]
    deck = entry["deck"]
    assert deck["cards"] == sorted(f"{c}-{n}" for c in COLOURS for n in (1, 2, 3))
    assert deck["copies"] == 4 and deck["dates"] == DATES
    board = deck["board"]
    assert [space["index"] for space in board] == list(range(32))
    assert [space["index"] for space in board if space["kind"] == "door"] == [0, 8, 16, 24]
    assert spaces(board, False) == (["door", *SIDE]) * 4
    mid_doors = [space["index"] for space in board if space["door_with_mid_side_doors"]]
    assert mid_doors == [0, 4, 8, 12, 16, 20, 24, 28]
    assert {board[index]["kind"] for index in (4, 12, 20, 28)} == {"take_either"}
    assert {board[index]["label"] for index in (1, 9, 17, 25)} == {"Take 2 cards"}
    assert all(space["label"] for space in board)


class Model:
    """What a seat knows of the round, kept from its own log alone: every piece's
    position, every hand's size, its own hand, the whole discard pile (every card in it
    was face up), the draw pile's size, the last door, the winner."""

    def __init__(self, seat, players, board, mid_side_doors):
        self.seat, self.kinds = seat, spaces(board, mid_side_doors)
        self.positions = list(START[players])
        self.cards = [0] * players
        self.hand: list[str] = []
        self.discards: list[str] = []
        self.draw_pile = None
        self.given = None  # (to seat, the card if this seat may know it) until the take
        self.last_door = None
        self.outcomes = Counter()  # of the doors opened, by outcome
        self.reshuffles = 0
        self.winner = None
        self.seq = 0
        self.seen = Counter()  # events of each type

    def read(self, events):
        for event in events:
            assert event["seq"] == self.seq + 1, "the log has no gaps"
            self.seq = event["seq"]
            self.seen[event["type"]] += 1
            getattr(self, f"on_{event['type']}", lambda seat, data: None)(
                event["seat"], event["data"]
            )

    def on_deal(self, seat, data):
        self.cards = list(data["counts"])
        assert self.cards == [2] * len(self.cards), "two cards each"

    def on_hand(self, seat, data):
        assert ("hand" in data) == (seat == self.seat), "a dealt hand is told its holder only"
        if seat == self.seat:
            self.hand = list(data["hand"])

    def on_piles(self, seat, data):
        # the deal, a reshuffle and a refill all leave one card face up
        assert data["discard_pile"] == 1 and data["top"] is not None, data
        if self.discards:  # an empty draw pile: the discards shuffled but the top one
            self.reshuffles += 1
            assert data["top"] == self.discards[-1]
            assert data["draw_pile"] == len(self.discards) - 1
        elif self.draw_pile is not None:  # an empty discard pile: the draw pile's top
            assert data["draw_pile"] == self.draw_pile - 1
        self.discards, self.draw_pile = [data["top"]], data["draw_pile"]

    def on_roll(self, seat, data):
        assert 1 <= data["die"] <= 6
        assert data["position"] == (self.positions[seat] + data["die"]) % 32, "clockwise"
        assert data["space"] == self.kinds[data["position"]], "the catalogue's board"
        self.positions[seat] = data["position"]

    def on_draw(self, seat, data):
        self.cards[seat] += data["count"]
        self.draw_pile = data["draw_pile"]
        assert ("cards" in data) == (seat == self.seat), "a draw is told its drawer only"
        if seat == self.seat:
            assert len(data["cards"]) == data["count"]
            self.hand += data["cards"]

    def on_discard(self, seat, data):
        self.cards[seat] -= 1
        self.discards.append(data["card"])
        if seat == self.seat:
            self.hand.remove(data["card"])

    def on_take_discard(self, seat, data):
        assert self.discards.pop() == data["card"], "the top of the discard pile"
        self.cards[seat] += 1
        if seat == self.seat:
            self.hand.append(data["card"])

    def on_give(self, seat, data):
        told = self.seat in (seat, data["to_seat"])
        assert ("card" in data) == told, "a given card is told the two seats of the swap"
        self.cards[seat] -= 1  # face down, in no hand until the take
        self.given = (data["to_seat"], data.get("card"))
        if seat == self.seat:
            self.hand.remove(data["card"])

    def on_take(self, seat, data):
        to_seat, given = self.given
        assert data["from_seat"] == to_seat, "the take is from the seat given to"
        told = self.seat in (seat, data["from_seat"])
        assert ("card" in data) == told, "a taken card is told the two seats of the swap"
        self.cards[seat] += 1  # the opponent loses one and gets the given one
        if seat == self.seat:
            self.hand.append(data["card"])
        if data["from_seat"] == self.seat:
            self.hand.remove(data["card"])
            self.hand.append(given)
        self.given = None

    def on_door(self, seat, data):
        assert data["cards"] == [f"{data['colour']}-{n}" for n in (1, 2, 3)]
        assert data["outcome"] in (*DATES.values(), "dud")
        self.last_door = {"seat": seat, "colour": data["colour"], "outcome": data["outcome"]}
        self.outcomes[data["outcome"]] += 1
        if data["outcome"] == "dud":  # the outfit goes to the discards; a draw follows
            self.cards[seat] -= 3
            self.discards += data["cards"]
            if seat == self.seat:
                for card in data["cards"]:
                    self.hand.remove(card)

    def on_won(self, seat, data):
        assert self.last_door == {
            "seat": seat,
            "colour": next(c for c, date in DATES.items() if date == data["date"]),
            "outcome": data["date"],
        }, "won at the door just opened, on the matching date"
        self.winner = data["winner"]

    def check(self, view):
        """The view against the model: nothing missing, nothing different."""
        assert view["players"] == [
            {"seat": seat, "cards": cards, "position": position}
            for seat, (cards, position) in enumerate(zip(self.cards, self.positions, strict=True))
        ]
        if self.seat is None:  # a spectator
            assert view["hand"] is None and view["ready"] is None
        else:
            assert view["hand"] == sorted(self.hand)
            assert len(view["hand"]) == self.cards[self.seat]
            assert view["ready"] == [
                c for c in COLOURS if all(f"{c}-{n}" in self.hand for n in (1, 2, 3))
            ]
        assert view["top_discard"] == self.discards[-1]
        assert view["discard_pile"] == len(self.discards)
        assert view["draw_pile"] == self.draw_pile
        waiting = 1 if self.given else 0
        assert view["draw_pile"] + len(self.discards) + sum(self.cards) + waiting == CARDS
        assert view["last_door"] == self.last_door
        assert view["winner"] == self.winner


def expected_moves(view, model) -> list[dict]:
    """The legal moves of the seat to act in each phase, from the view and the model."""
    hand, phase = sorted(set(view["hand"])), view["phase"]
    if phase == "roll":
        return [{"type": "roll"}]
    if phase == "discard":
        assert len(view["hand"]) > HAND_LIMIT, "discards down to six only"
        return [{"type": "discard", "card": card} for card in hand]
    if phase == "give":
        return [
            {"type": "give", "card": card, "seat": other}
            for other in view["swap_with"]
            for card in hand
        ]
    if phase == "take":
        (other,) = view["swap_with"]
        assert other == model.given[0]
        return [
            {"type": "take", "from_seat": other, "position": position}
            for position in range(model.cards[other])  # the given card is not takeable
        ]
    if phase == "pile":  # the discard pile is empty only when no card is left to draw
        return [{"type": "draw"}, *([{"type": "take_discard"}] if model.discards else [])]
    assert phase == "outfit" and len(view["ready"]) > 1, "a choice only of two dates or more"
    return [{"type": "show", "colour": colour} for colour in view["ready"]]


def sensible(view, rng) -> dict:
    """Like the basic bot: give away and discard the card needed least, take the known
    discard when it advances an outfit; a face-down position or an opponent at random."""
    moves = view["legal_moves"]
    if moves[0]["type"] in ("discard", "give"):
        worst = least_needed(view["hand"])
        return rng.choice([move for move in moves if move["card"] == worst])
    if moves[0]["type"] == "draw":
        return {"type": "take_discard" if advances(view["hand"], view["top_discard"]) else "draw"}
    return rng.choice(moves)


def test_a_human_and_two_basic_bots_play_a_round_to_a_won_date(client):
    board = catalogue_entry(client)["deck"]["board"]
    table = Table.create(
        client, type="mystery-date", players=1, seats=3, deal=False, think_seconds=0, seed=SEED
    )
    dealt = client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "basic"}, headers=bearer(table.host)
    )
    assert dealt.status_code == 200, dealt.json
    assert [seat["bot"] for seat in dealt.json["seats"]] == [None, "basic", "basic"]
    model, rng = Model(0, 3, board, mid_side_doors=False), random.Random(SEED)
    phases, doors_shown = Counter(), 0
    for _ in range(1_000):
        view = table.view(0).json  # a read: the bots' moves due are applied first
        model.read(table.events(0, after=model.seq).json["events"])
        if view["status"] == "playing" and view["turn"] != 0:
            continue  # the bots' moves left for the next read (a request's budget)
        model.check(view)
        if model.last_door is not None:
            doors_shown += 1
        if view["status"] != "playing":
            break
        assert view["to_act"] == [0]
        assert view["legal_moves"] == expected_moves(view, model), view["phase"]
        phases[view["phase"]] += 1
        move = sensible(view, rng)
        answer = table.move(0, move)
        assert answer.status_code == 201, (move, answer.json)
        own, *_ = made = [event for event in answer.json["events"] if event["by"]]
        assert (
            own["seat"] == 0
            and own["by"] == "player"
            and own["type"] == {"show": "door"}.get(move["type"], move["type"])
        ), own
        if move["type"] == "roll":  # the space acts at once, or asks for a choice
            space = own["data"]["space"]
            after = answer.json["view"]
            if after["turn"] == 0 and made == [own]:  # still her turn, no bot moved since
                assert after["phase"] == CHOICE_ON[space], (space, after["phase"])
    else:
        raise AssertionError("the round did not end")

    summary = table.summary().json
    assert summary["status"] == "round_over", "one round; the host ends the match"
    assert view["phase"] == "over" and view["legal_moves"] == [] and view["turn"] is None
    assert model.seen["won"] == 1 and model.winner is not None
    assert view["last_door"]["outcome"] == DATES[view["last_door"]["colour"]]
    assert [seat["rounds_won"] for seat in summary["seats"]] == [
        int(seat == model.winner) for seat in range(3)
    ]
    assert doors_shown, "a door opened, and the views showed it"
    # the seed makes the human seat meet every phase, and the round all of this
    assert set(phases) == {"roll", "discard", "give", "take", "pile", "outfit"}, phases
    assert model.outcomes["dud"] and model.reshuffles, (model.outcomes, model.reshuffles)
    assert model.seen["take_discard"] and model.seen["nothing"], model.seen


def test_four_bots_play_to_the_end_and_verify_agrees(client):
    board = catalogue_entry(client)["deck"]["board"]
    table = Table.create(
        client,
        type="mystery-date",
        options={"mid_side_doors": True},
        players=0,
        seats=4,
        deal=False,
        think_seconds=0,
        seed=BOTS_SEED,
    )
    dealt = client.post(
        f"/v1/games/{table.id}/deal", json={"fill_with_bots": "basic"}, headers=bearer(table.host)
    )
    assert dealt.status_code == 200, dealt.json
    for _ in range(500):  # each read applies the bots' moves due, a bounded number of them
        summary = table.summary().json
        if summary["status"] != "playing":
            break
    else:
        raise AssertionError("the bots did not end the round")
    assert summary["status"] == "round_over"
    spectator = Model(None, 4, board, mid_side_doors=True)
    spectator.read(all_events(table))
    spectator.check(table.view().json)
    assert spectator.seen["won"] == 1 and spectator.seq > 500
    assert spectator.outcomes["dud"] and spectator.reshuffles
    rolled = [event["data"] for event in all_events(table) if event["type"] == "roll"]
    assert any(roll["position"] % 8 == 4 and roll["space"] == "door" for roll in rolled), (
        "a piece stopped on a middle door"
    )
    winner = spectator.winner
    assert [seat["rounds_won"] for seat in summary["seats"]] == [
        int(seat == winner) for seat in range(4)
    ]
    table.end()
    summary, log = table.summary().json, all_events(table)
    assert summary["status"] == "finished" and log[-1]["type"] == "game_over"
    draws = [event for event in log if event["type"] == "draw"]
    assert draws and all("cards" in event["data"] for event in draws), "now all is revealed"
    assert verify.verify(summary, log) == []


def all_events(table, seat=None) -> list[dict]:
    """The whole log as ``seat`` sees it, page by page."""
    log: list[dict] = []
    while True:
        page = table.events(seat, after=len(log), limit=500).json
        log += page["events"]
        if len(log) >= page["last_seq"]:
            return log
