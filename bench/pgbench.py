"""The database's ceiling: pgbench running the SQL that one move sends, as captured in
process (``capture.Recorder`` on the app's engine while the test client plays one move of
a 4-player Old Maid table), so the script follows the move path as it changes.

The captured statements are rendered with their captured values, except what must vary:
the game's id (each pgbench client has a clone of the captured game,
``00000000-0000-4000-8000-<client_id>``), the event sequence numbers and the version,
counted from what the move's read of its game returns (``\\gset``). An executemany (psycopg 3
pipelines it) becomes a ``\\startpipeline`` block, and pgbench runs ``-M prepared`` as
psycopg 3 does after a statement's fifth use on a connection. After each run the clones'
events and versions are checked: each run of the script must have added one move's events
and version."""

import enum
import json
import os
import re
import subprocess
import tempfile
import threading
import uuid
from dataclasses import dataclass
from datetime import date, datetime

import psycopg
from sqlalchemy import MetaData, create_engine, insert, select, text
from sqlalchemy.engine import make_url

from . import cpu
from .capture import Tally, kind_of

GAME_EXPR = "('00000000-0000-4000-8000-' || lpad(:client_id::text, 12, '0'))"
CHANNEL = "game_events"


def clone_id(n: int) -> uuid.UUID:
    return uuid.UUID(f"00000000-0000-4000-8000-{n:012d}")


@dataclass
class Captured:
    game_id: uuid.UUID
    version: int  # before the move
    last_seq: int  # before the move
    events: int  # the move's events
    move: Tally
    view: Tally


def quote(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def literal(name: str, value, c: Captured) -> str:
    """A captured parameter as SQL for pgbench."""
    if hasattr(value, "obj") and type(value).__module__.startswith("psycopg"):  # Jsonb
        return quote(json.dumps(value.obj))
    if isinstance(value, enum.Enum):
        value = value.value
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, uuid.UUID):
        return GAME_EXPR if value == c.game_id else quote(str(value))
    if isinstance(value, int):
        lowered = name.lower()
        if "version" in lowered and value in (c.version, c.version + 1):
            return f"(:version + {value - c.version})"
        if "seq" in lowered and c.last_seq < value <= c.last_seq + c.events:
            return f"(:last_seq + {value - c.last_seq})"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, datetime | date):
        return quote(value.isoformat())
    if isinstance(value, str):
        game = str(c.game_id)
        if game not in value:
            return quote(value)
        match = re.fullmatch(re.escape(game) + r":(\d+)", value)
        if match and c.last_seq < int(match[1]) <= c.last_seq + c.events:
            return f"({GAME_EXPR} || ':' || (:last_seq + {int(match[1]) - c.last_seq}))"
        pieces = [quote(piece) for piece in value.split(game)]
        return "(" + f" || {GAME_EXPR} || ".join(pieces) + ")"
    if isinstance(value, list | tuple):  # an array parameter
        items = [literal(name, item, c) for item in value]
        return f"ARRAY[{', '.join(items)}]" if items else "'{}'"
    if isinstance(value, dict):
        return quote(json.dumps(value))
    return quote(str(value))


def render_statement(statement: str, parameters, c: Captured) -> str:
    flat = " ".join(statement.split())
    if isinstance(parameters, dict):
        flat = re.sub(r"%\((\w+)\)s", lambda m: literal(m[1], parameters[m[1]], c), flat)
    return flat.replace("%%", "%")


def script(c: Captured, notify: bool, with_view: bool = False, in_move: bool = False) -> str:
    """The pgbench script of one move (optionally preceded by the view that chose it).
    ``notify``: with the change hint, as the service sends it, after the commit from
    another thread (then in a transaction of its own per move: no batching with other
    moves' hints); ``in_move``: sent by the move's own transaction instead, the design
    the service turned down (``store.changes``), its commit as durable as the move's."""
    parts = [(c.view, False)] if with_view else []
    parts.append((c.move, True))
    if notify and not in_move and c.move.side is not None and c.move.side.log:
        parts.append((c.move.side, False))
    lines = []
    for tally, move in parts:
        read = not move  # the move's read of its game sets :version and :last_seq
        for statement, parameters, many in tally.log:
            if statement in ("BEGIN", "COMMIT", "ROLLBACK"):
                lines.append(f"{statement};")
                continue
            kind = kind_of(statement)
            if kind == "NOTIFY" and not notify:
                continue
            sets = parameters if many else [parameters]
            rendered = [render_statement(statement, p, c) for p in sets]
            if kind in ("LOCK", "SELECT") and not read:
                rendered = [_read_setting_version(rendered[0])]
                read = True
            elif move and in_move and kind == "WITH":  # the save, now with its hint
                rendered = ["BEGIN;", *(r + ";" for r in rendered), _hint(c), "COMMIT;"]
            else:
                rendered = [r + ";" for r in rendered]
            if many and len(rendered) > 1:
                lines += ["\\startpipeline", *rendered, "\\endpipeline"]
            else:
                lines += rendered
        if not read:
            raise RuntimeError("the captured move reads no game row: no script to mirror it")
    return "\n".join(lines) + "\n"


