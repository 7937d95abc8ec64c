"""Answers in reading order (``api.reading``): the keys a reader looks for first lead, in
their order, the rest follow sorted, at every depth; the orders it remembers stay
bounded, whatever keys clients make it see."""

import json

from service.api import reading
from service.api.reading import in_reading_order


def keys(value):
    return list(value)


def test_the_first_keys_lead_in_their_order_and_the_rest_follow_sorted():
    view = {"zeta": 1, "hand": ["5H"], "alpha": 2, "type": "old-maid", "seat": 0, "status": "x"}
    assert keys(in_reading_order(view)) == ["type", "status", "seat", "hand", "alpha", "zeta"]


def test_objects_are_ordered_at_every_depth_and_the_rest_passes_as_it_is():
    value = {
        "players": [{"name": "Ada", "seat": 1}, ("b", {"z": 0, "type": "t"})],
        "hand": ["KS", "2H"],
        "count": 3,
    }
    ordered = in_reading_order(value)
    assert keys(ordered) == ["hand", "count", "players"]
    assert keys(ordered["players"][0]) == ["seat", "name"]
    assert keys(ordered["players"][1][1]) == ["type", "z"]
    assert ordered["hand"] == ["KS", "2H"], "a list keeps its order"
    assert json.dumps(ordered, sort_keys=True) == json.dumps(value, sort_keys=True)


def test_the_same_keys_in_another_order_give_the_same_answer():
    one = {"b": 1, "seat": 2, "a": {"y": 1, "x": 2}}
    other = {"a": {"x": 2, "y": 1}, "seat": 2, "b": 1}
    assert json.dumps(in_reading_order(one)) == json.dumps(in_reading_order(other))


def test_the_orders_remembered_stay_bounded():
    for number in range(reading.ORDERS_KEPT + 50):
        made_up = {f"field{number}": 1, "seat": 0, "a": 2}
        assert keys(in_reading_order(made_up)) == ["seat", "a", f"field{number}"]
        assert reading._order.cache_info().currsize <= reading.ORDERS_KEPT


def test_keys_equal_as_values_keep_their_own_spelling():
    """1 and True are equal as keys of a dict (and as a remembered set of keys), but
    not in JSON: each answer keeps its own."""
    assert json.dumps(in_reading_order({1: "x", 0: "y"})) == '{"0": "y", "1": "x"}'
    assert json.dumps(in_reading_order({True: "x", 0: "y"})) == '{"0": "y", "true": "x"}'
