"""a game's seats in a JSON column of its row, not a table of their own: a game is read
and saved as one row, and the lobby reads no other table (on Citus, no fan-out to the
seats' shards for a page of games)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")
FIELDS = ("seat", "name", "bot", "token_hash", "joined_at")
OBJECT = ", ".join(f"'{name}', {name}" for name in FIELDS)  # json_build_object's pairs

COPY_IN = {
    "postgresql": f"""
        UPDATE games SET seats = of_game.rows
        FROM (SELECT game_id, jsonb_agg(jsonb_build_object({OBJECT}) ORDER BY seat) AS rows
              FROM seats GROUP BY game_id) AS of_game
        WHERE games.id = of_game.game_id""",
    "sqlite": f"""
        UPDATE games SET seats = (
            SELECT json_group_array(json_object({OBJECT}))
            FROM (SELECT * FROM seats WHERE seats.game_id = games.id ORDER BY seat))
        WHERE id IN (SELECT game_id FROM seats)""",
}
COPY_OUT = {
    "postgresql": """
        INSERT INTO seats (game_id, seat, name, bot, token_hash, joined_at)
        SELECT games.id, seat.seat, seat.name, seat.bot, seat.token_hash, seat.joined_at
        FROM games, jsonb_to_recordset(games.seats) AS seat(seat integer, name text,
            bot text, token_hash text, joined_at timestamptz)""",
    "sqlite": f"""
        INSERT INTO seats (game_id, {", ".join(FIELDS)})
        SELECT games.id, {", ".join(f"json_extract(seat.value, '$.{name}')" for name in FIELDS)}
        FROM games, json_each(games.seats) AS seat""",
}


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("seats", JSON, server_default=sa.text("'[]'"), nullable=False))
    op.execute(COPY_IN[op.get_bind().dialect.name])
    op.drop_table("seats")


def downgrade() -> None:
    op.create_table(
        "seats",
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("bot", sa.String(length=20), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    connection = op.get_bind()
    citus = "SELECT count(*) FROM pg_extension WHERE extname = 'citus'"
    if connection.dialect.name == "postgresql" and connection.scalar(sa.text(citus)):
        # distributed before its foreign key: Citus refuses one from a local table
        distribute = "SELECT create_distributed_table('seats', 'game_id', colocate_with => 'games')"
        op.execute(distribute)
    with op.batch_alter_table("seats") as batch:
        batch.create_foreign_key("seats_game_id_fkey", "games", ["game_id"], ["id"])
    op.execute(COPY_OUT[connection.dialect.name])
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seats")
