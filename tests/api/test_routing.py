"""The URL map remembers what a path matched, and leaves the garbage collector nothing."""

import gc
import uuid

import pytest
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import Map, Rule

from service.api.routing import LONGEST_KEPT, RememberingMap


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


def cycles_left(adapter, path, times=100) -> int:
    """What the collector finds after matching ``path`` ``times`` times more."""
    adapter.match(path, "POST")
    gc.collect()
    gc.disable()
    try:
        for _ in range(times):
            adapter.match(path, "POST")
        return gc.collect()
    finally:
        gc.enable()


def test_the_apps_map_matches_a_path_again_leaving_no_cycle(app):
    assert cycles_left(app.url_map.bind("localhost"), moves_path(uuid.uuid4())) == 0


def test_werkzeugs_own_map_leaves_a_cycle_at_every_match(app):
    """The control: what the app's map spares."""
    url_map = Map([rule.empty() for rule in app.url_map.iter_rules()])
    assert cycles_left(url_map.bind("localhost"), moves_path(uuid.uuid4())) >= 100


def test_a_long_path_is_matched_anew_each_time(app):
    matched = app.url_map._matcher._matched
    kept = matched.cache_info().currsize
    long_path = "/play/static/" + "x" * LONGEST_KEPT
    assert app.url_map.bind("localhost").match(long_path)[0] == "play.asset"
    assert matched.cache_info().currsize == kept


def test_a_rule_added_after_a_match_is_matched_by_its_path():
    url_map = RememberingMap([Rule("/a/<x>", endpoint="any")])
    assert url_map.bind("localhost").match("/a/b") == ("any", {"x": "b"})
    url_map.add(Rule("/a/b", endpoint="this one"))
    assert url_map.bind("localhost").match("/a/b") == ("this one", {})
