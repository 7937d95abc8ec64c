"""docs/random.md for Spoons and Mystery Date, implemented again from its text (and the
rules of RULES.md) alone, importing nothing of the service's engine or bots: matches
played through the API on private seeded tables, by a human on the clock and autopilot
and by random and basic bots, are re-derived from the finished log and the revealed
seed. Every deal, first dealer, die, door, give's shuffle, reshuffle and automatic
player's draw must come out as logged."""

import hashlib
import hmac
import random
from collections import Counter
from datetime import timedelta

import pytest

from service.table import clock

from .table import Table, bearer
from .test_verify import keep_most, whole_log

SEED = 2026
SERVICE_EVENTS = {"joined", "vacated", "timeout", "resume", "left", "game_over", "round_abandoned"}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "CDHS"


class Stream:
    """The generator, docs/random.md items 1-4."""

    def __init__(self, seed: int) -> None:
        self.key, self.counter = str(seed).encode(), 0

    def below(self, n: int) -> int:
        while True:
            block = hmac.new(self.key, self.counter.to_bytes(8, "big"), hashlib.sha256)
            self.counter += 1
            x = int.from_bytes(block.digest()[:8], "big")
            if x < 2**64 - 2**64 % n:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def ev(type_: str, seat: int | None, **data) -> tuple:
    """An event as expected: its type, seat and the data the docs decide."""
    return type_, seat, data


# --- Spoons ------------------------------------------------------------------------


def showing(card: str) -> tuple[int, int]:
    """Showing order: by rank A 2 ... K, then suit C D H S."""
    return RANKS.index(card[:-1]), SUITS.index(card[-1])


class Spoons:
    def __init__(self, stream: Stream, seats: int, options: dict) -> None:
        self.stream, self.seats = stream, seats
        self.lives = [options["lives"]] * seats
        self.pass_after_signal = options["pass_after_signal"]
        self.turn_to_deal: int | None = None
        self.redrawn = Counter()  # a basic player's second draws, by the cards it had

    def in_play(self) -> list[int]:
        return [seat for seat in range(self.seats) if self.lives[seat]]

    def left_of(self, seat: int) -> int:
        return next(
            s % self.seats for s in range(seat + 1, seat + self.seats) if self.lives[s % self.seats]
        )

    def deal(self) -> list[tuple]:
        if self.turn_to_deal is None:  # the first deal draws the dealer
            self.turn_to_deal = self.stream.below(self.seats)
        else:
            self.turn_to_deal = (self.turn_to_deal + 1) % self.seats
        dealer = self.turn_to_deal
        if not self.lives[dealer]:
            dealer = self.left_of(dealer)
        deck = [rank + suit for rank in RANKS[: len(self.in_play())] for suit in SUITS]
        self.stream.shuffle(deck)
        self.hands = [[] for _ in range(self.seats)]
        self.piles = [[] for _ in range(self.seats)]
        self.signals, self.holder, seat = [], None, dealer
        while deck:  # from the end, round the players still in
            seat = self.left_of(seat)
            self.hands[seat].append(deck.pop())
        hands = [ev("hand", s, hand=sorted(h, key=showing)) for s, h in enumerate(self.hands)]
        return [ev("deal", None, dealer=dealer), *hands]

    def legal(self, seat: int) -> list[dict]:
        hand, signalled, moves = self.hands[seat], seat in self.signals, []
        if not signalled and (self.signals or four_of_a_kind(hand)):
            moves.append({"type": "signal"})
        if seat == self.holder and self.pass_after_signal:
            pile = self.piles[seat]
            return moves + ([{"type": "pass", "card": pile[0]}] if pile else [])
        if signalled and not self.pass_after_signal:
            return moves
        if len(hand) == 4:
            moves += [{"type": "pass", "card": card} for card in sorted(set(hand), key=showing)]
        elif self.piles[seat]:
            moves.append({"type": "pick"})
        return moves

    def basic(self, seat: int, moves: list[dict]) -> dict:
        if {"type": "signal"} in moves:
            return {"type": "signal"}
        cards = [move["card"] for move in moves if move["type"] == "pass"]
        if not cards:
            return moves[0]
        if self.stream.below(8) == 0:
            self.redrawn[len(cards)] += 1
            return {"type": "pass", "card": cards[self.stream.below(len(cards))]}
        held = Counter(card[:-1] for card in self.hands[seat])
        keep = max(held, key=lambda rank: (held[rank], -RANKS.index(rank)))
        return {"type": "pass", "card": next((c for c in cards if c[:-1] != keep), cards[0])}

    def apply(self, seat: int, move: dict) -> list[tuple]:
        if move["type"] == "signal":
            return self.signal(seat)
        if move["type"] == "pick":
            return [self.pick(seat)]
        if seat == self.holder and self.pass_after_signal:  # the card comes in, goes on
            return [self.pick(seat), self.pass_on(seat, move["card"])]
        return [self.pass_on(seat, move["card"])]

    def signal(self, seat: int) -> list[tuple]:
        if not self.signals and four_of_a_kind(self.hands[seat]):
            self.holder = seat
        self.signals.append(seat)
        events = [ev("signal", seat, order=len(self.signals))]
        waiting = [s for s in self.in_play() if s not in self.signals]
        if len(waiting) == 1:
            self.lives[waiting[0]] -= 1
            events.append(ev("round_over", None, loser=waiting[0], lives=list(self.lives)))
        return events

    def pick(self, seat: int) -> tuple:
        card = self.piles[seat].pop(0)
        self.hands[seat].append(card)
        return ev("pick", seat, card=card)

    def pass_on(self, seat: int, card: str) -> tuple:
        self.hands[seat].remove(card)
        self.piles[self.left_of(seat)].append(card)
        return ev("pass", seat, card=card, to_seat=self.left_of(seat))


