"""The catalogue of game types."""

from dataclasses import asdict
from typing import Any

from flask.views import MethodView

from ..engine import GAMES
from . import caching, schemas, texts
from .parsing import Blueprint

blp = Blueprint(
    "catalog", __name__, description="Game types and their options", uses_database=False
)


@blp.route("/catalog")
class Catalog(MethodView):
    @blp.response(
        200,
        schemas.CatalogSchema,
        headers=caching.etag_header("Weak, of the catalogue; send it back in If-None-Match"),
    )
    @blp.alt_response(304, description=caching.NOT_MODIFIED)
    @blp.doc(operationId="get_catalog")
    def get(self) -> dict[str, Any]:
        """Every game type: players, options with defaults and allowed values, deck, rules"""
        return {
            "games": [
                {
                    "slug": game.slug,
                    "title": game.title,
                    "players": {"min": game.min_players, "max": game.max_players},
                    "options": [
                        {**asdict(option), "text": texts.option_text(game, option)}
                        for option in game.options
                    ],
                    "deck": game.deck,
                    "rules": game.rules_summary,
                    "rules_url": rules_url(game.slug),
                    "text": texts.game_text(game),
                }
                for game in GAMES.values()
            ]
        }


def rules_url(slug: str) -> str:
    """Where the game's full rules are: its section of the rules page, whose anchors are
    the game types (docs/rules.md)."""
    return f"/rules#{slug}"
