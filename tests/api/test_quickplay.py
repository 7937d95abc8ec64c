"""Play now: tickets queue by game and seats, and the matcher seats them first come, first
served, at dealt tables whose seats their tokens play; computer players fill a table
once the oldest ticket that takes them is due, and never one of a ticket that does not;
a ticket nobody polls is passed over. Time is held still and moved by hand (no sleeping),
but for the long polls, and for the three instances at the end."""

import http.client
import json
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.api.context import ARRIVED
from service.store import limits, quickplay, retention
from service.store.models import Game, QuickplayTicket, RateCounter
from service.store.unit import Unit
from service.table import clock, matching

from .table import bearer
from .test_errors import assert_problem

FILL = 20  # QUICKPLAY_FILL_SECONDS' default


@pytest.fixture
def moment(still_clock):
    """The service's time, held still; ``take`` moves it on a little for each ticket."""
    return still_clock


def later(moment, seconds):
    moment[0] += timedelta(seconds=seconds)


def take(client, moment, name, **body):
    """Press Play now (a four-seat Old Maid table, unless ``body`` says otherwise): the
    201 answer, a millisecond after the ticket before, so that arrival order is clear."""
    later(moment, 0.001)
    answer = client.post("/v1/quickplay", json={"type": "old-maid", "name": name, **body})
    assert answer.status_code == 201, answer.json
    return answer.json


def poll(client, ticket, wait=0):
    answer = client.get(
        f"/v1/quickplay/{ticket['id']}?wait={wait}", headers=bearer(ticket["token"])
    )
    assert answer.status_code == 200, answer.json
    return answer.json


