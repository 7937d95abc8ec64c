"""Play now's queue: ``quickplay_tickets``, one row per player waiting for a seat at the
next table of a game (type and seats), until the matcher gives it a game and a seat. Not
a game's table: on Citus it stays a plain table on the coordinator, as the rate counters
do (migration ``0008`` distributes nothing more).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WAITING = sa.text("game_id IS NULL")


def upgrade() -> None:
    op.create_table(
        "quickplay_tickets",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("bots", sa.Boolean(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("fill_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("alive_until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("game_id", sa.Uuid(), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "ix_quickplay_tickets_waiting",
        "quickplay_tickets",
        ["type", "seats", "created_at"],
        postgresql_where=WAITING,
        sqlite_where=WAITING,
    )
    op.create_index("ix_quickplay_tickets_game_id", "quickplay_tickets", ["game_id"])


def downgrade() -> None:
    op.drop_table("quickplay_tickets")
