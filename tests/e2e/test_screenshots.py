"""Screenshots of the web table for docs/web.md, at 1280x800 and 390x844 (the page
resized): the lobby, and every game in the middle of a round (the person's first move
due, a bot's move just shown, as it moves) and at the round's end. They land in
``tests/e2e/screenshots/`` as ``play-<game>-<size>.png`` and ``play-<game>-end-<size>.png``;
``docs/screenshots/`` keeps copies of them.

A round of every game against the computer, one page each, played side by side from
the lobby's play-bots buttons, as test_play plays them."""

import struct
from pathlib import Path

import pytest

from .tables import tour_of_the_games
from .test_play import DESKTOP, GAMES, PHONE, no_overflow

SIZES = {"desktop": DESKTOP, "phone": PHONE}
NAMES = ["lobby"] + [f"{slug}{end}" for slug in GAMES for end in ("", "-end")]


def photograph(page, folder: Path, name: str) -> list[int]:
    """``play-<name>-<size>.png`` at each size; the page's widths on the phone (the
    document's and the viewport's)."""
    widths = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(150)  # the layout of the new width
        page.screenshot(path=folder / f"play-{name}-{size}.png")
        widths = no_overflow(page)
    page.set_viewport_size(DESKTOP)
    return widths


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    return struct.unpack(">II", path.read_bytes()[16:24])


@pytest.fixture(scope="module")
def photographed(browser, live, screenshots) -> dict[str, list[int]]:
    """{name: the phone's widths} for the lobby, each game mid-round and at its end."""
    taken: dict[str, list[int]] = {}

    def shoot(name: str, page) -> None:
        taken[name] = photograph(page, screenshots, name)

    def at_round_end(player) -> None:
        player.page.wait_for_timeout(1000)  # the last move's animation, over
        shoot(f"{player.slug}-end", player.page)

    lobby = lambda page: shoot("lobby", page)  # noqa: E731
    mid_round = lambda player: shoot(player.slug, player.page)  # noqa: E731
    with tour_of_the_games(browser, live, lobby, mid_round, at_round_end):
        yield taken


@pytest.mark.parametrize("name", NAMES)
def test_photographed_at_both_sizes_and_fits_a_phone(photographed, screenshots, name):
    assert name in photographed, f"never photographed: {name}"
    for size, viewport in SIZES.items():
        shot = screenshots / f"play-{name}-{size}.png"
        assert png_size(shot) == (viewport["width"], viewport["height"]), shot
    width, viewport = photographed[name]
    assert width <= viewport, f"{name} is {width} px wide on a {viewport} px phone"
