"""`make bench`: throughput of the engine and of the move path through the whole stack.

Prints figures; asserts nothing about speed (a machine's speed is not a test)."""

import os
import random
import statistics
import time

from sqlalchemy import create_engine, text

from service import create_app
from service.config import normalise_database_url
from service.engine import GAMES, Rng, play

from .api.table import Table
from .databases import create_database, drop_database, postgres_answers

ENGINE_GAMES = 2_000
API_GAMES = 20


def bench_engine() -> None:
    game = GAMES["old-maid"]
    options = game.resolve_options({})
    moves = 0
    start = time.perf_counter()
    for seed in range(ENGINE_GAMES):
        rng, chooser = Rng(seed), random.Random(seed)
        state, _ = game.deal(options, 4, 0, rng)
        while acting := game.to_act(state):
            play(game, state, acting[0], chooser.choice(game.legal_moves(state, acting[0])), rng)
            moves += 1
    elapsed = time.perf_counter() - start
    print(
        f"engine  old-maid 4p: {ENGINE_GAMES / elapsed:8.0f} games/s, "
        f"{moves / elapsed:8.0f} moves/s"
    )


def bench_api(url: str, label: str) -> int:
    client = create_app({"DATABASE_URL": url}).test_client()
    latencies = []
    for seed in range(API_GAMES):
        table = Table.create(client, players=4, seed=seed)
        while (summary := table.summary().json)["status"] == "playing":
            seat = summary["turn"]
            move = table.view(seat).json["legal_moves"][0]
            start = time.perf_counter()
            answer = table.move(seat, move, **{"Idempotency-Key": f"{seat}-{len(latencies)}"})
            latencies.append(time.perf_counter() - start)
            assert answer.status_code == 201
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95)]
    print(
        f"api     {label:8} POST moves: {len(latencies)} moves, "
        f"{len(latencies) / sum(latencies):6.0f} moves/s in one thread, "
        f"p50 {statistics.median(latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"
    )
    return len(latencies)


STORED = ["games", "seats", "events", "idempotent_answers"]


def report_storage(url: str, moves: int) -> None:
    """What a game costs on disk (tables with their indexes and TOAST), per game and per
    move, with every move's answer kept for Idempotency-Key retries (pruned after a day)."""
    engine = create_engine(url)
    with engine.connect() as connection:
        sizes = {
            table: connection.scalar(text(f"SELECT pg_total_relation_size('{table}')"))
            for table in STORED
        }
    engine.dispose()
    per_game = {table: size / API_GAMES / 1024 for table, size in sizes.items()}
    print(
        f"storage postgres: {sum(sizes.values()) / API_GAMES / 1024:.0f} KiB a game of "
        f"{moves / API_GAMES:.0f} moves ("
        + ", ".join(f"{table} {kib:.0f}" for table, kib in per_game.items())
        + f" KiB); {sizes['idempotent_answers'] / moves:.0f} bytes of stored answer a move"
    )


def main() -> None:
    bench_engine()
    server = normalise_database_url(
        os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
    )
    if postgres_answers(server):
        url = create_database(server)
        try:
            report_storage(url, bench_api(url, "postgres"))
        finally:
            drop_database(server, url)
    else:
        print(f"api     postgres: skipped, {server} does not answer")


if __name__ == "__main__":
    main()
