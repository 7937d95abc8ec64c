"""Tables made through the API, and pages seated at them as a browser that made or
joined the table would be (its seat's token in ``localStorage``), for the table page's
tests (``test_table_*.py``)."""

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import expect


@dataclass
class Table:
    """A table and the tokens the test holds for it: the host's, and each person's."""

    live: object
    id: str
    host: str
    code: str | None
    tokens: dict[int, str] = field(default_factory=dict)

    @classmethod
    def create(cls, live, slug: str, seats: int = 2, **more) -> "Table":
        """``more``: ``clock`` (turn seconds), ``think`` (a bot's seconds), ``options``,
        ``visibility`` (private unless told), ``seed`` (the same deal and bots' moves
        every run)."""
        body = {
            "type": slug,
            "seats": seats,
            "visibility": more.get("visibility", "private"),
            "turn_seconds": more.get("clock"),
            "think_seconds": more.get("think", 0),
        }
        if "seed" in more:
            body["seed"] = more["seed"]
        if "options" in more:
            body["options"] = more["options"]
        created = live.call("POST", "/v1/games", body)
        return cls(live, created["id"], created["host_token"], created.get("code"))

    def _seat_body(self, body: dict) -> dict:
        return {**body, "code": self.code} if self.code else body

    def join(self, name: str) -> int:
        joined = self.live.call(
            "POST", f"/v1/games/{self.id}/players", self._seat_body({"name": name})
        )
        self.tokens[joined["seat"]] = joined["token"]
        return joined["seat"]

    def add_bot(self, level: str = "basic") -> int:
        path = f"/v1/games/{self.id}/players"
        return self.live.call("POST", path, self._seat_body({"bot": level}), self.host)["seat"]

    def deal(self, fill: bool = False) -> None:
        body = {"fill_with_bots": "basic"} if fill else {}
        self.live.call("POST", f"/v1/games/{self.id}/deal", body, self.host)

    def summary(self) -> dict:
        return self.live.call("GET", f"/v1/games/{self.id}")

    def view(self, seat: int | None = None) -> dict:
        token = self.tokens[seat] if seat is not None else None
        return self.live.call("GET", f"/v1/games/{self.id}/view", token=token)

    def open(self, guarded, seat: int | None = None, host: bool = False, drawn: bool = True):
        """The table's page for ``seat`` (and the host's token if ``host``), as the
        browser that took the seat keeps it; ``drawn``: waited for until it shows."""
        page = guarded.page
        page.goto(f"{self.live.url}/play")
        kept = {
            "seat": seat,
            "token": self.tokens.get(seat) if seat is not None else None,
            "host": self.host if host else None,
        }
        if self.code and host:
            kept["code"] = self.code
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"card-table:{self.id}", json.dumps(kept)],
        )
        page.goto(f"{self.live.url}/play/table/{self.id}")
        if drawn:
            expect(page.locator("[data-status]")).to_have_count(1)
        return page


def seat_chip(page, seat: int):
    return page.locator(f'.seat[data-seat="{seat}"]')


def enabled_moves(page):
    return page.locator("[data-move]:enabled")


def wait_for_turn(page, timeout: float = 30) -> None:
    """Until the page offers a move to make, or a hand card opening a choice of them."""
    choices = page.locator("[data-move]:enabled, .hand .cards button:enabled")
    expect(choices.first).to_be_visible(timeout=timeout * 1000)


def in_viewport(page, selector: str) -> bool:
    """Whether the whole of the first element of ``selector`` is on the screen."""
    return page.evaluate(
        """s => { const e = document.querySelector(s); if (!e) return false;
             const r = e.getBoundingClientRect();
             return r.top >= 0 && r.left >= 0
               && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


def say(page, key: str, **values) -> str:
    """The page's own words for ``key`` in its language, filled in (plurals chosen by
    ``n``) by its own i18n module."""
    return page.evaluate(
        "([key, values]) => import('/play/static/js/i18n.js').then((m) => m.t(key, values))",
        [key, values],
    )


@contextmanager
def tour_of_the_games(
    browser, live, at_lobby: Callable, at_mid_round: Callable, at_round_end: Callable
) -> Iterator[dict[str, Any]]:
    """The lobby (``at_lobby(page)``), then a round of every game against the computer,
    side by side from the lobby's play-bots buttons: ``at_mid_round(player)`` as the
    person's first move is due, ``at_round_end(player)`` once the round is over. Yields
    each game's error (None when its round went through); the pages close after."""
    from .conftest import open_guarded
    from .test_play import DESKTOP, GAMES, Player, play_together, quick_bots

    lobby = open_guarded(browser, locale="en-US", viewport=DESKTOP)
    lobby.page.goto(f"{live.url}/play")
    lobby.page.locator('[data-action="play-bots"]').first.wait_for()
    at_lobby(lobby.page)
    lobby.page.context.close()
    players = []
    for number, slug in enumerate(GAMES):
        guarded = open_guarded(browser, locale="en-US", viewport=DESKTOP)
        quick_bots(guarded.page.context, live)
        player = Player("Player", guarded, slug, seed=number)
        player.first_playable = lambda player, _look: at_mid_round(player)
        guarded.page.goto(f"{live.url}/play")
        guarded.page.locator(f'[data-action="play-bots"][data-game="{slug}"]').click()
        players.append(player)
    try:
        play_together(players)
        for player in players:
            if player.error is None:
                at_round_end(player)
        yield {player.slug: player.error for player in players}
    finally:
        for player in players:
            player.page.context.close()
