"""the table a finished match is played again at: ``next_game_id`` (and, for a private
one, its join code, given to the finished game's seats only), set once, with a
compare-and-set, after the new table was made in a transaction of its own

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("next_game_id", sa.Uuid(), nullable=True))
        batch.add_column(sa.Column("next_game_code", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("next_game_code")
        batch.drop_column("next_game_id")
