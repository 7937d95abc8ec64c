"""a change of a game saved by one function call, ``save_game_change``: the UPDATE of the
game's row if its version is still the one read (else SQLSTATE ``P0002``), then its
events and remembered answers, each row's INSERT naming the game's id. On Citus the
function is distributed by the game's id, co-located with ``games``: a call outside a
transaction is sent whole to the node of the game's shard and runs there, one round
trip, where a statement's WITH parts went one by one. On SQLite, nothing (its saves are
statements of their own).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The events come in the order of their seqs, which end at the game's new last_seq; each
# is a JSON object of the columns but the game's id and its seq.
SAVE = """
CREATE FUNCTION save_game_change(
    p_game_id uuid,
    p_read_version integer,
    p_status varchar,
    p_round integer,
    p_version integer,
    p_rng_counter bigint,
    p_state jsonb,
    p_match jsonb,
    p_next_action_at timestamptz,
    p_clock jsonb,
    p_last_seq integer,
    p_updated_at timestamptz,
    p_seats jsonb,
    p_next_game_id uuid,
    p_rounds jsonb,
    p_events jsonb,
    p_answers jsonb
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    logged record;
    remembered record;
    first_seq integer := p_last_seq - jsonb_array_length(p_events);
BEGIN
    UPDATE games SET
        status = p_status, round = p_round, version = p_version,
        rng_counter = p_rng_counter, state = p_state, match = p_match,
        next_action_at = p_next_action_at, clock = p_clock, last_seq = p_last_seq,
        updated_at = p_updated_at, seats = p_seats, next_game_id = p_next_game_id,
        rounds = coalesce(p_rounds, rounds)
    WHERE id = p_game_id AND version = p_read_version;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'game % changed since version %', p_game_id, p_read_version
            USING ERRCODE = 'no_data_found';
    END IF;
    FOR logged IN
        SELECT * FROM ROWS FROM (jsonb_to_recordset(p_events) AS (
            round integer, type varchar, seat integer, "by" varchar, data jsonb,
            secret jsonb, audience jsonb, at timestamptz))
        WITH ORDINALITY AS e(round, type, seat, "by", data, secret, audience, at, n)
    LOOP
        INSERT INTO events (game_id, seq, round, type, seat, "by", data, secret, audience, at)
        VALUES (p_game_id, first_seq + logged.n, logged.round, logged.type, logged.seat,
                logged."by", logged.data, logged.secret, logged.audience, logged.at);
    END LOOP;
    FOR remembered IN
        SELECT * FROM jsonb_to_recordset(p_answers) AS a(
            seat integer, key varchar, request_hash varchar, answer jsonb,
            created_at timestamptz)
    LOOP
        INSERT INTO idempotent_answers (game_id, seat, key, request_hash, answer, created_at)
        VALUES (p_game_id, remembered.seat, remembered.key, remembered.request_hash,
                remembered.answer, remembered.created_at);
    END LOOP;
END
$$
"""
DISTRIBUTE = """
SELECT create_distributed_function(
    'save_game_change'::regproc::regprocedure, 'p_game_id', colocate_with => 'games')
"""


def upgrade() -> None:
    connection = op.get_bind()
    if connection.dialect.name != "postgresql":
        return
    op.execute(SAVE)
    citus = connection.scalar(sa.text("SELECT 1 FROM pg_extension WHERE extname = 'citus'"))
    if citus:
        op.execute(DISTRIBUTE)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION save_game_change")
