"""The web table at ``/play``: static pages and ES modules that use only the public API
(``/v1``), each card's picture at a stable URL (``/play/cards/<id>.svg``), and the rules
of every game at ``/rules``."""

from flask import Flask, Response, redirect

from . import cards, pages, rules


def init_app(app: Flask) -> None:
    app.register_blueprint(pages.blp)
    app.register_blueprint(cards.blp)
    app.register_blueprint(rules.blp)  # /rules, /rules.md
    # the service's front door: people come to play (the API's own page is /docs)
    app.add_url_rule("/", "front_door", lambda: redirect("/play", code=302))
    # browsers ask for it by themselves (/docs and /redoc name none): no icon, no 404
    app.add_url_rule("/favicon.ico", "favicon", _no_icon)


def _no_icon() -> Response:
    return Response(status=204, headers={"Cache-Control": "public, max-age=86400"})
