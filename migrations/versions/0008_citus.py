"""on Citus, the game's tables sharded by the game's id: ``games`` distributed by ``id``
and ``seats``, ``events`` and ``idempotent_answers`` co-located with it, so that all of
a game's rows live on one shard and each move is that node's transaction; the join
codes distributed by the code's hash. The rate counters and the workers' heartbeats
stay plain tables on the coordinator: written apart from any game, they commit there
alone. On PostgreSQL without the ``citus`` extension, nothing.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, distribution column, co-located with): the order in which they are distributed
DISTRIBUTED = (
    ("games", "id", "default"),
    ("seats", "game_id", "games"),
    ("events", "game_id", "games"),
    ("idempotent_answers", "game_id", "games"),
    ("join_codes", "code_hash", "none"),
)


def _on_citus() -> bool:
    connection = op.get_bind()
    if connection.dialect.name != "postgresql":
        return False
    installed = sa.text("SELECT 1 FROM pg_extension WHERE extname = 'citus'")
    return connection.scalar(installed) is not None


def upgrade() -> None:
    if not _on_citus():
        return
    for table, column, colocate_with in DISTRIBUTED:
        op.execute(
            sa.text(
                "SELECT create_distributed_table(:table, :column, colocate_with => :colocate)"
            ).bindparams(table=table, column=column, colocate=colocate_with)
        )


def downgrade() -> None:
    """Back to local tables on the coordinator (the game's tables go together, through
    their foreign keys)."""
    if not _on_citus():
        return
    for table in ("join_codes", "games"):
        undistribute = "SELECT undistribute_table(:table, cascade_via_foreign_keys => true)"
        op.execute(sa.text(undistribute).bindparams(table=table))
