"""The catalogue of game types."""

from dataclasses import asdict
from typing import Any

from flask.views import MethodView

from ..engine import GAMES, Rules
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
                    "players": players(game),
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


def players(game: Rules[Any]) -> dict[str, Any]:
    """The game's range of players, and the range with its default options (a preset
    may narrow it): the lobby's cards and choices start from the latter."""
    low, high = game.player_range(game.resolve_options({}))
    by_default = {"min": low, "max": high}
    return {"min": game.min_players, "max": game.max_players, "by_default": by_default}


def rules_url(slug: str) -> str:
    """Where the game's full rules are: its section of the rules page, whose anchors are
    the game types (docs/rules.md)."""
    return f"/rules#{slug}"
