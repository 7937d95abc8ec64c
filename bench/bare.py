"""The framework's ceiling: a bare Flask app answering the requests the load client sends
with fixed small JSON and no work, served by the repo's gunicorn.conf.py (same worker
class and count) in place of the service: ``gunicorn -c gunicorn.conf.py
bench.bare:app``."""

import json
from types import SimpleNamespace

from flask import Flask, Response, request

app = Flask(__name__)
# gunicorn's worker (service.serving) answers /v1/health before the app, with the
# number of waiters of the app's hub: the bare app has none
app.extensions["changes"] = SimpleNamespace(waiting=0)

_VIEW = {
    "status": "playing",
    "to_act": [0],
    "legal_moves": [{"type": "take", "position": 0}, {"type": "take", "position": 1}],
}
_ANSWERS = {
    "health": json.dumps({"status": "ok"}).encode(),
    "created": json.dumps(
        {"id": "00000000-0000-4000-8000-000000000000", "host_token": "h"}
    ).encode(),
    "joined": json.dumps({"token": "t"}).encode(),
    "dealt": json.dumps({"status": "playing", "to_act": [0]}).encode(),
    "view": json.dumps(_VIEW).encode(),
    "moved": json.dumps({"events": [{"seq": 1, "type": "take"}], "view": _VIEW}).encode(),
}


def _json(name: str, status: int = 200) -> Response:
    request.get_data()  # the body, as any handler receives it
    return Response(_ANSWERS[name], status, mimetype="application/json")


app.add_url_rule("/v1/health", "health", lambda: _json("health"))
app.add_url_rule("/v1/games", "create", lambda: _json("created", 201), methods=["POST"])
app.add_url_rule(
    "/v1/games/<game_id>/players", "join", lambda game_id: _json("joined", 201), methods=["POST"]
)
app.add_url_rule(
    "/v1/games/<game_id>/deal", "deal", lambda game_id: _json("dealt"), methods=["POST"]
)
app.add_url_rule("/v1/games/<game_id>/view", "view", lambda game_id: _json("view"))
app.add_url_rule(
    "/v1/games/<game_id>/moves", "move", lambda game_id: _json("moved", 201), methods=["POST"]
)
