"""JSON answers in reading order: the keys a reader looks for first (what kind of thing,
its state, whose turn, the hand, the moves) lead, in that order, and the rest follow
sorted. The order is fixed, never the order a dict happened to be built in, so an answer
read back from JSONB (which reorders keys) is byte-identical to the first one: replays
and idempotent retries match byte for byte."""

from typing import Any

from flask.json.provider import DefaultJSONProvider

FIRST = ("type", "status", "seat", "to_act", "deadline", "hand", "legal_moves")
_RANK = {key: rank for rank, key in enumerate(FIRST)}


def rank(key: str) -> int:
    """Where a key goes: those of ``FIRST`` in its order, then all others."""
    return _RANK.get(key, len(FIRST))


def in_reading_order(value: Any) -> Any:
    if isinstance(value, dict):
        keys = sorted(value, key=lambda key: (rank(key), key))
        return {key: in_reading_order(value[key]) for key in keys}
    if isinstance(value, list | tuple):
        return [in_reading_order(item) for item in value]
    return value


class ReadingOrderJSONProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        # sort_keys=False: the caller's own order (flask-smorest's for the OpenAPI
        # document, whose examples and properties are listed in the order written)
        if kwargs.pop("sort_keys", True):
            obj = in_reading_order(obj)
        return super().dumps(obj, sort_keys=False, **kwargs)
