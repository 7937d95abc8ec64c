"""Record real logs for the web table's words test (tests/web/words.test.mjs): a round of
every game played by seeded basic bots through the engine, the service's own events
around it, and the views met on the way, for the headings. Each event is kept as the
service stores it, its ``secret`` part and ``audience`` beside its public ``data``: the
test reads it as every seat, a spectator and anyone after the match would, by the one
rule of ``Event.seen_by`` (five times smaller than every reading written out).

    .venv/bin/python -m tests.web.record_events   # writes tests/web/recorded_events.json

Commit the file it writes; test_words.py checks that it holds every event type the spec
defines."""

import json
from pathlib import Path
from typing import Any, get_args

from service import bots
from service.engine import GAMES, Event, Rng, plain, play
from service.engine.base import Reaction

OUT = Path(__file__).with_name("recorded_events.json")
AT = "2026-01-01T12:00:00+00:00"

# Seeds chosen so that each round shows what the test must cover: Crazy Eights' 8, pass
# and blocked round, Go Fish's go fish, shown draw and books, Spoons' signals, Mystery
# Date's doors, swaps and "nothing".
TABLES: list[dict[str, Any]] = [
    {"type": "old-maid", "options": {}, "seats": 3, "seed": 1},
    {"type": "old-maid", "options": {"preset": "family"}, "seats": 4, "seed": 2},
    {"type": "blind-date", "options": {}, "seats": 3, "seed": 3},
    {"type": "crazy-eights", "options": {}, "seats": 3, "seed": 4},
    {"type": "crazy-eights", "options": {}, "seats": 2, "seed": 2},  # passes, blocked
    {"type": "crazy-eights", "options": {"partnership": True}, "seats": 4, "seed": 7},
    {"type": "go-fish", "options": {}, "seats": 3, "seed": 5},
    {"type": "go-fish", "options": {"end": "all_books"}, "seats": 2, "seed": 6},
    {"type": "spoons", "options": {}, "seats": 4, "seed": 7},
    {"type": "mystery-date", "options": {}, "seats": 3, "seed": 8},
]
# people at the even seats, computer players (named as the service names them) at the odd
SEATS = [("Anna", None), ("Otto", "basic"), ("Bob", None), ("Ella", "random")]


def seat_names(count: int) -> list[dict[str, Any]]:
    return [{"seat": s, "name": SEATS[s][0], "bot": SEATS[s][1]} for s in range(count)]


class Log:
    """The wire log of one table: events numbered as the service numbers them."""

    def __init__(self) -> None:
        self.rows: list[tuple[Event, str | None, int]] = []

    def add(self, events: list[Event], by: str | None = None, round_: int = 1) -> None:
        for index, event in enumerate(events):
            self.rows.append((event, by if index == 0 else None, round_))

    def stored(self) -> list[dict[str, Any]]:
        return [
            {
                "seq": seq,
                "round": round_,
                "type": event.type,
                "seat": event.seat,
                "by": by,
                "at": AT,
                "data": plain(event.data),
                "secret": plain(event.secret),
                "audience": list(event.audience),
            }
            for seq, (event, by, round_) in enumerate(self.rows, start=1)
        ]


def joined(seats: list[dict[str, Any]]) -> list[Event]:
    return [Event("joined", s["seat"], {"name": s["name"], "bot": s["bot"]}) for s in seats]


def view_of(slug: str, rules: Any, state: Any, seat: int | None, status: str) -> dict[str, Any]:
    """The view as the service renders it (service/table/render.py), clock aside."""
    legal = [] if seat is None else [move.to_wire() for move in rules.legal_moves(state, seat)]
    return {
        "type": slug,
        "status": status,
        "seat": seat,
        "to_act": rules.to_act(state),
        "deadline": None,
        "legal_moves": legal,
        "game_id": "recorded",
        "round": 1,
        "version": 1,
        "seeded": True,
        "seed_commitment": None,
        **plain(rules.view(state, seat)),
    }


