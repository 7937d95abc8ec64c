"""join codes in a table of their own, keyed by the code's hash: a join by code is one
look-up, and on Citus one shard's (``games`` is sharded by its id, which no unique
constraint on a code can include)

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "join_codes",
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.PrimaryKeyConstraint("code_hash"),
    )
    op.execute(
        "INSERT INTO join_codes (code_hash, game_id)"
        " SELECT code_hash, id FROM games WHERE code_hash IS NOT NULL"
    )
    with op.batch_alter_table("games") as batch:
        batch.drop_constraint("uq_games_code_hash", type_="unique")


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.create_unique_constraint("uq_games_code_hash", ["code_hash"])
    op.drop_table("join_codes")
