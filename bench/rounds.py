"""Part ``rounds``: what each kind of request costs the database, counted in process on
the app's engine (``capture.Recorder``) while the test client plays: statements by kind,
BEGIN / COMMIT / ROLLBACK, pool pre-pings, and the round trips they add up to."""

import random
import statistics
import time

from sqlalchemy import create_engine, text

from tests.api.table import Table, bearer
from tests.databases import fresh_database

from .capture import Recorder, Tally, describe
from .report import num, progress

REPEATS = 8
SETTLE = 0.03  # for the hints another thread sends after a commit


class Op:
    def __init__(self, name: str):
        self.name = name
        self.tally = Tally(side=Tally())
        self.count = 0
        self.moves = 0  # automatic moves applied, where it applies
        self.seconds: list[float] = []
        self.first: Tally | None = None

    def add(self, tally: Tally, seconds: float, moves: int = 0) -> None:
        self.tally = self.tally + tally
        self.count += 1
        self.moves += moves
        self.seconds.append(seconds)
        self.first = self.first or tally


class Bench:
    def __init__(self, url: str):
        from service import create_app

        self.app = create_app({"DATABASE_URL": url})
        self.recorder = Recorder(self.app.extensions["db_engine"])
        self.client = self.app.test_client()
        self.plain = create_engine(url)
        self.chooser = random.Random(5)

    def measure(self, op: Op, call, moves=lambda answer: 0):
        with self.recorder.tally(SETTLE) as tally:
            start = time.perf_counter()
            answer = call()
            seconds = time.perf_counter() - start
        op.add(tally, seconds, moves(answer))
        return answer

    def close(self) -> None:
        self.plain.dispose()
        self.app.extensions["db_engine"].dispose()

    def scheduled(self, game_id: str):
        with self.plain.connect() as connection:
            return connection.execute(
                text("SELECT status, next_action_at FROM games WHERE id = :id"), {"id": game_id}
            ).one()

    def bot_table(self, think: float) -> Table:
        table = Table.create(self.client, players=1, seats=4, deal=False, think_seconds=think)
        answer = self.client.post(
            f"/v1/games/{table.id}/deal",
            json={"fill_with_bots": "random"},
            headers=bearer(table.host),
        )
        assert answer.status_code == 200, answer.json
        return table


def bot_moves(answer) -> int:
    return sum(event.get("by") == "bot" for event in answer.json.get("events", []))


def play_and_count(bench: Bench) -> dict[str, Op]:
    """Play, and count what each kind of request and sweep costs."""
    from service.worker import sweep

    engine = bench.app.extensions["db_engine"]
    ops = {
        name: Op(name)
        for name in (
            "view",
            "move",
            "deal",
            "events",
            "move+bots",
            "sweep1",
            "sweep10",
        )
    }
    progress("rounds: a table of 4 humans (Old Maid)")
    table = Table.create(bench.client, players=4)
    while ops["move"].count < REPEATS:
        seat = table.turn()
        legal = bench.measure(ops["view"], lambda seat=seat: table.view(seat)).json["legal_moves"]
        move = bench.chooser.choice(legal)
        answer = bench.measure(ops["move"], lambda seat=seat, move=move: table.move(seat, move))
        assert answer.status_code == 201, answer.json
    table.play_round(bench.chooser.choice)
    bench.measure(ops["deal"], lambda: table.deal())
    for _ in range(REPEATS):
        bench.measure(ops["events"], lambda: table.events(0, after=0, limit=100))

    progress("rounds: 1 human + 3 bots, think_seconds 0 (bots answer within the request)")
    table = bench.bot_table(0)
    while ops["move+bots"].count < REPEATS:
        summary = table.summary().json
        if summary["status"] != "playing":
            table.deal()
            continue
        legal = table.view(0).json["legal_moves"]
        move = bench.chooser.choice(legal)
        bench.measure(ops["move+bots"], lambda move=move: table.move(0, move), bot_moves)

    progress("rounds: the worker's sweep (bots due just after the human's move)")
    tables = [bench.bot_table(0.0001) for _ in range(10)]

    def drain(table: Table) -> None:
        """Let the worker play the bots until it is the human's turn."""
        while True:
            status, due = bench.scheduled(table.id)
            if status != "playing":
                table.deal()
            elif due is None:
                return
            else:
                sweep(engine)

    def human_move(table: Table) -> None:
        legal = table.view(0).json["legal_moves"]
        table.move(0, bench.chooser.choice(legal))

    for t in tables:
        drain(t)
    while ops["sweep1"].count < REPEATS:
        drain(tables[0])
        human_move(tables[0])
        time.sleep(0.002)
        bench.measure(ops["sweep1"], lambda: sweep(engine), lambda handled: handled)
    for _ in range(2):
        for t in tables:
            drain(t)
        for t in tables:
            human_move(t)
        time.sleep(0.002)
        bench.measure(ops["sweep10"], lambda: sweep(engine), lambda handled: handled)
    return ops


