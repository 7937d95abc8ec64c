"""Each card's picture, as SVG, at a stable URL: ``/play/cards/<card id>.svg``."""

from flask import Blueprint

blp = Blueprint("cards", __name__, url_prefix="/play/cards")
