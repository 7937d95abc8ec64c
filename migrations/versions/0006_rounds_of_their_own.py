"""rounds of their own: the finished rounds' results leave the match record for a column
of their own, and the match keeps each seat's totals

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
GAMES = sa.table(
    "games", sa.column("id", sa.Uuid), sa.column("match", JSON), sa.column("rounds", JSON)
)


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rounds", JSON, nullable=False, server_default=sa.text("'[]'")))
    connection = op.get_bind()
    for game_id, match in connection.execute(sa.select(GAMES.c.id, GAMES.c.match)).all():
        if "rounds" not in match:  # nothing to move (a table not dealt yet)
            continue
        rounds = match.pop("rounds")
        connection.execute(
            GAMES.update()
            .where(GAMES.c.id == game_id)
            .values(match={**match, **_totals(rounds, _players(rounds))}, rounds=rounds)
        )


def downgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.select(GAMES.c.id, GAMES.c.match, GAMES.c.rounds)).all()
    for game_id, match, rounds in rows:
        kept = {key: value for key, value in match.items() if key not in ("won", "lost", "score")}
        connection.execute(
            GAMES.update().where(GAMES.c.id == game_id).values(match={**kept, "rounds": rounds})
        )
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rounds")


def _players(rounds: list[dict]) -> int:
    """Enough seats for every seat a result names (totals beyond the last are zeros)."""
    named = [seat for result in rounds for seat in (*result["winners"], *result["losers"])]
    scored = [len(result["points"]) for result in rounds]
    return max([*(seat + 1 for seat in named), *scored], default=0)


def _totals(rounds: list[dict], players: int) -> dict:
    """Each seat's rounds won and lost and, once a round has scored, its score: what
    ``records.Match.counting`` keeps from then on."""
    if not rounds:
        return {}  # nothing counted yet: the record's defaults
    scored = [result["points"] for result in rounds if result["points"]]
    return {
        "won": [sum(seat in result["winners"] for result in rounds) for seat in range(players)],
        "lost": [sum(seat in result["losers"] for result in rounds) for seat in range(players)],
        "score": [sum(points[seat] for points in scored) for seat in range(players)]
        if scored
        else None,
    }