def _read_setting_version(read: str) -> str:
    """The game's read, setting ``:version`` and ``:last_seq`` from the row it returns
    (one JSON array of ``TABLE_COLUMNS``), still one statement."""
    from service.store.games import TABLE_COLUMNS

    version, last_seq = TABLE_COLUMNS.index("version"), TABLE_COLUMNS.index("last_seq")
    return (
        f"SELECT (game.game_row->>{version})::int AS version,"
        f" (game.game_row->>{last_seq})::int AS last_seq FROM ({read}) AS game \\gset"
    )


def _hint(c: Captured) -> str:
    seq = f"(:last_seq + {c.events})::text"
    return f"SELECT pg_notify('{CHANNEL}', {GAME_EXPR} || ':' || {seq});"


def capture(url: str) -> Captured:
    """Play one Old Maid move (a few moves into a fresh round) through the test client,
    recording what it and the view before it send."""
    import random

    from service import create_app
    from tests.api.table import Table

    from .capture import Recorder

    app = create_app({"DATABASE_URL": url})
    recorder = Recorder(app.extensions["db_engine"])
    client = app.test_client()
    plain = create_engine(url)
    chooser = random.Random(7)
    try:
        for _attempt in range(20):
            table = Table.create(client, players=4, type="old-maid")
            for _ in range(4):
                table.play_one(chooser.choice)
            seat = table.turn()
            with recorder.tally() as view:
                legal = table.view(seat).json["legal_moves"]
            with plain.connect() as connection:
                version, last_seq = connection.execute(
                    text("SELECT version, last_seq FROM games WHERE id = :id"), {"id": table.id}
                ).one()
            with recorder.tally() as move:
                answer = table.move(seat, chooser.choice(legal))
            assert answer.status_code == 201, answer.json
            if answer.json["view"]["status"] == "playing":  # an ordinary move
                events = len(answer.json["events"])
                return Captured(uuid.UUID(table.id), version, last_seq, events, move, view)
        raise RuntimeError("no ordinary move captured")
    finally:
        plain.dispose()
        app.extensions["db_engine"].dispose()


def clone(url: str, c: Captured, count: int) -> None:
    """``count`` copies of the captured game, one per pgbench client."""
    engine = create_engine(url)
    meta = MetaData()
    meta.reflect(engine, only=["games"])
    games = meta.tables["games"]
    with engine.begin() as connection:
        row = dict(connection.execute(select(games).where(games.c.id == c.game_id)).one()._mapping)
        copies = [{**row, "id": clone_id(n), "code_hash": None} for n in range(count)]
        connection.execute(insert(games), copies)
    engine.dispose()


def _totals(url: str, count: int) -> tuple[int, int]:
    engine = create_engine(url)
    ids = [clone_id(n) for n in range(count)]
    with engine.connect() as connection:
        events = connection.execute(
            text("SELECT count(*) FROM events WHERE game_id = ANY(:ids)"), {"ids": ids}
        ).scalar_one()
        versions = connection.execute(
            text("SELECT sum(version) FROM games WHERE id = ANY(:ids)"), {"ids": ids}
        ).scalar_one()
    engine.dispose()
    return events, versions


class Listeners:
    """LISTEN connections that drain the hints, one per gunicorn worker, as the
    service's processes keep them."""

    def __init__(self, url: str, count: int):
        self.conninfo = make_url(url).set(drivername="postgresql").render_as_string(False)
        self.stop = threading.Event()
        self.received = 0
        self.threads = [threading.Thread(target=self._listen, daemon=True) for _ in range(count)]

    def _listen(self) -> None:
        with psycopg.connect(self.conninfo, autocommit=True) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            while not self.stop.is_set():
                for _ in connection.notifies(timeout=0.2):
                    self.received += 1

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        for thread in self.threads:
            thread.join(5)


def run(url: str, body: str, clients: int, seconds: float, c: Captured) -> dict:
    """One pgbench run of ``body``; its figures, CPU and whether the clones moved as
    that many moves would move them."""
    u = make_url(url)
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
        f.write(body)
    command = ["pgbench", "-n", "-M", "prepared", "-c", str(clients), "-j", "2"]
    command += ["-T", str(max(1, round(seconds))), "-f", f.name]
    command += ["-h", u.host or "127.0.0.1", "-p", str(u.port or 5432)]
    command += ["-U", u.username or "postgres", u.database]
    env = {**os.environ, **({"PGPASSWORD": u.password} if u.password else {})}
    before = _totals(url, clients)
    watch = cpu.Watch({"postgres": lambda: cpu.backends(u.database)})
    pgbench_cpu = cpu.children_seconds()
    watch.start()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    used = watch.stop()
    used["pgbench"] = cpu.children_seconds() - pgbench_cpu
    os.unlink(f.name)
    if done.returncode:
        raise RuntimeError(f"pgbench failed:\n{done.stderr[-3000:]}\n--- script:\n{body[:3000]}")
    out = done.stdout
    transactions = int(re.search(r"actually processed: (\d+)", out)[1])
    after = _totals(url, clients)
    moves_per_tx = 1
    ok = (after[0] - before[0] == transactions * c.events * moves_per_tx) and (
        after[1] - before[1] == transactions * moves_per_tx
    )
    failed = re.search(r"number of failed transactions: (\d+)", out)
    return {
        "tps": float(re.search(r"tps = ([\d.]+)", out)[1]),
        "latency_ms": float(re.search(r"latency average = ([\d.]+) ms", out)[1]),
        "transactions": transactions,
        "failed": int(failed[1]) if failed else 0,
        "mirrors": ok,
        "cpu": used,
    }
