"""who is at a table: one row per game and instance with the seats that have a live
stream open there and the spectators (``store.presence``); on Citus, co-located with
the game

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
    op.create_table(
        "presence",
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.Column("instance", sa.String(36), nullable=False),
        sa.Column("here", json, nullable=False),
        sa.Column("spectators", sa.Integer(), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "instance"),
    )
    connection = op.get_bind()
    on_citus = connection.dialect.name == "postgresql" and connection.scalar(
        sa.text("SELECT 1 FROM pg_extension WHERE extname = 'citus'")
    )
    if on_citus:
        op.execute(
            "SELECT create_distributed_table('presence', 'game_id', colocate_with => 'games')"
        )


def downgrade() -> None:
    op.drop_table("presence")