def situation(view: dict[str, Any]) -> str:
    """What makes a heading differ: who acts, what the reader may do, the phase."""
    seat = view["seat"]
    role = "spectator" if seat is None else "acting" if seat in view["to_act"] else "waiting"
    offer = view.get("offer") or {}
    return json.dumps(
        [
            view["type"],
            role,
            sorted({move["type"] for move in view["legal_moves"]}),
            view.get("phase"),
            offer.get("from_seat") == seat,
            bool(view.get("signals")),
        ]
    )


def record(table: dict[str, Any]) -> dict[str, Any]:
    slug, players = table["type"], table["seats"]
    rules = GAMES[slug]
    options = rules.resolve_options(table["options"])
    rng = Rng(table["seed"])
    seats = seat_names(players)
    log = Log()
    log.add(joined(seats), round_=0)
    # a player who took a seat and left the waiting table before the deal
    log.add([Event("joined", players, {"name": "Carl", "bot": None})], round_=0)
    log.add([Event("vacated", players, {"name": "Carl"})], round_=0)
    # a rematch's seat held for who sat there, then taken
    until = "2026-01-01T12:02:00+00:00"
    log.add([Event("reserved", players, {"name": "Dora", "until": until})], round_=0)
    log.add([Event("vacated", players, {"name": "Dora"})], round_=0)
    state, events = rules.deal(options, players, rules.first_dealer(players, rng), rng)
    log.add(events)
    memory: dict[str, Any] = {}
    bots.remember(slug, memory, events)
    readers: list[int | None] = [*range(players), None]
    views: dict[str, dict[str, Any]] = {}
    for _ in range(rules.moves_per_round):
        acting = rules.to_act(state)
        if not acting:
            break
        for reader in readers:
            seen = view_of(slug, rules, state, reader, "playing")
            views.setdefault(situation(seen), seen)
        seat = acting[rng.below(len(acting))]
        legal = rules.legal_moves(state, seat)
        move = bots.choose(slug, "basic", rules.view(state, seat), legal, memory, rng)
        events = play(rules, state, seat, move, rng)
        log.add(events, by="bot")
        bots.remember(slug, memory, events)
    for reader in readers:
        seen = view_of(slug, rules, state, reader, "round_over")
        views.setdefault(situation(seen), seen)
    log.add(service_events(slug, players, rules.result(state)))
    return {
        "type": slug,
        "options": options,
        "seats": seats,
        "max_seats": players,
        "log": log.stored(),
        "views": list(views.values()),
    }


def service_events(slug: str, players: int, result: Any) -> list[Event]:
    """The service's own events after a round, as service/table/rules.py makes them; the
    games that end by themselves reach their target, the host ends the others. Then every
    reaction, and the match played again."""
    reason = "target_reached" if slug in ("crazy-eights", "spoons") else "host_ended"
    standings = [
        {
            "seat": s,
            "rounds_won": int(s in result.winners),
            "rounds_lost": int(s in result.losers),
            "score": None,
        }
        for s in range(players)
    ]
    return [
        Event("timeout", 0, {"timeouts": 1, "seconds": 30.0, "autopilot": False}),
        Event("timeout", 0, {"timeouts": 2, "seconds": 30.0, "autopilot": True}),
        Event("resume", 0),
        Event("left", 2 % players, {"bot": "basic"}),
        Event("round_abandoned", None, {"ended": "move_limit"}),
        Event(
            "game_over",
            None,
            {"reason": reason, "standings": standings, "seed": "8", "nonce": None},
        ),
        *[
            Event("reaction", seat % players, {"reaction": reaction})
            for seat, reaction in enumerate(get_args(Reaction))
        ],
        Event("rematch", 0, {"game_id": "00000000-0000-4000-8000-000000000000"}),
    ]


def main() -> None:
    tables = [record(table) for table in TABLES]
    OUT.write_text(json.dumps({"tables": tables}, separators=(",", ":")) + "\n")
    for table in tables:
        types = sorted({event["type"] for event in table["log"]})
        print(table["type"], len(table["log"]), "events", len(table["views"]), "views", types)


if __name__ == "__main__":
    main()
