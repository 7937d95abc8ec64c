"""on Citus, every table a request or the worker touches known to every node, so that
``DATABASE_URL`` may name any node (SCALING.md's rule 10): ``rate_counters``
distributed by the client's key (each statement names one); ``alembic_version`` a
reference table, read where it is by every node's readiness; the workers' heartbeats
and Play now's queue local to the coordinator but in the metadata, so any node runs
their statements there (the queue's ``FOR UPDATE SKIP LOCKED`` over many rows stays
one node's). On PostgreSQL without the ``citus`` extension, nothing.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, the function that puts it into the metadata, and its arguments after the name)
INTO_METADATA = (
    ("rate_counters", "create_distributed_table", ", 'client', colocate_with => 'none'"),
    ("alembic_version", "create_reference_table", ""),
    ("worker_heartbeats", "citus_add_local_table_to_metadata", ""),
    ("quickplay_tickets", "citus_add_local_table_to_metadata", ""),
)


def _on_citus() -> bool:
    connection = op.get_bind()
    if connection.dialect.name != "postgresql":
        return False
    installed = sa.text("SELECT 1 FROM pg_extension WHERE extname = 'citus'")
    return connection.scalar(installed) is not None


def _in_metadata(table: str) -> bool:
    known = sa.text("SELECT 1 FROM pg_dist_partition WHERE logicalrelid = to_regclass(:table)")
    return op.get_bind().scalar(known, {"table": table}) is not None


def upgrade() -> None:
    if not _on_citus():
        return
    for table, function, arguments in INTO_METADATA:
        if not _in_metadata(table):  # an operator may have added it by hand
            op.execute(sa.text(f"SELECT {function}('{table}'{arguments})"))


def downgrade() -> None:
    """Back to plain tables on the coordinator."""
    if not _on_citus():
        return
    for table, _function, _arguments in INTO_METADATA:
        if _in_metadata(table):
            op.execute(sa.text(f"SELECT undistribute_table('{table}')"))
