"""axe-core on the web table at 1280x800 and 390x844 (the page resized): the lobby, every
game's table in the middle of a round (as the person's first move is due, a bot's move
just shown) and at the round's end. No serious or critical violation.

axe comes from node_modules/axe-core (package.json's devDependency), evaluated through
the DevTools protocol: the page's Content-Security-Policy runs no inline script."""

from pathlib import Path

import pytest

from .conftest import open_guarded
from .test_play import (
    DESKTOP,
    GAMES,
    PHONE,
    Look,
    Player,
    axe,
    play_together,
    quick_bots,
    serious,
)

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"1280x800": DESKTOP, "390x844": PHONE}
MOMENTS = ("mid-round", "round end")
PLACES = ["lobby"] + [f"{slug} {moment}" for slug in GAMES for moment in MOMENTS]


@pytest.fixture(scope="module")
def axe_script() -> str:
    if not AXE.exists():
        pytest.fail("no node_modules/axe-core: npm ci (make install-dev) installs it")
    return AXE.read_text()


def at_both_sizes(page, script: str, place: str) -> dict[tuple[str, str], list[dict]]:
    """axe's violations at each size, the page resized and put back to 1280x800."""
    found = {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)  # the layout of the new width
        found[place, size] = axe(page, script)
    page.set_viewport_size(DESKTOP)
    return found


@pytest.fixture(scope="module")
def violations(browser, live, axe_script):
    """{(place, size): violations}: the lobby, then a round of every game against the
    computer, one page each, played side by side from the lobby's play-bots buttons."""
    found: dict[tuple[str, str], list[dict]] = {}
    lobby = open_guarded(browser, locale="en-US", viewport=DESKTOP)
    lobby.page.goto(f"{live.url}/play")
    lobby.page.locator('[data-action="play-bots"]').first.wait_for()
    found |= at_both_sizes(lobby.page, axe_script, "lobby")
    lobby.page.context.close()
    players = []
    for number, slug in enumerate(GAMES):
        guarded = open_guarded(browser, locale="en-US", viewport=DESKTOP)
        quick_bots(guarded.page.context, live)
        player = Player("Player", guarded, slug, seed=number)

        def mid_round(player: Player, look: Look) -> None:
            found.update(at_both_sizes(player.page, axe_script, f"{player.slug} mid-round"))

        player.first_playable = mid_round
        guarded.page.goto(f"{live.url}/play")
        guarded.page.locator(f'[data-action="play-bots"][data-game="{slug}"]').click()
        players.append(player)
    play_together(players)
    for player in players:
        if player.error is None:
            found |= at_both_sizes(player.page, axe_script, f"{player.slug} round end")
    yield found, {player.slug: player.error for player in players}
    for player in players:
        player.page.context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("place", PLACES)
def test_no_serious_violation(violations, place, size):
    found, errors = violations
    slug = place.split(" ")[0]
    assert errors.get(slug) is None, errors[slug]
    assert (place, size) in found, f"the page never reached {place}"
    assert serious(found[place, size]) == [], f"{place} at {size}"
