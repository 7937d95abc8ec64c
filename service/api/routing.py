"""The URL map: werkzeug's, remembering what each path matched.

werkzeug's matcher builds a recursive closure at every match, a reference cycle that only
the garbage collector frees. In a steady run these were nearly the only cycles left, so
they alone brought on the collections of the youngest generation, each of which walks
every young object still alive: with thousands of streams open, 10-200 ms during which
no waiter runs. A table's paths repeat with every move, so most matches are looked up
here and leave nothing behind."""

import functools
from collections.abc import Iterable, MutableMapping
from typing import Any

from werkzeug.routing import Map, Rule, RuleFactory
from werkzeug.routing.matcher import StateMachineMatcher

MATCHES_KEPT = 8192  # paths; a game's moves and views are two or three of them
# A game's paths are about 50 characters. Longer ones (a static file's, a client's
# made-up path under it) are matched anew each time: remembered, 8,192 paths of 4 KB
# (gunicorn's longest request line) would hold some 70 MB.
LONGEST_KEPT = 128


class RememberingMatcher(StateMachineMatcher):
    """werkzeug's matcher, remembering its matches (not its refusals, which are
    exceptions). A converter's value is shared by every match of the path: the
    service's (uuid, string, path) are immutable."""

    def __init__(self, merge_slashes: bool) -> None:
        super().__init__(merge_slashes)
        self._matched = functools.lru_cache(maxsize=MATCHES_KEPT)(super().match)

    # A rule added (or the rules re-sorted, which ``update`` does) may change a match.
    def add(self, rule: Rule) -> None:
        super().add(rule)
        self._matched.cache_clear()

    def update(self) -> None:
        super().update()
        self._matched.cache_clear()

    def match(
        self, domain: str, path: str, method: str, websocket: bool
    ) -> tuple[Rule, MutableMapping[str, Any]]:
        """The values are a copy of their own: Flask passes them to the view as its
        keyword arguments, and a ``url_value_preprocessor`` may pop from them."""
        if len(path) > LONGEST_KEPT:
            return super().match(domain, path, method, websocket)
        rule, values = self._matched(domain, path, method, websocket)
        return rule, dict(values)


class RememberingMap(Map):
    """werkzeug's ``Map`` with a ``RememberingMatcher``."""

    def __init__(
        self, rules: Iterable[RuleFactory] | None = None, *args: Any, **kwargs: Any
    ) -> None:
        # Map.__init__ makes its own matcher and adds the rules to it: made empty, then
        # the matcher swapped, then the rules added
        super().__init__(None, *args, **kwargs)
        self._matcher = RememberingMatcher(self._matcher.merge_slashes)
        for rule in rules or ():
            self.add(rule)