def four_of_a_kind(hand: list[str]) -> bool:
    return len(hand) == 4 and len({card[:-1] for card in hand}) == 1


# --- Mystery Date ------------------------------------------------------------------

COLOURS = ["pink", "green", "blue", "orange"]
OUTCOMES = ["formal_dance", "bowling", "skiing", "beach", "dud"]  # pink's date first
# RULES.md: after each door, clockwise; the fourth is a door with mid_side_doors
SIDE = ["take", "take", "swap_right", "take_either", "swap_left", "take", "swap_any"]
TAKES = {1: 2, 2: 1, 6: 1}  # cards taken on each side's take spaces, by offset
START = {2: [0, 16], 3: [0, 8, 16], 4: [0, 8, 16, 24]}


def colour_of(card: str) -> str:
    return card.split("-")[0]


def complete(hand: list[str]) -> list[str]:
    return [c for c in COLOURS if all(f"{c}-{n}" in hand for n in (1, 2, 3))]


def least_needed(hand: list[str]) -> str:
    copies = Counter(hand)
    spare = sorted(card for card, count in copies.items() if count > 1)
    if spare:
        return spare[0]
    numbers = Counter(colour_of(card) for card in copies)
    return min(sorted(copies), key=lambda card: numbers[colour_of(card)])


