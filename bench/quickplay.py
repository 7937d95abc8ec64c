"""Play now's time from the press to a dealt table, against a server on a fresh database
(gunicorn with its gevent workers; no worker process: each ticket's own long poll runs
the matcher at its fill time).

    .venv/bin/python -m bench.quickplay [--tables 20] [--filled 10] [--fill-seconds 2]

- people only: per table, three people press Play now and long-poll their tickets; the
  fourth presses, and the time runs from that press until every one of the four holds
  the answer that it is seated (the three woken by the hint, the fourth by its own
  POST's answer). Min, median and max over ``--tables`` tables.
- with bots: one person presses alone (``QUICKPLAY_FILL_SECONDS`` set to
  ``--fill-seconds``) and long-polls; the time runs from the ticket's ``fill_at`` until
  the poll answers that it is seated, its table filled with bots and dealt.

``TEST_DATABASE_URL`` names the PostgreSQL server whose fresh database it uses."""

import argparse
import http.client
import json
import statistics
import threading
import time
from datetime import datetime

from tests.databases import fresh_database, server_url
from tests.push.server import Server, serve

from .common import UNLIMITED

SEATS = 4
WAIT = 10  # each long poll's wait, in seconds
SETTLE_SECONDS = 0.3  # for the first three to be waiting before the fourth presses


def call(server: Server, method: str, path: str, body=None, token=None) -> dict:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=WAIT + 5)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, None if body is None else json.dumps(body), headers)
        answer = connection.getresponse()
        payload = json.loads(answer.read())
        if answer.status not in (200, 201):
            raise RuntimeError(f"{method} {path}: {answer.status} {payload}")
        return payload
    finally:
        connection.close()


def seated(server: Server, ticket: dict) -> dict:
    """The ticket once it is seated: long-polled until it is."""
    while ticket["status"] != "seated":
        path = f"/v1/quickplay/{ticket['id']}?wait={WAIT}"
        ticket = call(server, "GET", path, token=ticket["token"])
    return ticket


def press(server: Server, name: str, bots: bool = True) -> dict:
    return call(server, "POST", "/v1/quickplay", {"type": "old-maid", "name": name, "bots": bots})


def people_table(server: Server, number: int) -> float:
    """Seconds from the fourth press until all four hold their seat."""
    done: list[float] = []
    games: set[str] = set()

    def first_three(person: int) -> None:
        ticket = seated(server, press(server, f"t{number} p{person}", bots=False))
        done.append(time.monotonic())
        games.add(ticket["game_id"])

    waiting = [threading.Thread(target=first_three, args=(n,)) for n in range(SEATS - 1)]
    for thread in waiting:
        thread.start()
    time.sleep(SETTLE_SECONDS)
    pressed = time.monotonic()
    last = seated(server, press(server, f"t{number} p{SEATS - 1}", bots=False))
    done.append(time.monotonic())
    for thread in waiting:
        thread.join()
    games.add(last["game_id"])
    dealt(server, games)
    return max(done) - pressed


def filled_table(server: Server, number: int) -> float:
    """Seconds from the ticket's fill time until its poll says it is seated."""
    ticket = press(server, f"alone {number}")
    answer = seated(server, ticket)
    answered = time.time()
    dealt(server, {answer["game_id"]})
    return answered - datetime.fromisoformat(ticket["fill_at"]).timestamp()


def dealt(server: Server, games: set[str]) -> None:
    (game_id,) = games
    game = call(server, "GET", f"/v1/games/{game_id}")
    if game["status"] != "playing" or len(game["seats"]) != SEATS:
        raise RuntimeError(f"table {game_id} is not a dealt table of {SEATS}: {game}")


def report(title: str, seconds: list[float]) -> None:
    ms = sorted(1000 * s for s in seconds)
    print(
        f"{title:<44} n={len(ms):>3}  min {ms[0]:7.1f} ms  median {statistics.median(ms):7.1f}"
        f" ms  max {ms[-1]:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables of people")
    parser.add_argument("--filled", type=int, default=10, help="tables filled with bots")
    parser.add_argument("--fill-seconds", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's")
    args = parser.parse_args()
    env = {**UNLIMITED, "QUICKPLAY_FILL_SECONDS": str(args.fill_seconds)}
    with fresh_database(server_url()) as url, serve(url, args.workers, env=env) as server:
        warm_up = {"type": "go-fish", "name": "warm-up", "bots": False}  # a queue apart
        call(server, "POST", "/v1/quickplay", warm_up)  # the first connections and imports
        people = [people_table(server, n) for n in range(args.tables)]
        filled = [filled_table(server, n) for n in range(args.filled)]
    print(f"Play now, four-seat Old Maid, {args.workers} gunicorn workers:")
    report("people only: 4th press -> all 4 seated", people)
    report(f"with bots: fill_at ({args.fill_seconds:g} s) -> seated", filled)


if __name__ == "__main__":
    main()
