"""a rematch's join code is no longer kept readable: it is shown once, to who made the
table, and stored as its hash like every code; the rematch's seats are held for the
finished match's people instead (in ``games.seats``, JSON: no column)

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("next_game_code")


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("next_game_code", sa.String(16), nullable=True))
