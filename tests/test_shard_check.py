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
    assert problems(CORRELATED_READ) == ["games (as seen) is not pinned by id = a value"]


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


@pytest.mark.parametrize("rounds", [False, True])
def test_todays_save_passes(rounds):
    assert problems(sql(games._save_call(rounds))) == []


def test_inserts_pass_with_one_game_and_fail_with_two_or_none():
    assert problems("INSERT INTO events (game_id, seq) VALUES ($1, 1), ($1, 2)") == []
    assert problems("INSERT INTO events (game_id, seq) VALUES ($1, 1), ($2, 2)") == [
        "pinned to different values ['$1', '$2']: not one shard"
    ]
    assert problems("INSERT INTO events (seq) VALUES ($1)") == [
        "INSERT into events names no game_id"
    ]


def test_a_join_an_outer_joins_on_or_an_or_pins_nothing():
    joined = "SELECT 1 FROM games JOIN events ON events.game_id = games.id WHERE games.id = $1"
    assert problems(joined) == ["events (as events) is not pinned by game_id = a value"]
    outer = "SELECT 1 FROM games LEFT JOIN events e ON e.game_id = $1 WHERE games.id = $1"
    assert problems(outer) == ["events (as e) is not pinned by game_id = a value"]
    inner = "SELECT 1 FROM games JOIN events e ON e.game_id = $1 WHERE games.id = $1"
    assert problems(inner) == []
    either = "SELECT 1 FROM events WHERE events.game_id = $1 OR events.seq = 2"
    assert problems(either) == ["events (as events) is not pinned by game_id = a value"]
    assert problems("SELECT 1 FROM events WHERE game_id = $1 AND seq = 2") == []


def test_two_games_or_two_colocation_groups_in_one_statement_fail():
    two = "SELECT 1 FROM games WHERE id = $1 AND EXISTS (SELECT FROM events WHERE game_id = $2)"
    assert problems(two) == ["pinned to different values ['$1', '$2']: not one shard"]
    code = "SELECT 1 FROM join_codes, games WHERE join_codes.code_hash = $1 AND games.id = $2"
    assert problems(code) == ["tables of different co-location groups: not one shard"]


def test_a_statement_the_check_cannot_read_fails():
    merge = "MERGE INTO events USING (SELECT 1) s ON false WHEN NOT MATCHED THEN DO NOTHING"
    assert problems(merge) == ["1 reference(s) where the check does not read (MERGE, COPY...)"]


def test_named_cross_game_statements_pass_and_unknown_names_fail():
    lobby = f"SELECT {across_games('lobby')} id FROM games WHERE visibility = 'public'"
    assert problems(lobby) == []
    assert problems(lobby.replace("lobby", "shortcut")) == ["an unknown cross-game name 'shortcut'"]
    assert problems(lobby.replace(across_games("lobby"), "")) == [
        "games (as games) is not pinned by id = a value"
    ]


def test_statements_off_the_game_tables_pass():
    assert problems("SELECT pg_notify('changes', %(payload)s)") == []
    assert problems("DELETE FROM worker_heartbeats WHERE beat_at < $1") == []


def test_the_pyformat_placeholders_become_numbered_parameters():
    assert as_postgres("x = %(a)s AND y = %(b)s AND z = %(a)s AND w LIKE 'a%%'") == (
        "x = $1 AND y = $2 AND z = $1 AND w LIKE 'a%'"
    )


def test_the_report_names_where_a_failing_statement_was_sent():
    report = check({CORRELATED_READ: "service/store/reads.py:170 _query", "SELECT 1": "x"})
    assert len(report) == 1
    assert all(line.startswith("service/store/reads.py:170 _query: ") for line in report)