class MysteryDate:
    def __init__(self, stream: Stream, seats: int, options: dict) -> None:
        self.stream, self.seats = stream, seats
        self.mid_side_doors = options["mid_side_doors"]
        self.dealer: int | None = None

    def deal(self) -> list[tuple]:
        first = self.dealer is None
        self.dealer = self.stream.below(self.seats) if first else (self.dealer + 1) % self.seats
        deck = [f"{c}-{n}" for c in COLOURS for n in (1, 2, 3) for _ in range(4)]
        self.stream.shuffle(deck)
        self.hands = [[] for _ in range(self.seats)]
        for i in range(2 * self.seats):  # from the top (the end), left of the dealer first
            self.hands[(self.dealer + 1 + i) % self.seats].append(deck.pop())
        self.discard, self.draw = [deck.pop()], deck
        self.positions = list(START[self.seats])
        self.turn, self.phase, self.swap_with = (self.dealer + 1) % self.seats, "roll", []
        hands = [ev("hand", s, hand=sorted(h)) for s, h in enumerate(self.hands)]
        return [ev("deal", None, dealer=self.dealer), *hands, self.piles()]

    def legal(self, seat: int) -> list[dict]:
        hand, phase = sorted(set(self.hands[seat])), self.phase  # text order
        if phase == "discard":
            return [{"type": "discard", "card": card} for card in hand]
        if phase == "give":
            return [{"type": "give", "card": c, "seat": s} for s in self.swap_with for c in hand]
        if phase == "take":
            (other,) = self.swap_with
            positions = range(len(self.hands[other]))
            return [{"type": "take", "from_seat": other, "position": p} for p in positions]
        if phase == "pile":
            return [{"type": "draw"}, {"type": "take_discard"}][: 2 if self.discard else 1]
        if phase == "outfit":
            return [{"type": "show", "colour": c} for c in complete(self.hands[seat])]
        return [{"type": "roll"}]

    def basic(self, seat: int, moves: list[dict]) -> dict:
        first, hand = moves[0], self.hands[seat]
        if first["type"] in ("discard", "give"):
            worst = least_needed(hand)
            return next(move for move in moves if move["card"] == worst)
        if first["type"] == "take":
            return moves[self.stream.below(len(moves))]
        if {"type": "take_discard"} in moves and self.discard[-1] not in hand:
            return {"type": "take_discard"}
        return first  # roll, draw (listed before take_discard) or the first outfit

    def apply(self, seat: int, move: dict) -> list[tuple]:
        kind = move["type"]
        if kind == "roll":
            return self.roll(seat)
        if kind == "discard":
            self.hands[seat].remove(move["card"])
            self.discard.append(move["card"])
            done = len(self.hands[seat]) <= 6
            return [ev("discard", seat, card=move["card"]), *(self.end_turn() if done else [])]
        if kind == "give":
            return self.give(seat, move["card"], move["seat"])
        if kind == "take":
            return self.take(seat, move["from_seat"], move["position"])
        if kind == "draw":
            return self.take_cards(seat, 1) + self.after_take(seat)
        if kind == "take_discard":
            card = self.discard.pop()
            self.hands[seat].append(card)
            return [ev("take_discard", seat, card=card), *self.refill(), *self.after_take(seat)]
        return self.open_door(seat, move["colour"])

    def roll(self, seat: int) -> list[tuple]:
        die = self.stream.below(6) + 1
        self.positions[seat] = position = (self.positions[seat] + die) % 32
        offset = position % 8
        door = offset == 0 or (offset == 4 and self.mid_side_doors)
        space = "door" if door else SIDE[offset - 1]
        events = [ev("roll", seat, die=die, position=position, space=space)]
        if space == "take":
            return events + self.take_cards(seat, TAKES[offset]) + self.after_take(seat)
        if space == "take_either":
            self.phase = "pile"
            return events
        if space.startswith("swap"):
            return events + self.start_swap(seat, space)
        ready = complete(self.hands[seat])
        if len(ready) > 1:
            self.phase = "outfit"
            return events
        return events + (self.open_door(seat, ready[0]) if ready else self.nothing(seat))

    def start_swap(self, seat: int, space: str) -> list[tuple]:
        others = {
            "swap_right": [(seat - 1) % self.seats],
            "swap_left": [(seat + 1) % self.seats],
            "swap_any": [s for s in range(self.seats) if s != seat],
        }[space]
        self.swap_with = [s for s in others if self.hands[s]]
        if not self.hands[seat] or not self.swap_with:
            return self.nothing(seat)
        self.phase = "give"
        return []

    def give(self, seat: int, card: str, other: int) -> list[tuple]:
        self.hands[seat].remove(card)
        self.given, self.swap_with, self.phase = card, [other], "take"
        self.stream.shuffle(self.hands[other])  # without the given card
        return [ev("give", seat, card=card, to_seat=other)]

    def take(self, seat: int, other: int, position: int) -> list[tuple]:
        card = self.hands[other].pop(position)
        self.hands[seat].append(card)
        self.hands[other].append(self.given)
        return [ev("take", seat, card=card, from_seat=other), *self.end_turn()]

    def open_door(self, seat: int, colour: str) -> list[tuple]:
        outcome = OUTCOMES[self.stream.below(5)]
        shown = [f"{colour}-{n}" for n in (1, 2, 3)]
        events = [ev("door", seat, colour=colour, cards=shown, outcome=outcome)]
        if outcome == OUTCOMES[COLOURS.index(colour)]:
            self.turn = None
            return events + [ev("won", seat, winner=seat, date=outcome)]
        if outcome == "dud":
            for card in shown:
                self.hands[seat].remove(card)
                self.discard.append(card)
            events += self.take_cards(seat, 3)
        return events + self.end_turn()

    def take_cards(self, seat: int, count: int) -> list[tuple]:
        cards, events = [], []
        for _ in range(count):
            if not self.draw and len(self.discard) > 1:  # reshuffled only when drawn from
                self.draw, self.discard = self.discard[:-1], self.discard[-1:]
                self.stream.shuffle(self.draw)
                events.append(self.piles())
            if not self.draw:
                break
            cards.append(self.draw.pop())
        self.hands[seat] += cards
        return [*events, ev("draw", seat, cards=cards, count=len(cards)), *self.refill()]

    def refill(self) -> list[tuple]:
        if self.discard or not self.draw:
            return []
        self.discard.append(self.draw.pop())
        return [self.piles()]

    def after_take(self, seat: int) -> list[tuple]:
        if len(self.hands[seat]) > 6:
            self.phase = "discard"
            return []
        return self.end_turn()

    def nothing(self, seat: int) -> list[tuple]:
        return [ev("nothing", seat), *self.end_turn()]

    def end_turn(self) -> list[tuple]:
        self.turn, self.phase, self.swap_with = (self.turn + 1) % self.seats, "roll", []
        return []

    def piles(self) -> tuple:
        top = self.discard[-1] if self.discard else None
        return ev("piles", None, draw_pile=len(self.draw), discard_pile=len(self.discard), top=top)


