"""The URL map remembers what a path matched, and leaves the garbage collector nothing."""

import gc
import uuid

import pytest
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import Map

from service.api.routing import RememberingMap


def moves_path(game_id):
    return f"/v1/games/{game_id}/moves"


def match(app, path, method="POST"):
    return app.url_map.bind("localhost").match(path, method)


def test_a_path_matched_again_gives_its_own_copy_of_the_same_values(app):
    game_id = uuid.uuid4()
    endpoint, values = match(app, moves_path(game_id))
    values["game_id"] = "changed by the view"
    again = match(app, moves_path(game_id))
    assert again == (endpoint, {"game_id": game_id})
    assert match(app, moves_path(other := uuid.uuid4())) == (endpoint, {"game_id": other})


def test_a_refused_path_is_refused_every_time(app):
    for _ in range(2):
        with pytest.raises(NotFound):
            match(app, "/v1/nowhere")
        with pytest.raises(MethodNotAllowed):
            match(app, moves_path(uuid.uuid4()), method="DELETE")


@pytest.mark.parametrize("kind,cycles", [(RememberingMap, False), (Map, True)])
def test_matching_a_path_again_leaves_no_cycle_to_collect(app, kind, cycles):
    """werkzeug's own map leaves one per match (the control)."""
    url_map = kind([rule.empty() for rule in app.url_map.iter_rules()])
    adapter = url_map.bind("localhost")
    path = moves_path(uuid.uuid4())
    adapter.match(path, "POST")
    gc.collect()
    gc.disable()
    try:
        for _ in range(100):
            adapter.match(path, "POST")
        found = gc.collect()
    finally:
        gc.enable()
    assert (found >= 100) is cycles, found