def keep_polling(client, moment, tickets, seconds, step=5):
    """Move time on by ``seconds``, the holders polling every ``step`` seconds: they keep
    their tickets live, as a client does."""
    for _ in range(int(seconds // step)):
        later(moment, step)
        for ticket in tickets:
            poll(client, ticket)


def summary(client, game_id):
    return client.get(f"/v1/games/{game_id}").json


def test_four_tickets_make_one_dealt_table_in_arrival_order(client, moment):
    tickets = [take(client, moment, name) for name in ("Ann", "Bo", "Cy", "Di")]
    assert [ticket["status"] for ticket in tickets] == ["waiting"] * 3 + ["seated"]
    seated = [poll(client, ticket) for ticket in tickets]
    game_id = seated[0]["game_id"]
    assert [(s["status"], s["game_id"], s["seat"]) for s in seated] == [
        ("seated", game_id, seat) for seat in range(4)
    ]
    game = summary(client, game_id)
    assert (game["status"], game["visibility"], game["turn_seconds"]) == ("playing", "public", 30)
    assert [(s["name"], s["bot"]) for s in game["seats"]] == [
        (name, None) for name in ("Ann", "Bo", "Cy", "Di")
    ]
    for seat, ticket in enumerate(tickets):
        view = client.get(f"/v1/games/{game_id}/view", headers=bearer(ticket["token"])).json
        assert view["seat"] == seat and "hand" in view, "the ticket's token plays its seat"
    log = client.get(f"/v1/games/{game_id}/events?limit=20").json["events"]
    assert [event["type"] for event in log[:5]] == ["joined"] * 4 + ["deal"]


def test_the_oldest_tickets_are_seated_first(client, moment):
    tickets = [take(client, moment, f"p{n}") for n in range(6)]
    first = [poll(client, ticket) for ticket in tickets]
    assert [t["seat"] for t in first] == [0, 1, 2, 3, None, None]
    assert len({t["game_id"] for t in first[:4]}) == 1
    tickets += [take(client, moment, f"p{n}") for n in (6, 7)]
    second = [poll(client, ticket) for ticket in tickets[4:]]
    assert [t["seat"] for t in second] == [0, 1, 2, 3]
    assert len({t["game_id"] for t in second} | {first[0]["game_id"]}) == 2


def test_only_tickets_of_the_same_game_and_seats_share_a_table(client, moment):
    fours = [take(client, moment, f"four {n}") for n in range(3)]
    threes = [take(client, moment, f"three {n}", seats=3) for n in range(2)]
    eights = [take(client, moment, f"eights {n}", type="crazy-eights") for n in range(3)]
    assert all(t["status"] == "waiting" for t in fours + threes + eights)
    last = take(client, moment, "three 2", seats=3)
    game = summary(client, last["game_id"])
    assert [s["name"] for s in game["seats"]] == ["three 0", "three 1", "three 2"]
    assert [poll(client, t)["status"] for t in fours + eights] == ["waiting"] * 6


def test_computer_players_fill_the_table_at_the_fill_time(client, moment):
    ticket = take(client, moment, "Ann")
    assert ticket["fill_at"] == (moment[0] + timedelta(seconds=FILL)).isoformat()
    people_only = take(client, moment, "Bo", bots=False)
    assert people_only["fill_at"] is None
    keep_polling(client, moment, [ticket, people_only], FILL - 5)
    assert poll(client, ticket)["status"] == "waiting", "not yet"
    keep_polling(client, moment, [ticket, people_only], 5)
    seated = poll(client, ticket)
    game = summary(client, seated["game_id"])
    assert seated["seat"] == 0 and game["status"] == "playing"
    assert [(s["name"], s["bot"]) for s in game["seats"]] == [
        ("Ann", None),
        ("Otto", "basic"),
        ("Ella", "basic"),
        ("Leo", "basic"),
    ]
    assert poll(client, people_only)["status"] == "waiting", "never at a table with bots"


def test_the_tickets_that_take_bots_share_the_filled_table(client, moment):
    first = take(client, moment, "Ann")
    people_only = take(client, moment, "Bo", bots=False)
    second = take(client, moment, "Cy")
    keep_polling(client, moment, [first, people_only, second], FILL)
    seated = [poll(client, ticket) for ticket in (first, second)]
    assert [s["seat"] for s in seated] == [0, 1] and seated[0]["game_id"] == seated[1]["game_id"]
    game = summary(client, seated[0]["game_id"])
    assert [s["bot"] for s in game["seats"]] == [None, None, "basic", "basic"]


def test_tickets_without_bots_wait_for_people_however_long(client, moment):
    waiting = [take(client, moment, f"p{n}", bots=False) for n in range(3)]
    keep_polling(client, moment, waiting, 10 * FILL)
    assert [poll(client, ticket)["status"] for ticket in waiting] == ["waiting"] * 3
    last = take(client, moment, "p3", bots=False)
    game = summary(client, last["game_id"])
    assert [(s["name"], s["bot"]) for s in game["seats"]] == [(f"p{n}", None) for n in range(4)]


def test_a_ticket_nobody_polls_is_passed_over(app, client, moment):
    for n in range(3):
        take(client, moment, f"gone {n}")
    later(moment, 16)  # a new ticket is live 15 s without a poll
    here = [take(client, moment, f"here {n}") for n in range(3)]
    assert all(t["status"] == "waiting" for t in here), "the three gone do not count"
    last = take(client, moment, "here 3")
    game = summary(client, last["game_id"])
    assert [s["name"] for s in game["seats"]] == [f"here {n}" for n in range(4)]
    later(moment, 2 * FILL)
    quickplay.sweep(app.extensions["db_engine"])  # the worker passes over them too
    with Session(app.extensions["db_engine"]) as session:
        unseated = session.scalars(
            select(QuickplayTicket.name).where(QuickplayTicket.game_id.is_(None))
        )
        assert sorted(unseated) == [f"gone {n}" for n in range(3)], "not even with bots"


def test_a_poll_keeps_its_ticket_live_for_its_wait_and_a_grace(app, client, moment):
    ticket = take(client, moment, "Ann", bots=False)
    poll(client, ticket, wait=0.1)
    with Session(app.extensions["db_engine"]) as session:
        alive_until = session.scalar(select(QuickplayTicket.alive_until))
    assert clock.aware(alive_until) == moment[0] + timedelta(seconds=10.1)


def test_a_poll_admitted_late_answers_within_its_wait_of_its_arrival(client, moment):
    """Stamped as the served worker stamps a poll that waited its whole wait for
    admission: it looks once and answers."""
    ticket = take(client, moment, "Ann", bots=False)
    start = time.monotonic()
    answer = client.get(
        f"/v1/quickplay/{ticket['id']}?wait=10",
        headers=bearer(ticket["token"]),
        environ_overrides={ARRIVED: start - 10},
    )
    assert answer.status_code == 200 and answer.json["status"] == "waiting"
    assert time.monotonic() - start < 5, "its wait had passed: at once"


def test_a_waiting_ticket_can_be_cancelled_and_a_seated_one_cannot(client, moment):
    cancelled = take(client, moment, "Ann")
    path = f"/v1/quickplay/{cancelled['id']}"
    assert_problem(client.delete(path), 401, "unauthorized")
    other = take(client, moment, "Bo")
    assert_problem(client.delete(path, headers=bearer(other["token"])), 401, "unauthorized")
    assert client.delete(path, headers=bearer(cancelled["token"])).status_code == 204
    assert_problem(client.get(path, headers=bearer(cancelled["token"])), 404, "not_found")
    assert_problem(client.delete(path, headers=bearer(cancelled["token"])), 404, "not_found")
    table = [other, *(take(client, moment, name) for name in ("Cy", "Di", "Ed"))]
    game = summary(client, table[-1]["game_id"])
    assert [s["name"] for s in game["seats"]] == ["Bo", "Cy", "Di", "Ed"]
    seated = client.delete(f"/v1/quickplay/{other['id']}", headers=bearer(other["token"]))
    assert_problem(seated, 409, "wrong_phase")
    assert poll(client, other)["seat"] == 0


def test_a_ticket_is_read_with_its_own_token_only(client, moment):
    ticket = take(client, moment, "Ann")
    other = take(client, moment, "Bo")
    path = f"/v1/quickplay/{ticket['id']}"
    assert_problem(client.get(path), 401, "unauthorized")
    assert_problem(client.get(path, headers=bearer(other["token"])), 401, "unauthorized")
    assert_problem(client.get(path, headers=bearer("nonsense")), 401, "unauthorized")
    unknown = f"/v1/quickplay/{uuid.uuid4()}"
    assert_problem(client.get(unknown, headers=bearer(ticket["token"])), 404, "not_found")


def test_no_answer_carries_another_tickets_token_and_none_is_stored(app, client, moment):
    tickets = [take(client, moment, name) for name in ("Ann", "Bo", "Cy", "Di")]
    tokens = {ticket["token"] for ticket in tickets}
    for ticket in tickets:
        posted = json.dumps(ticket)
        assert [token for token in tokens if token in posted] == [ticket["token"]]
        polled = json.dumps(poll(client, ticket))
        assert "token" not in json.loads(polled) and not any(t in polled for t in tokens)
    with Session(app.extensions["db_engine"]) as session:
        stored = " ".join(
            " ".join(str(value) for value in row)
            for model in (QuickplayTicket, Game)
            for row in session.execute(select(*model.__table__.columns))
        )
    assert not any(token in stored for token in tokens)


@pytest.mark.parametrize(
    "body, field",
    [
        ({"type": "chess", "name": "Ann"}, "type"),
        ({"type": "old-maid", "name": "Ann", "seats": 5}, "seats"),  # online rules: 2-4
        ({"type": "spoons", "name": "Ann", "seats": 2}, "seats"),
        ({"type": "old-maid", "name": "Ann", "seats": "4"}, "seats"),
        ({"type": "old-maid", "name": ""}, "name"),
        ({"type": "old-maid", "name": "A\u202eB"}, "name"),
        ({"type": "old-maid"}, "name"),
        ({"type": "old-maid", "name": "Ann", "bots": "yes"}, "bots"),
        ({"type": "old-maid", "name": "Ann", "code": "K7QX2M9B"}, "code"),
    ],
)
def test_a_bad_body_is_a_422_that_changes_nothing(app, client, moment, body, field):
    answer = client.post("/v1/quickplay", json=body)
    assert field in assert_problem(answer, 422, answer.json["code"])["errors"]
    assert answer.json["code"] in {"validation_error", "invalid_options"}
    with Session(app.extensions["db_engine"]) as session:
        assert session.scalar(select(func.count()).select_from(QuickplayTicket)) == 0
        assert session.scalar(select(func.count()).select_from(RateCounter)) == 0


def test_the_seats_default_to_four_within_the_games_range(client, moment):
    seats = {
        game: take(client, moment, "Ann", type=game)["seats"]
        for game in ("old-maid", "spoons", "go-fish")
    }
    assert seats == {"old-maid": 4, "spoons": 4, "go-fish": 4}
    assert take(client, moment, "Ann", type="spoons", seats=3)["seats"] == 3


def test_tickets_are_limited_per_client(client, moment, monkeypatch):
    monkeypatch.setitem(limits.PER_MINUTE, "quickplay", 3)
    answers = [
        client.post("/v1/quickplay", json={"type": "old-maid", "name": f"p{n}"}) for n in range(5)
    ]
    assert [answer.status_code for answer in answers] == [201] * 3 + [429] * 2
    refused = assert_problem(answers[-1], 429, "too_many_requests")
    assert "address" in refused["detail"] and 0 < int(answers[-1].headers["Retry-After"]) <= 60
    elsewhere = client.post(
        "/v1/quickplay",
        json={"type": "old-maid", "name": "x"},
        environ_base={"REMOTE_ADDR": "10.1.2.3"},
    )
    assert elsewhere.status_code == 201, "the limit is per client"


def test_play_now_tables_count_against_nobodys_create_limit(client, moment, monkeypatch):
    monkeypatch.setitem(limits.PER_MINUTE, "create", 1)
    last = [take(client, moment, f"p{n}") for n in range(8)][-1]
    assert last["status"] == "seated"
    assert client.post("/v1/games", json={"type": "old-maid"}).status_code == 201


def test_a_table_chosen_but_not_made_is_made_by_the_next_look(app, client, moment, monkeypatch):
    """The process that chose the table died before it made the game: any of its
    tickets' next polls makes it, once, dealt."""
    monkeypatch.setattr(quickplay, "open_table", lambda unit, game_id: None)
    tickets = [take(client, moment, f"p{n}") for n in range(4)]
    chosen = poll(client, tickets[0])
    assert chosen["status"] == "seated"
    assert client.get(f"/v1/games/{chosen['game_id']}").status_code == 404, "not made"
    monkeypatch.undo()
    with ThreadPoolExecutor(4) as pool:  # every holder polls at once
        seated = list(pool.map(lambda t: poll(app.test_client(), t), tickets))
    assert {s["game_id"] for s in seated} == {chosen["game_id"]}
    game = summary(client, chosen["game_id"])
    assert game["status"] == "playing" and game["round"] == 1
    log = client.get(f"/v1/games/{chosen['game_id']}/events?limit=50").json["events"]
    assert [e["type"] for e in log].count("deal") == 1, "made and dealt once"


def test_the_worker_fills_tables_while_their_holders_are_between_polls(app, client, moment):
    ticket = take(client, moment, "Ann")
    keep_polling(client, moment, [ticket], FILL - 5)
    later(moment, 5)  # due, and no poll since
    quickplay.sweep(app.extensions["db_engine"])
    with Session(app.extensions["db_engine"]) as session:
        assert session.scalar(select(QuickplayTicket.game_id)) is not None


@pytest.mark.postgres
def test_tickets_another_run_holds_are_waited_for_not_passed(app, client, moment):
    """The matcher skips tickets locked by another run; it must not seat the ones after
    them first (first come, first seated), and seats them all once they are free."""
    tickets = [take(client, moment, f"p{n}") for n in range(3)]
    with Unit(app.extensions["db_engine"]) as other, other.transaction():
        oldest = select(QuickplayTicket).where(QuickplayTicket.name == "p0").with_for_update()
        other.connection().execute(oldest)  # held by another run meanwhile
        tickets += [take(client, moment, f"p{n}") for n in (3, 4)]
    assert [poll(client, t)["seat"] for t in tickets] == [0, 1, 2, 3, None]


def test_a_long_poll_wakes_when_its_table_is_made(app, client, monkeypatch):
    """In real time: the first holder waits; three more press Play now. No timed look
    comes before the wait's end: the hint wakes it (on SQLite, which has none, its
    polling)."""
    monkeypatch.setattr(quickplay, "RECHECK_SECONDS", (30, 30))
    first = client.post("/v1/quickplay", json={"type": "go-fish", "name": "Ann"}).json
    answers = []
    waiter = threading.Thread(target=lambda: answers.append(poll(app.test_client(), first, 20)))
    started = time.monotonic()
    waiter.start()
    for name in ("Bo", "Cy", "Di"):
        time.sleep(0.2)
        client.post("/v1/quickplay", json={"type": "go-fish", "name": name})
    waiter.join()
    assert answers[0]["status"] == "seated" and answers[0]["seat"] == 0
    assert time.monotonic() - started < 10, "woken by the table, not by the wait's end"


def test_retention_prunes_the_tickets_nobody_polls(app, client, moment):
    take(client, moment, "Ann")
    engine = app.extensions["db_engine"]
    assert retention.prune(engine, moment[0])["quickplay_tickets"] == 0
    assert retention.prune(engine, moment[0] + timedelta(hours=25))["quickplay_tickets"] == 1


# -- the matcher's rule, alone ---------------------------------------------------------

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def waiting(bots=True, due=False):
    fill_at = NOW - timedelta(seconds=1) if due else NOW + timedelta(seconds=1)
    return matching.Waiting(uuid.uuid4(), bots, fill_at if bots else None)


def test_full_tables_first_then_the_due_ones_with_bots_and_only_with_the_whole_queue():
    queue = [waiting(due=True) for _ in range(5)] + [waiting(bots=False), waiting()]
    assert matching.tables(queue, 4, NOW, whole=True) == [queue[:4], [queue[4], queue[6]]]
    assert matching.tables(queue, 4, NOW, whole=False) == [queue[:4]]
    not_due = [waiting(), waiting(due=True)]
    assert matching.tables(not_due, 4, NOW, whole=True) == [], "the oldest decides"
    assert matching.tables([waiting(bots=False)] * 3, 4, NOW, whole=True) == []


# -- three instances -------------------------------------------------------------------

INSTANCES = 3
PEOPLE = 12


@pytest.mark.postgres
def test_twelve_at_once_on_three_instances_sit_at_three_full_tables(database_url):
    """Twelve people press Play now for Old Maid at once, spread over three instances on
    one database, then each long-polls its ticket on another instance: within 2 s of the
    last press all twelve are seated at three full tables, nobody at two, nobody left."""
    from tests.push.server import serve

    with ExitStack() as stack, ThreadPoolExecutor(PEOPLE) as pool:
        servers = list(pool.map(lambda _: stack.enter_context(serve(database_url, 1)), "abc"))
        start = threading.Barrier(PEOPLE)

        def play_now(person: int) -> tuple[str, dict, float, dict, float]:
            here, there = servers[person % 3], servers[(person + 1) % 3]
            name = f"person {person}"
            start.wait()
            ticket = call(here, "POST", "/v1/quickplay", {"type": "old-maid", "name": name})
            pressed = time.monotonic()
            polled, path = ticket, f"/v1/quickplay/{ticket['id']}?wait=10"
            while polled["status"] == "waiting":
                polled = call(there, "GET", path, token=ticket["token"])
            return name, ticket, pressed, polled, time.monotonic()

        played = list(pool.map(play_now, range(PEOPLE)))
        last_press = max(pressed for _, _, pressed, _, _ in played)
        late = [round(at - last_press, 2) for *_, at in played if at - last_press > 2]
        assert not late, f"seated more than 2 s after the last press: {late}"
        tables: dict[str, list] = {}
        for name, ticket, _, polled, _ in played:
            tables.setdefault(polled["game_id"], []).append((polled["seat"], name, ticket))
        assert len(tables) == 3, "three tables, so nobody at two"
        for game_id, seated in tables.items():
            assert sorted(seat for seat, _, _ in seated) == [0, 1, 2, 3]
            game = call(servers[0], "GET", f"/v1/games/{game_id}")
            assert game["status"] == "playing"
            for seat, name, ticket in seated:
                assert (game["seats"][seat]["name"], game["seats"][seat]["bot"]) == (name, None)
                view = call(servers[1], "GET", f"/v1/games/{game_id}/view", token=ticket["token"])
                assert view["seat"] == seat


def call(server, method: str, path: str, body=None, token=None) -> dict:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
    headers = {"Content-Type": "application/json", **(bearer(token) if token else {})}
    try:
        connection.request(method, path, None if body is None else json.dumps(body), headers)
        answer = connection.getresponse()
        payload = json.loads(answer.read())
        assert answer.status in (200, 201), (method, path, answer.status, payload)
        return payload
    finally:
        connection.close()
