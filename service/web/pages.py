"""The pages and modules of the web table, under ``/play``."""

from flask import Blueprint

blp = Blueprint("play", __name__, url_prefix="/play")
