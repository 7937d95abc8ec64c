"""A bot that plays a whole match of any game in the catalogue through the generated SDK,
``card_table_client`` (``pip install -e clients/python``), and nothing else.

    python examples/bot.py --base-url http://127.0.0.1:8000 --game old-maid
    python examples/bot.py --base-url URL --game spoons --seats 4 --copies 2 --seed 7

It creates a private table, takes ``--copies`` seats itself and gives the others to the
server's bots (``--bots basic|random``), and deals. Then, over and over: each of its seats
that may act (the summary's ``to_act``: one seat in a game of turns, everybody at once in
Spoons) sends a move picked at random from its view's ``legal_moves``; when none may, it
long-polls the event log. It prints every event as it comes. Between rounds it deals the
next one; after ``--rounds`` rounds it ends the match (it is the host), unless the game
ended it first, and prints the standings.

When the service cannot answer (it restarts, its database is away, it is busy), every
call is tried again after a jittered, growing pause (``card_table_client.live.Backoff``),
a move with the same ``Idempotency-Key``, and the log is read on from the last event
printed: nothing is missed, nothing applied twice.
"""

import argparse
import json
import random
import sys
import time
import uuid
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import httpx
from card_table_client import AuthenticatedClient, Client
from card_table_client.api.catalog import get_catalog
from card_table_client.api.games import (
    create_game,
    deal,
    end_match,
    get_game,
    get_view,
    join_game,
    list_events,
    play_move,
)
from card_table_client.errors import UnexpectedStatus
from card_table_client.live import TRANSIENT, Backoff
from card_table_client.models import (
    BotLevel,
    CreateBlindDateGame,
    CreateCrazyEightsGame,
    CreateGoFishGame,
    CreateMysteryDateGame,
    CreateOldMaidGame,
    CreateSpoonsGame,
    Game,
    GameOverData,
    GameOverEvent,
    GameType,
    Join,
    Problem,
    Status,
)

# The body of POST /v1/games is a oneOf told apart by "type": a class per game.
CreateBody = (
    CreateBlindDateGame
    | CreateCrazyEightsGame
    | CreateGoFishGame
    | CreateMysteryDateGame
    | CreateOldMaidGame
    | CreateSpoonsGame
)
CREATE: dict[GameType, type[CreateBody]] = {
    GameType.BLIND_DATE: CreateBlindDateGame,
    GameType.CRAZY_EIGHTS: CreateCrazyEightsGame,
    GameType.GO_FISH: CreateGoFishGame,
    GameType.MYSTERY_DATE: CreateMysteryDateGame,
    GameType.OLD_MAID: CreateOldMaidGame,
    GameType.SPOONS: CreateSpoonsGame,
}
WAIT_SECONDS = 10.0  # a long poll's longest wait (the server allows 30)
UNDONE = frozenset({429, 503})  # refusals that changed nothing: any request may be resent
T = TypeVar("T")


def patient(
    call: Callable[[], T | Problem | None], what: str, safe: bool = False
) -> T | Problem | None:
    """The answer of ``call``, asked again while the service cannot give one. A request
    that may have taken effect (its answer was lost, or a proxy gave up on it) is sent
    again only if it is ``safe`` to: a read, or a move with its ``Idempotency-Key``."""
    backoff = Backoff()
    again = TRANSIENT if safe else UNDONE
    while True:
        try:
            answer = call()
            if not (isinstance(answer, Problem) and answer.status in again):
                return answer
            trouble = f"{answer.status} {answer.code}"
        except httpx.ConnectError as error:  # nothing was sent
            trouble = type(error).__name__
        except httpx.TransportError as error:
            if not safe:
                raise
            trouble = type(error).__name__
        except UnexpectedStatus as error:  # a proxy's 502, say
            if error.status_code not in again:
                raise
            trouble = str(error.status_code)
        pause = backoff.pause()
        print(f"  {what}: {trouble}; again in {pause:.1f} s")
        time.sleep(pause)


def ok(call: Callable[[], T | Problem | None], what: str, safe: bool = False) -> T:
    """The answer of a call that must succeed; a problem document ends the program."""
    answer = patient(call, what, safe)
    if answer is None or isinstance(answer, Problem):
        sys.exit(f"{what} failed: {answer}")
    return answer


