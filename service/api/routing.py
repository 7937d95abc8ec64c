"""The URL map: werkzeug's, remembering what each path matched.

werkzeug's matcher builds a recursive closure at every match, a reference cycle that only
the garbage collector frees: with thousands of streams open, each collection of the
youngest generation takes tens of milliseconds, so fewer of them is a shorter tail for
every waiter. A table's paths repeat with every move, so most matches are looked up."""

import functools
from collections.abc import Iterable, MutableMapping
from typing import Any

from werkzeug.routing import Map, Rule, RuleFactory
from werkzeug.routing.matcher import StateMachineMatcher

MATCHES_KEPT = 8192  # paths; a game's moves and views are two or three of them


class RememberingMatcher(StateMachineMatcher):
    def __init__(self, merge_slashes: bool) -> None:
        super().__init__(merge_slashes)
        self._matched = functools.lru_cache(maxsize=MATCHES_KEPT)(super().match)

    def add(self, rule: Rule) -> None:
        super().add(rule)
        self._matched.cache_clear()

    def update(self) -> None:
        super().update()
        self._matched.cache_clear()

    def match(
        self, domain: str, path: str, method: str, websocket: bool
    ) -> tuple[Rule, MutableMapping[str, Any]]:
        """werkzeug's answer (a refusal, an exception, is worked out anew each time),
        its values a copy of their own: Flask's view arguments."""
        rule, values = self._matched(domain, path, method, websocket)
        return rule, dict(values)


class RememberingMap(Map):
    def __init__(
        self, rules: Iterable[RuleFactory] | None = None, *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(None, *args, **kwargs)
        self._matcher = RememberingMatcher(self._matcher.merge_slashes)
        for rule in rules or ():
            self.add(rule)
