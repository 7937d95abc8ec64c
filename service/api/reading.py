"""JSON answers in reading order: the keys a reader looks for first (what kind of thing,
its state, whose turn, the hand, the moves) lead, in that order, and the rest follow
sorted. The order is fixed, never the order a dict happened to be built in, so an answer
read back from JSONB (which reorders keys) is byte-identical to the first one: replays
and idempotent retries match byte for byte."""

import functools
from typing import Any

from flask.json.provider import DefaultJSONProvider

from ..encoding import compact

FIRST = ("type", "status", "seat", "to_act", "deadline", "hand", "legal_moves")
_RANK = {key: rank for rank, key in enumerate(FIRST)}
_CONTAINERS = (dict, list, tuple)


def rank(key: str) -> int:
    """Where a key goes: those of ``FIRST`` in its order, then all others."""
    return _RANK.get(key, len(FIRST))


ORDERS_KEPT = 4096


# The renderers build few shapes; bounded, since some answers echo a client's keys (a
# problem document's field errors). Places, not keys: keys equal as values (1 and True)
# are one entry here but not the same JSON.
@functools.lru_cache(maxsize=ORDERS_KEPT)
def _order(keys: tuple[Any, ...]) -> tuple[int, ...]:
    """The places of ``keys`` in reading order."""
    return tuple(sorted(range(len(keys)), key=lambda at: (rank(keys[at]), keys[at])))


def in_reading_order(value: Any) -> Any:
    """The value with every object's keys in reading order; what holds no object (a
    hand of cards, a number) is passed on as it is."""
    kind = type(value)
    if kind is dict:
        keys = tuple(value)
        ordered = {}
        for at in _order(keys):
            key = keys[at]
            item = value[key]
            ordered[key] = in_reading_order(item) if type(item) in _CONTAINERS else item
        return ordered
    if kind is list or kind is tuple:
        return [in_reading_order(item) if type(item) in _CONTAINERS else item for item in value]
    return value


class ReadingOrderJSONProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        # sort_keys=False: the caller's own order (flask-smorest's for the OpenAPI
        # document, whose examples and properties are listed in the order written)
        if kwargs.pop("sort_keys", True):
            obj = in_reading_order(obj)
        if kwargs.keys() <= {"separators"}:  # the compact answers of the API
            return compact(obj, self.default)
        return super().dumps(obj, sort_keys=False, **kwargs)
