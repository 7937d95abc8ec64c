"""seed nonces, chosen seeds, who made each move

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Tables made before keep no nonce, and so the commitment they published.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("nonce", sa.String(length=40), nullable=True))
        batch.add_column(
            sa.Column("seeded", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("by", sa.String(length=10), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("by")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seeded")
        batch.drop_column("nonce")
