"""tools/shard_check.py, which make test runs on every statement the service sent: it
passes the store's statements of today and fails those that Citus ran on every shard."""

import pytest
from sqlalchemy.dialects import postgresql

from service.store import games
from service.store.db import across_games
from tools.shard_check import as_postgres, check, problems

DIALECT = postgresql.psycopg.dialect()  # type: ignore[attr-defined]

# store/reads.py's locked read as it was (dcaf3e5): its subqueries name games.id, not
# the game's id, so Citus refused it with FOR UPDATE and ran it on all 32 shards without.
CORRELATED_READ = """
SELECT games.id, games.version, (SELECT seen.version FROM games AS seen
WHERE seen.id = games.id) AS seen_version, (SELECT json_agg(json_build_array(seats.seat,
seats.name)) AS json_agg_1 FROM seats WHERE seats.game_id = games.id) AS seat_rows
FROM games WHERE games.id = %(game_id)s::UUID FOR UPDATE OF games"""

# the save as it was (3d9747c~1): the events from INSERT ... SELECT, which Citus ran on
# every worker and committed with two-phase commit
INSERT_SELECT_SAVE = """
WITH saved AS (UPDATE games SET version=%(version)s::INTEGER WHERE games.id = %(game_id)s::UUID
AND games.version = %(read_version)s::INTEGER RETURNING games.id),
logged AS (INSERT INTO events (game_id, seq, data) SELECT %(game_id)s::UUID AS anon_1,
events_row.seq AS seq, events_row.data AS data FROM jsonb_to_recordset(%(events)s::JSONB)
AS events_row(seq INTEGER, data JSONB) WHERE EXISTS (SELECT saved.id FROM saved))
SELECT count(*) AS count_1 FROM saved"""


def sql(statement) -> str:
    return str(statement.compile(dialect=DIALECT))


def test_the_old_correlated_read_fails():
    found = problems(CORRELATED_READ)
    assert found == [
        "games (as seen) is not pinned by id = a value",
        "seats (as seats) is not pinned by game_id = a value",
    ]


def test_the_old_insert_select_save_fails():
    assert problems(INSERT_SELECT_SAVE) == [
        "INSERT into events not from VALUES (INSERT ... SELECT runs on every shard)"
    ]


@pytest.mark.parametrize(
    ("lock", "paged"), [(None, False), (games.WAIT, False), (games.SKIP, False), (None, True)]
)
def test_todays_game_read_passes(lock, paged):
    assert problems(sql(games._query("postgresql", lock, paged))) == []


@pytest.mark.parametrize("rounds", [False, True])
def test_todays_update_passes(rounds):
    assert problems(sql(games._update(rounds))) == []


def test_an_insert_with_values_passes_and_one_without_the_id_fails():
    rows = [{"game_id": "a", "seq": 1}, {"game_id": "a", "seq": 2}]
    assert problems(sql(games.EVENTS.insert().values(rows))) == []
    assert problems("INSERT INTO events (seq) VALUES ($1)") == [
        "INSERT into events names no game_id"
    ]


def test_a_join_or_an_or_pins_nothing():
    joined = "SELECT 1 FROM games JOIN seats ON seats.game_id = games.id WHERE games.id = $1"
    assert problems(joined) == ["seats (as seats) is not pinned by game_id = a value"]
    either = "SELECT 1 FROM events WHERE events.game_id = $1 OR events.seq = 2"
    assert problems(either) == ["events (as events) is not pinned by game_id = a value"]
    assert problems("SELECT 1 FROM seats WHERE game_id = $1 AND seat = 2") == []


def test_named_cross_game_statements_pass_and_unknown_names_fail():
    lobby = f"SELECT {across_games('lobby')} id FROM games WHERE visibility = 'public'"
    assert problems(lobby) == []
    assert problems(lobby.replace("lobby", "shortcut")) == ["an unknown cross-game name 'shortcut'"]
    assert problems(lobby.replace(across_games("lobby"), "")) == [
        "games (as games) is not pinned by id = a value"
    ]


def test_statements_off_the_game_tables_pass():
    assert problems("SELECT pg_notify('changes', %(payload)s)") == []
    assert problems("DELETE FROM rate_counters WHERE window_start < $1") == []


def test_the_pyformat_placeholders_become_numbered_parameters():
    assert as_postgres("x = %(a)s AND y = %(b)s AND z = %(a)s AND w LIKE 'a%%'") == (
        "x = $1 AND y = $2 AND z = $1 AND w LIKE 'a%'"
    )


def test_the_report_names_where_a_failing_statement_was_sent():
    report = check({CORRELATED_READ: "service/store/reads.py:170 _query", "SELECT 1": "x"})
    assert len(report) == 2
    assert all(line.startswith("service/store/reads.py:170 _query: ") for line in report)
