"""seed nonces, chosen seeds, who made each move

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("nonce", sa.String(length=40), nullable=True))
        batch.add_column(
            sa.Column("seeded", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    games = sa.table("games", sa.column("id", sa.Uuid()), sa.column("nonce"))
    connection = op.get_bind()
    for (game_id,) in connection.execute(sa.select(games.c.id)):
        nonce = str(secrets.randbits(128))  # a new commitment for tables made before nonces
        connection.execute(games.update().where(games.c.id == game_id).values(nonce=nonce))
    with op.batch_alter_table("games") as batch:
        batch.alter_column("nonce", existing_type=sa.String(length=40), nullable=False)
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("by", sa.String(length=10), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("by")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seeded")
        batch.drop_column("nonce")