# --- a finished match, re-derived ---------------------------------------------------

GAMES = {"spoons": Spoons, "mystery-date": MysteryDate}
OWN_EVENT = {"door": "show"}  # the move whose own event has another name


def decode(own: dict) -> dict:
    """The move a move's own event (the one with a ``by``) logs."""
    kind, data = OWN_EVENT.get(own["type"], own["type"]), own["data"]
    fields = {
        "pass": ["card"],
        "discard": ["card"],
        "give": ["card"],
        "take": ["from_seat", "position"],
        "show": ["colour"],
    }.get(kind, [])
    move = {"type": kind, **{name: data[name] for name in fields}}
    if kind == "give":
        move["seat"] = data["to_seat"]
    return move


def rederive(summary: dict, log: list[dict]):
    """Replay the log with the docs' rules and generator, asserting every event; the
    game, with ``made``, the kinds of moves made by whom."""
    stream, seats = Stream(int(log[-1]["data"]["seed"])), len(summary["seats"])
    game = GAMES[summary["type"]](stream, seats, summary["options"])
    levels = [seat["bot"] for seat in summary["seats"]]
    game.made = Counter()
    events, position = [e for e in log if e["type"] not in SERVICE_EVENTS], 0
    while position < len(events):
        if events[position]["type"] == "deal":
            expected = game.deal()
        else:  # a move: its events begin here, its own event (with a `by`) may come later
            own = next(event for event in events[position:] if event["by"] is not None)
            move = decode(own)
            if own["by"] != "player":
                level = levels[own["seat"]] if own["by"] == "bot" else "basic"
                chosen = automatic(game, level, own["seat"])
                assert chosen == move, f"event {own['seq']}: the docs choose {chosen}"
            game.made[own["by"], move["type"]] += 1
            expected = game.apply(own["seat"], move)
        compare(expected, events[position : position + len(expected)])
        position += len(expected)
    return game


def automatic(game, level: str, seat: int) -> dict:
    """The move a computer player makes, with its draws (docs: Automatic moves)."""
    moves = game.legal(seat)
    return moves[game.stream.below(len(moves))] if level == "random" else game.basic(seat, moves)


def compare(expected: list[tuple], logged: list[dict]) -> None:
    assert len(logged) == len(expected), "the log ends before the re-derivation"
    for (type_, seat, data), event in zip(expected, logged, strict=True):
        found = (event["type"], event["seat"], {key: event["data"].get(key) for key in data})
        assert found == (type_, seat, data), f"event {event['seq']}"


# --- matches through the API --------------------------------------------------------


@pytest.fixture
def moment(monkeypatch):
    now = [clock.now()]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    return now


def played(client, moment, game_type: str, options: dict, seats: int, rounds: int, seed: int):
    """Seat 0 is a human who makes one move, then lets her clock run out until autopilot
    plays for her; the others are random and basic bots by turns."""
    table = Table.create(
        client,
        type=game_type,
        options=options,
        players=1,
        seats=seats,
        deal=False,
        turn_seconds=20,
        think_seconds=0,
        seed=seed,
        visibility="private",  # a chosen seed tells the cards
    )
    for seat in range(1, seats):
        level = "random" if seat % 2 else "basic"
        joined = client.post(
            f"/v1/games/{table.id}/players", json={"bot": level}, headers=bearer(table.host)
        )
        assert joined.status_code == 201
    moved = False
    for _ in range(rounds):
        table.deal()
        for _ in range(2_000):
            view = table.view(0).json
            if view["status"] != "playing":
                break
            if not moved and view["legal_moves"]:
                moved = table.move(0, view["legal_moves"][0]).status_code == 201
            else:  # her clock runs out, three times; then autopilot plays for her
                moment[0] += timedelta(seconds=20)
        else:
            raise AssertionError("the round did not end")
        if view["status"] == "finished":
            break
    else:
        table.end()
    return table.summary().json, whole_log(table)