class Table:
    """A table this program hosts: the host's client and a client per seat it plays."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.url: str = args.base_url
        self.rng = random.Random(args.seed)
        anyone = Client(base_url=self.url)
        catalog = ok(partial(get_catalog.sync, client=anyone), "GET /v1/catalog", safe=True)
        entry = next((entry for entry in catalog.games if entry.slug == args.game), None)
        if entry is None:
            sys.exit(f"no {args.game!r} in the catalogue: {[e.slug.value for e in catalog.games]}")
        low, high = entry.players.min_, entry.players.max_
        seats = args.seats or max(low, min(3, high))
        if not low <= seats <= high or not 1 <= args.copies <= seats:
            sys.exit(f"{entry.title} seats {low} to {high}, and --copies 1 to --seats")

        body = CREATE[entry.slug].from_dict(
            {"type": args.game, "seats": seats, "visibility": "private", "seed": args.seed}
            | {"think_seconds": args.think_seconds}
        )
        created = ok(partial(create_game.sync, client=anyone, body=body), "create")
        self.id, code = created.id, created.code or ""
        self.host = self.client(created.host_token)
        self.players: dict[int, AuthenticatedClient] = {}  # our seats
        for copy in range(args.copies):
            join = Join(name=f"sdk-bot {copy + 1}", code=code)
            joined = ok(
                partial(join_game.sync, self.id, client=self.host, body=join), "take a seat"
            )
            self.players[joined.seat] = self.client(joined.token or "")
        for _ in range(seats - args.copies):
            bot = Join(bot=BotLevel(args.bots), code=code)
            ok(partial(join_game.sync, self.id, client=self.host, body=bot), "add a bot")
        print(f"{entry.title}: table {self.id}, {seats} seats, seed {args.seed}")
        self.watcher = self.players[min(self.players)]  # the log as our first seat sees it
        self.after = 0  # the last event printed

    def client(self, token: str) -> AuthenticatedClient:
        return AuthenticatedClient(base_url=self.url, token=token, raise_on_unexpected_status=True)

    def summary(self) -> Game:
        game = ok(partial(get_game.sync, self.id, client=self.host), "GET the game", safe=True)
        assert isinstance(game, Game)  # not the 304 of an If-None-Match
        return game

    def move(self, seat: int) -> bool:
        """A random legal move for one of our seats; whether the table took it."""
        player = self.players[seat]
        view = ok(partial(get_view.sync, self.id, client=player), "GET the view", safe=True)
        if not view.legal_moves:
            return False
        move, key = self.rng.choice(view.legal_moves), str(uuid.uuid4())
        send = partial(play_move.sync, self.id, client=player, body=move, idempotency_key=key)
        answer = patient(send, "send a move", safe=True)
        if isinstance(answer, Problem):
            # Someone was faster (in Spoons everybody acts at once; a bot; the clock) and
            # the move no longer fits: 409 not_your_turn or wrong_phase, 422 illegal_move
            # (and 412 stale_version, had it sent if_match=str(view.version)). Nothing was
            # applied: look again.
            print(f"  seat {seat}: {move.to_dict()} refused ({answer.status} {answer.code})")
            return False
        return True

    def follow(self, wait: float) -> GameOverData | None:
        """Print the events after the last one printed, waiting up to ``wait`` seconds for
        the first; the game_over event's data if it came."""
        over = None
        while True:
            read = partial(
                list_events.sync, self.id, client=self.watcher, after=self.after, wait=wait
            )
            page = ok(read, "GET the events", safe=True)
            for event in page.events:
                who = "" if event.seat is None else f"seat {event.seat} "
                by = "" if event.by is None else f" ({event.by})"
                data = json.dumps(event.data.to_dict(), separators=(",", ":"))
                print(f"  [{event.round_}.{event.seq}] {who}{event.type_}{by} {data}")
                if isinstance(event, GameOverEvent):
                    over = event.data
                self.after = event.seq
            if self.after >= page.last_seq:
                return over
            wait = 0  # more pages: no waiting between them

    def play(self, rounds: int) -> GameOverData:
        """Play until the match is finished; the game_over event's data."""
        dealt = ok(partial(deal.sync, self.id, client=self.host), "deal")
        for taken in dealt.seats:
            who = "played here" if taken.seat in self.players else f"{taken.bot} bot"
            print(f"  seat {taken.seat}: {taken.name} ({who})")
        while True:
            game = self.summary()
            acted = False
            if game.status == Status.ROUND_OVER and game.round_ < rounds:
                ok(partial(deal.sync, self.id, client=self.host), "deal the next round")
                acted = True
            elif game.status == Status.ROUND_OVER:
                ok(partial(end_match.sync, self.id, client=self.host), "end the match")
                acted = True
            elif game.status == Status.PLAYING:
                for seat in game.to_act:
                    if seat in self.players:
                        acted = self.move(seat) or acted
            over = self.follow(wait=0 if acted else WAIT_SECONDS)
            if over is not None:
                return over


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True, help="the service, e.g. http://127.0.0.1:8000")
    parser.add_argument("--game", required=True, help="a slug of GET /v1/catalog, e.g. old-maid")
    parser.add_argument(
        "--seats", type=int, help="seats at the table (default 3, within the game's)"
    )
    parser.add_argument("--copies", type=int, default=1, help="seats this program plays (1)")
    parser.add_argument("--bots", choices=[level.value for level in BotLevel], default="basic")
    parser.add_argument("--rounds", type=int, default=2, help="rounds before the host ends it (2)")
    parser.add_argument("--seed", help="the table's seed (a decimal string); also picks our moves")
    parser.add_argument("--think-seconds", type=float, default=0.5, help="the server bots' pause")
    args = parser.parse_args(argv)

    table = Table(args)
    over = table.play(args.rounds)
    game = table.summary()
    print(f"finished after {game.round_} round(s) ({over.reason}); seed {over.seed}")
    for seat in game.seats:
        score = "" if seat.score is None else f", score {seat.score}"
        print(
            f"  seat {seat.seat} {seat.name}: won {seat.rounds_won}, lost {seat.rounds_lost}{score}"
        )
    # the winner: the highest score, else the most rounds won, then the fewest lost
    best = max((seat.score or 0, seat.rounds_won, -seat.rounds_lost) for seat in game.seats)
    leaders = [s for s in game.seats if (s.score or 0, s.rounds_won, -s.rounds_lost) == best]
    print("winner: " + " and ".join(f"seat {seat.seat} {seat.name}" for seat in leaders))
    return 0


if __name__ == "__main__":
    sys.exit(main())
