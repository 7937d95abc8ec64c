"""join codes hashed, rate counters, worker heartbeats

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("code_hash", sa.String(length=64), nullable=True))
    games = sa.table("games", sa.column("id", sa.Uuid()), sa.column("code"), sa.column("code_hash"))
    connection = op.get_bind()
    for game_id, code in connection.execute(
        sa.select(games.c.id, games.c.code).where(games.c.code.is_not(None))
    ):
        digest = hashlib.sha256(code.encode()).hexdigest()
        connection.execute(games.update().where(games.c.id == game_id).values(code_hash=digest))
    with op.batch_alter_table("games") as batch:
        batch.drop_column("code")
        batch.create_unique_constraint("uq_games_code_hash", ["code_hash"])
    op.drop_table("code_failures")
    op.create_table(
        "rate_counters",
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("client", "action"),
    )
    op.create_table(
        "worker_heartbeats",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("beat_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )


def downgrade() -> None:
    """Codes cannot be un-hashed: private tables lose theirs (they can no longer be
    joined by code)."""
    op.drop_table("worker_heartbeats")
    op.drop_table("rate_counters")
    op.create_table(
        "code_failures",
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("client"),
    )
    with op.batch_alter_table("games") as batch:
        batch.drop_constraint("uq_games_code_hash", type_="unique")
        batch.drop_column("code_hash")
        batch.add_column(sa.Column("code", sa.String(length=16), nullable=True))
        batch.create_unique_constraint("uq_games_code", ["code"])
