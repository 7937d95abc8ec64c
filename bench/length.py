"""Part ``length``: is a request's cost flat in the game's length? Go Fish matches of 1
human seat (driven in process through the test client) and 3 ``basic`` bots with
``think_seconds`` 0.0001, so that each bot move falls due just after the move before it
and is applied by one ``service.worker.sweep``: an automatic move. One match is played
on to event 10,000; two more stop at event 10 and 1,000. Then the three are measured in
the same minute, interleaved (so that whatever else the machine does weighs on each
alike): the median of 30 views, of 30 last events pages (limit 100), of the next 30 human
moves and of the next 30 sweeps that each applied one bot move."""

import random
import statistics
import time

from sqlalchemy import create_engine, text

from tests.api.table import Table, bearer
from tests.databases import fresh_database

from . import cpu
from .report import num, progress, ratio

MILESTONES = (10, 1_000, 10_000)
REPEATS = 30
WARMUP = 5  # unmeasured rounds first: a cold start (statements not yet prepared) is not length
GAME = "go-fish"


class Shared:
    def __init__(self, url: str):
        from service import create_app
        from service.worker import sweep

        self.sweep = sweep
        self.app = create_app({"DATABASE_URL": url})
        self.engine = self.app.extensions["db_engine"]
        self.client = self.app.test_client()
        self.plain = create_engine(url)

    def close(self) -> None:
        self.plain.dispose()
        self.app.extensions["db_engine"].dispose()


class LongGame:
    def __init__(self, shared: Shared, seed: int):
        self.shared = shared
        self.chooser = random.Random(seed)
        self.table = Table.create(
            shared.client, players=1, seats=4, deal=False, type=GAME, think_seconds=0.0001
        )
        answer = shared.client.post(
            f"/v1/games/{self.table.id}/deal",
            json={"fill_with_bots": "basic"},
            headers=bearer(self.table.host),
        )
        assert answer.status_code == 200, answer.json
        self.moves = 0
        self.legal: list | None = None  # the human's moves, when her last answer gave them
        self.timings: dict[str, list[float]] = {"view": [], "page": [], "move": [], "auto": []}

    def row(self):
        with self.shared.plain.connect() as connection:
            return connection.execute(
                text(
                    "SELECT status, next_action_at, last_seq, pg_column_size(state) AS state,"
                    " pg_column_size(match) AS match, pg_column_size(clock) AS clock"
                    " FROM games WHERE id = :id"
                ),
                {"id": self.table.id},
            ).one()

    def step(self) -> None:
        """One move: the next round dealt, a bot's (one sweep) or the human's."""
        row = self.row()
        if row.status != "playing":
            self.table.deal()
            self.legal = None
        elif row.next_action_at is not None:
            self.legal = None
            self.moves += self.shared.sweep(self.shared.engine)
        else:
            self.human()

    def play_to(self, events: int) -> None:
        while self.row().last_seq < events:
            self.step()
        self.bots()

    def bots(self, timed: bool = False) -> None:
        """Sweep until it is the human's turn (dealing the next round when one ends)."""
        while True:
            row = self.row()
            if row.status != "playing":
                self.table.deal()
                self.legal = None
                continue
            if row.next_action_at is None:
                return
            self.legal = None
            start = time.perf_counter()
            handled = self.shared.sweep(self.shared.engine)
            seconds = time.perf_counter() - start
            if handled and timed:
                self.timings["auto"].append(seconds)
            self.moves += handled

    def human(self, timed: bool = False) -> None:
        legal = self.legal or self.table.view(0).json["legal_moves"]
        move = self.chooser.choice(legal)
        start = time.perf_counter()
        answer = self.table.move(0, move)
        seconds = time.perf_counter() - start
        assert answer.status_code == 201, answer.json
        view = answer.json["view"]
        # Go Fish: a catch keeps the turn, and the answer's view has her next moves
        mine = view["status"] == "playing" and view["to_act"] == [0]
        self.legal = view["legal_moves"] if mine else None
        if timed:
            self.timings["move"].append(seconds)
        self.moves += 1

    def timed(self, name: str, call, record: bool) -> None:
        start = time.perf_counter()
        answer = call()
        seconds = time.perf_counter() - start
        assert answer.status_code == 200, answer.json
        if record:
            self.timings[name].append(seconds)


