"""axe-core on the web table at 1280x800 and 390x844 (the page resized): the lobby, every
game's table in the middle of a round (as the person's first move is due, a bot's move
just shown) and at the round's end. No serious or critical violation.

axe comes from node_modules/axe-core (package.json's devDependency), evaluated through
the DevTools protocol: the page's Content-Security-Policy runs no inline script."""

from pathlib import Path

import pytest

from .tables import tour_of_the_games
from .test_play import DESKTOP, GAMES, PHONE, axe, serious

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
    """{(place, size): violations} of the lobby and of every game mid-round and at its
    round's end; and each game's error."""
    found: dict[tuple[str, str], list[dict]] = {}

    def look(place: str):
        return lambda page: found.update(at_both_sizes(page, axe_script, place))

    mid_round = lambda player: look(f"{player.slug} mid-round")(player.page)  # noqa: E731
    round_end = lambda player: look(f"{player.slug} round end")(player.page)  # noqa: E731
    with tour_of_the_games(browser, live, look("lobby"), mid_round, round_end) as errors:
        yield found, errors


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("place", PLACES)
def test_no_serious_violation(violations, place, size):
    found, errors = violations
    slug = place.split(" ")[0]
    assert errors.get(slug) is None, errors[slug]
    assert (place, size) in found, f"the page never reached {place}"
    assert serious(found[place, size]) == [], f"{place} at {size}"