def test_spoons_rederived_from_the_docs(client, moment):
    made = Counter()
    for options in ({"pass_after_signal": True, "lives": 1}, {"signal": "pig", "lives": 2}):
        made += rederive(*played(client, moment, "spoons", options, 5, rounds=8, seed=SEED)).made
    assert {by for by, _ in made} == {"player", "bot", "clock", "autopilot"}
    assert {kind for _, kind in made} == {"pass", "pick", "signal"}


def test_a_spoons_bot_passing_on_after_its_signal_draws_as_documented(client):
    """A basic bot that signals first, then passes on the card it picks up, draws
    below(8), and on a 0 below(1) all the same. Seed after seed until it drew the 0: the
    next round is dealt from the stream after that draw."""
    for seed in range(SEED, SEED + 60):
        summary, log = bot_passes_on(client, seed)
        spoons = rederive(summary, log)
        pairs = zip(log, log[1:], strict=False)
        assert any((a["type"], a["by"], b["type"], b["by"]) == PASSED_ON for a, b in pairs)
        if spoons.redrawn[1]:
            return
    pytest.fail("the bot never drew a 0 as it passed on")


PASSED_ON = ("pick", None, "pass", "bot")  # the holder's one move


def bot_passes_on(client, seed: int):
    """Two humans who never signal first feed a basic bot (seat 2) until it signals, then
    pass it a card; seat 0 signals, seat 1 loses a life, and the host deals the next
    round and ends the match."""
    table = Table.create(
        client,
        type="spoons",
        options={"pass_after_signal": True, "lives": 2},
        players=2,
        seats=3,
        deal=False,
        think_seconds=0,
        seed=seed,
        visibility="private",
    )
    joined = client.post(
        f"/v1/games/{table.id}/players", json={"bot": "basic"}, headers=bearer(table.host)
    )
    assert joined.status_code == 201
    table.deal()
    feed_the_bot(table, random.Random(seed))
    assert table.move(0, {"type": "signal"}).status_code == 201
    table.deal()
    table.end()
    return table.summary().json, whole_log(table)


def feed_the_bot(table, rng: random.Random) -> None:
    """The humans play (never signalling) until the bot (seat 2) has signalled and then
    passed on the card seat 1, on its right, sent it."""
    for _ in range(3_000):
        for seat in (0, 1):
            view = table.view(seat).json
            moves = [move for move in view["legal_moves"] if move["type"] != "signal"]
            if view["signals"] and seat == 1 and any(m["type"] == "pass" for m in moves):
                assert (
                    table.move(1, next(m for m in moves if m["type"] == "pass")).status_code == 201
                )
                return  # the bot, due at once, passed it on within that request
            if moves:
                assert table.move(seat, keep_most(view["hand"], moves, rng)).status_code == 201
    raise AssertionError("the bot never signalled")


def test_mystery_date_rederived_from_the_docs(client, moment):
    """Matches at two, three and four seats, seed after seed, until every kind of move,
    by every kind of player, every door outcome and a reshuffle have been re-derived."""
    made, outcomes, reshuffles = Counter(), set(), 0
    for n in range(MYSTERY_DATE_MATCHES):
        options, seats = {"mid_side_doors": n % 2 == 1}, 2 + n % 3
        summary, log = played(client, moment, "mystery-date", options, seats, 2, SEED + n)
        made += rederive(summary, log).made
        outcomes |= {event["data"]["outcome"] for event in log if event["type"] == "door"}
        reshuffles += sum(
            a["type"] == "piles" and b["type"] == "draw" for a, b in zip(log, log[1:], strict=False)
        )
        if seen_all(made, outcomes, reshuffles):
            return
    pytest.fail(f"not seen: {dict(made)}, {outcomes}, {reshuffles} reshuffles")


MYSTERY_DATE_MATCHES = 12
MOVES = {"roll", "discard", "give", "take", "draw", "take_discard", "show"}
MAKERS = {"player", "bot", "clock", "autopilot"}


def seen_all(made: Counter, outcomes: set, reshuffles: int) -> bool:
    kinds = {kind for _, kind in made}
    makers = {by for by, _ in made}
    return kinds == MOVES and makers == MAKERS and outcomes == set(OUTCOMES) and reshuffles > 0