def measure(games: list[LongGame]) -> None:
    """The games in turn, one repetition each at a time."""
    for game in games:
        game.bots()
        game.last = game.row()
    for n in range(WARMUP + REPEATS):
        for game in games:
            game.timed("view", lambda g=game: g.table.view(0), n >= WARMUP)
        for game in games:
            after = max(0, game.last.last_seq - 100)
            game.timed(
                "page", lambda g=game, a=after: g.table.events(0, after=a, limit=100), n >= WARMUP
            )
    for game in games:
        game.legal = None
    for n in range(WARMUP + REPEATS):
        for game in games:
            game.human(timed=n >= WARMUP)
            game.bots(timed=n >= WARMUP)


def run(server_url: str, report, found: dict) -> None:
    with fresh_database(server_url) as url:
        shared = Shared(url)
        try:
            started = time.monotonic()
            database = url.rsplit("/", 1)[1]
            watch = cpu.Watch({"postgres": lambda: cpu.backends(database)})
            watch.start()
            games = []
            for n, milestone in enumerate(MILESTONES):
                game = LongGame(shared, n)
                game.play_to(milestone)
                games.append(game)
                progress(
                    f"length: a match at event {game.row().last_seq:,} after {game.moves:,} "
                    f"moves, {time.monotonic() - started:.0f} s"
                )
            measure(games)
            used = watch.stop()
            elapsed = time.monotonic() - started
        finally:
            shared.close()
    part = f"length, {GAME} matches"
    first, last = games[0], games[-1]
    report.add(
        part,
        "measured at event (3 matches, interleaved)",
        " / ".join(num(g.last.last_seq) for g in games),
        "events",
        "1 human + 3 basic bots each",
    )
    labels = {
        "move": "human move (POST /moves), median of 30",
        "auto": "automatic move (worker sweep of 1 bot move)",
        "view": "view (GET /view), median of 30",
        "page": "last events page (limit 100), median of 30",
    }

    def med(game, key):
        return statistics.median(game.timings[key])

    for key, label in labels.items():
        ref = ", ".join(
            f"@{num(g.last.last_seq)}: {num(med(g, key) * 1000, 2)}" for g in games[:-1]
        )
        report.add(
            part,
            label,
            f"@{num(last.last.last_seq)}: {num(med(last, key) * 1000, 2)}",
            "ms",
            ref,
            ratio(med(last, key), med(first, key)),
        )

    def per_event(game):  # the page holds the last 100 events, or all there are
        return med(game, "page") / min(100, game.last.last_seq)

    ref = ", ".join(f"@{num(g.last.last_seq)}: {num(per_event(g) * 1e6, 1)}" for g in games[:-1])
    report.add(
        part,
        "  the same, per event it returned",
        f"@{num(last.last.last_seq)}: {num(per_event(last) * 1e6, 1)}",
        "us",
        ref,
        ratio(per_event(last), per_event(first)),
    )

    def row_bytes(game):
        return game.last.state + game.last.match + game.last.clock

    ref = ", ".join(f"@{num(g.last.last_seq)}: {num(row_bytes(g))}" for g in games[:-1])
    report.add(
        part,
        "game row JSON (state + match + clock), stored",
        f"@{num(last.last.last_seq)}: {num(row_bytes(last))}",
        "bytes",
        ref,
        ratio(row_bytes(last), row_bytes(first)),
    )
    others = used["machine_busy"] - used["self"] - used["postgres"]
    report.add(
        part,
        "CPU of processes not ours meanwhile",
        num(others, 1),
        "CPU s",
        f"of {num(used['machine_busy'], 1)} busy in {num(elapsed)} s "
        f"(this process {num(used['self'], 1)}, PostgreSQL {num(used['postgres'], 1)})",
    )
