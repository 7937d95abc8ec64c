"""scheduled actions, the clock, code guessing limits

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("next_action_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(
            sa.Column("think_seconds", sa.Float(), nullable=False, server_default="1.0")
        )
        batch.add_column(sa.Column("clock", JSON, nullable=False, server_default=sa.text("'{}'")))
        batch.create_index("ix_games_next_action_at", ["next_action_at"])
    op.create_table(
        "code_failures",
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("client"),
    )


def downgrade() -> None:
    op.drop_table("code_failures")
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_next_action_at")
        batch.drop_column("clock")
        batch.drop_column("think_seconds")
        batch.drop_column("next_action_at")