def run(server_url: str, report, found: dict) -> None:
    with fresh_database(server_url) as url:
        bench = Bench(url)
        try:
            ops = play_and_count(bench)
        finally:
            bench.close()

    def ms(op: Op) -> str:
        return f"{num(statistics.median(op.seconds) * 1000, 1)} ms"

    part = "round trips"
    move = ops["move"]
    move_rt = move.tally.round_trips / move.count
    floor = "floor: 1 (one SELECT, autocommit)"
    rows = [
        ("view", "GET /view", floor, None),
        ("events", "GET /events?after=0&limit=100", floor, None),
        ("move", "POST /moves (4 humans)", "target <= 3; floor 2 (read, then write)", None),
        ("deal", "POST /deal (next round)", "", None),
    ]

    def add(label, op, per, reference="", ratio_=""):
        main = Tally(op.tally.trips, op.tally.log)
        report.add(part, label, describe(main, per), "round trips", reference, ratio_)
        side = op.tally.side
        if side is not None and side.round_trips:
            report.add(
                part,
                "  + after its commit, on another thread",
                describe(side, per),
                "round trips",
                "the change hint (pg_notify), off the request path",
            )

    for key, label, reference, _ in rows:
        op = ops[key]
        add(f"{label} ({ms(op)} in process)", op, op.count, reference)
    bots = ops["move+bots"]
    per_request = bots.tally.round_trips / bots.count
    per_auto = (per_request - move_rt) / (bots.moves / bots.count) if bots.moves else float("nan")
    add(
        f"POST /moves + {num(bots.moves / bots.count, 1)} bot replies, think 0 ({ms(bots)})",
        bots,
        bots.count,
        f"human move {num(move_rt, 1)}",
    )
    report.add(
        part,
        "  per automatic move (minus the human move)",
        num(per_auto, 1),
        "round trips",
        f"human move {num(move_rt, 1)}",
        f"{per_auto / move_rt:.2f}x",
    )
    for key, label in (
        ("sweep1", "worker sweep, 1 game due"),
        ("sweep10", "worker sweep, 10 games due"),
    ):
        op = ops[key]
        if not op.moves:
            report.add(part, label, "no move was due", "")
            continue
        per_move = op.tally.round_trips / op.moves
        add(
            f"{label}, per move ({ms(op)}/sweep of {num(op.moves / op.count, 1)})",
            op,
            op.moves,
            f"human move {num(move_rt, 1)}",
            f"{per_move / move_rt:.2f}x",
        )
    found.setdefault("notes", []).append(one_move_sql(move.first))


def one_move_sql(tally: Tally | None, width: int = 150) -> str:
    """The statements of one human move, as captured (long values cut)."""
    if tally is None:
        return ""
    lines = ["\nSQL of one move (POST /moves, 4 humans), as captured on the app's engine:"]
    for label, log in (
        ("", tally.log),
        ("  after the commit, another thread: ", (tally.side.log if tally.side else [])),
    ):
        for statement, parameters, many in log:
            flat = " ".join(statement.split())
            if len(flat) > width:
                flat = flat[: width - 3] + "..."
            rows = f"  [executemany, {len(parameters)} rows]" if many else ""
            lines.append(f"  {label}{flat}{rows}")
    return "\n".join(lines)
