"""A finished match again, at /play/replay/<id>: every hand face up at each step, every
Mystery Date piece on its space and every Spoons pile, equal to what the engine holds
when the match is replayed from its revealed seed (service.verify); the shuffle checked
in the browser (``data-verified``), which passes on every game's match and warns loudly
when one card of the log is swapped; and the lobby's list of the matches this browser
sat at.

The matches are played by computer players alone (no think time), two rounds where the
match lasts that long, then ended by the host."""

import json
import re
import time

import pytest
from playwright.sync_api import expect

from service.verify import replayed

from .tables import Table, say

# (label, game, seats, options, seed)
MATCHES = [
    ("old-maid", "old-maid", 3, {}, "101"),
    ("old-maid-family", "old-maid", 4, {"preset": "family"}, "102"),
    ("blind-date", "blind-date", 3, {}, "103"),
    ("crazy-eights", "crazy-eights", 3, {}, "104"),
    ("go-fish", "go-fish", 3, {}, "105"),
    ("spoons", "spoons", 4, {}, "106"),
    ("mystery-date", "mystery-date", 3, {}, "107"),
]
ROUNDS = 2
ROUND_SECONDS = 120
# the whole log read and checked: a long one takes seconds on a busy machine
CHECK_MS = 60_000
EVENTS = re.compile(r"/v1/games/[0-9a-f-]{36}/events")


def finished_match(
    live, slug: str, seats: int, options: dict, seed: str, level: str = "basic"
) -> Table:
    """A match of computer players alone, ``ROUNDS`` rounds (or fewer, where the match
    ends by itself first), then ended by the host."""
    table = Table.create(live, slug, seats=seats, think=0, seed=seed, options=options)
    for _ in range(seats):
        table.add_bot(level)
    table.deal()
    for round_ in range(1, ROUNDS + 1):
        status = wait_for_round_end(table)
        if status == "finished":
            return table
        if round_ < ROUNDS:
            table.deal()
    live.call("POST", f"/v1/games/{table.id}/end", {}, table.host)
    return table


def wait_for_round_end(table: Table) -> str:
    deadline = time.monotonic() + ROUND_SECONDS
    while time.monotonic() < deadline:
        status = table.summary()["status"]
        if status in {"round_over", "finished"}:
            return status
        time.sleep(0.2)
    raise AssertionError(f"the bots' round of {table.id} never ended")


def whole_log(live, game_id: str) -> list[dict]:
    log: list[dict] = []
    while True:
        page = live.call("GET", f"/v1/games/{game_id}/events?after={len(log)}&limit=500")
        log += page["events"]
        if len(log) >= page["last_seq"]:
            return log


def expected_tables(live, game_id: str) -> dict[int, dict[str, list]]:
    """{seq: what the replay must show} after each deal and move, as the engine holds it
    when the match is replayed from its revealed seed: every seat's hand, sorted; and
    where the game has them, every piece as [seat, space] (Mystery Date's ``positions``)
    and every seat's incoming pile, oldest card first (Spoons' ``piles``)."""
    summary, log = live.call("GET", f"/v1/games/{game_id}"), whole_log(live, game_id)
    problems: list[str] = []
    tables = {seq: shown(state) for seq, state in replayed(summary, log, problems)}
    assert not problems, problems
    assert tables, "no move replayed"
    return tables


def shown(state) -> dict[str, list]:
    table: dict[str, list] = {"hands": [sorted(hand) for hand in state.hands]}
    if hasattr(state, "positions"):
        table["pieces"] = [[seat, space] for seat, space in enumerate(state.positions)]
    if hasattr(state, "piles"):
        table["piles"] = [list(pile) for pile in state.piles]
    return table


WALK = """async ([direction]) => {
  const root = () => document.querySelector("[data-replay]");
  const button = document.querySelector(`[data-action="replay-${direction}"]`);
  const read = () => ({
    step: Number(root().dataset.step), seq: Number(root().dataset.seq),
    hands: [...document.querySelectorAll(".replay-seat")].map((seat) =>
      [...seat.querySelectorAll("[data-card]")].map((card) => card.dataset.card).sort()),
    pieces: [...document.querySelectorAll(".replay-board .piece[data-position]")]
      .map((piece) => [Number(piece.dataset.seat), Number(piece.dataset.position)])
      .sort(([a], [b]) => a - b),
    piles: [...document.querySelectorAll(".replay-seat")].map((seat) => {
      const pile = seat.querySelector("[data-pile-cards]");
      return pile ? pile.dataset.pileCards.split(" ").filter(Boolean) : null;
    }),
  });
  const seen = [read()];
  while (!button.disabled) {
    const before = seen[seen.length - 1].step;
    button.click();
    while (Number(root().dataset.step) === before) await new Promise((r) => setTimeout(r, 0));
    seen.push(read());
  }
  return seen;
}"""


def walk(page, direction: str) -> list[dict]:
    """Every step the replay shows, pressing forward (or back) until it can go no
    further: each step's seq, every seat's hand, the pieces on the board as [seat, space]
    and every seat's pile (null where none is shown), as shown."""
    return page.evaluate(WALK, [direction])


def assert_as_replayed(seen: list[dict], expected: dict[int, dict[str, list]]) -> int:
    """Each step the engine has a state for shows it (its hands, and its pieces and piles
    where the game has them); how many steps were compared."""
    compared = 0
    for step in seen:
        if step["seq"] in expected:
            wanted = expected[step["seq"]]
            assert {key: step[key] for key in wanted} == wanted, f"at event {step['seq']}"
            compared += 1
    return compared


@pytest.fixture(scope="module")
def matches(live):
    """{label: a finished match's table}, one of each game."""
    return {label: finished_match(live, *match) for label, *match in MATCHES}


@pytest.mark.parametrize("label", [match[0] for match in MATCHES])
def test_the_replay_shows_each_hand_the_log_implies_forward_and_back(live, guarded, matches, label):
    """And each Mystery Date piece where it stands, each Spoons pile as it waits."""
    table = matches[label]
    expected = expected_tables(live, table.id)
    page = guarded.page
    page.goto(f"{live.url}/play/replay/{table.id}")
    expect(page.locator("[data-replay]")).to_have_count(1)
    expect(page.locator("[data-verified]")).to_have_attribute(
        "data-verified", "yes", timeout=CHECK_MS
    )
    page.locator('[data-action="replay-first"]').click()
    forward = walk(page, "forward")
    assert len(forward) == len(whole_log(live, table.id)), "a step for every event"
    assert assert_as_replayed(forward, expected) == len(expected)
    backward = walk(page, "back")
    assert [step["seq"] for step in backward] == [step["seq"] for step in reversed(forward)]
    assert assert_as_replayed(backward, expected) == len(expected)
    assert not guarded.errors, guarded.errors


@pytest.mark.parametrize("slug", ["old-maid", "crazy-eights", "go-fish", "spoons", "mystery-date"])
def test_the_check_passes_where_computer_players_move_at_random(live, guarded, slug):
    """A random player draws over the legal moves, which the check lists as the rules
    do."""
    table = finished_match(live, slug, 3, {}, "108", level="random")
    guarded.page.goto(f"{live.url}/play/replay/{table.id}")
    check = guarded.page.locator("[data-verified]")
    expect(check).to_have_attribute("data-verified", "yes", timeout=CHECK_MS)


def test_a_round_is_a_jump_away_and_play_moves_on_by_itself(live, guarded, matches):
    table = matches["old-maid"]
    log = whole_log(live, table.id)
    deals = [event for event in log if event["type"] == "deal"]
    assert len(deals) == ROUNDS
    page = guarded.page
    page.goto(f"{live.url}/play/replay/{table.id}")
    root = page.locator("[data-replay]")
    expect(root).to_have_attribute("data-seq", str(deals[0]["seq"]))
    page.locator('[data-action="replay-round"]').select_option(str(deals[1]["round"]))
    expect(root).to_have_attribute("data-seq", str(deals[1]["seq"]))
    page.locator('[data-action="replay-speed"]').select_option("8")
    page.locator('[data-action="replay-play"]').click()
    expect(root).not_to_have_attribute("data-seq", str(deals[1]["seq"]))
    page.locator('[data-action="replay-play"]').click()  # pause


def test_every_event_of_a_long_log_is_read_and_paged(live, guarded, matches):
    """More than one page of the events API (500) and of the log shown (50)."""
    table = max(matches.values(), key=lambda t: len(whole_log(live, t.id)))
    log = whole_log(live, table.id)
    page = guarded.page
    page.goto(f"{live.url}/play/replay/{table.id}")
    page.locator('[data-action="replay-last"]').click()
    root = page.locator("[data-replay]")
    expect(root).to_have_attribute("data-seq", str(log[-1]["seq"]))
    current = page.locator('.replay-log li[aria-current="step"]')
    expect(current).to_have_count(1)
    assert page.locator(".replay-log li").count() <= 50


def test_a_finished_tables_page_offers_the_replay_and_checks_its_shuffle(live, people, matches):
    table = matches["crazy-eights"]
    for language in ("en", "fi"):
        guarded = people(locale=f"{language}-FI" if language == "fi" else "en-US")
        page = guarded.page
        page.goto(f"{live.url}/play/table/{table.id}")  # anyone with the link
        expect(page.locator('[data-action="replay"]')).to_have_attribute(
            "href", f"/play/replay/{table.id}"
        )
        check = page.locator("[data-verified]")
        expect(check).to_have_attribute("data-verified", "yes", timeout=CHECK_MS)
        expect(check).to_contain_text(say(page, "shuffle_yes"))
        page.locator('[data-action="replay"]').click()
        expect(page.locator("[data-replay]")).to_have_count(1)


def swap_one_card(log: list[dict]) -> str:
    """One card the log says was taken or drawn, swapped for another; the card put in."""
    event = next(e for e in log if e["type"] in {"take", "draw"} and "card" in e["data"])
    swapped = "AS" if event["data"]["card"] != "AS" else "KH"
    event["data"]["card"] = swapped
    return swapped


@pytest.mark.parametrize("where", ["table", "replay"])
def test_a_log_with_one_card_swapped_is_said_loudly_not_to_be_the_promised_deal(
    live, guarded, matches, where
):
    table = matches["old-maid"]
    page = guarded.page
    swapped = []

    def tamper(route):
        answer = route.fetch()
        page_of_log = answer.json()
        if not swapped:
            swapped.append(swap_one_card(page_of_log["events"]))
        route.fulfill(response=answer, body=json.dumps(page_of_log))

    page.route(EVENTS, tamper)
    page.goto(f"{live.url}/play/{where}/{table.id}")
    check = page.locator("[data-verified]")
    expect(check).to_have_attribute("data-verified", "no", timeout=CHECK_MS)
    expect(check).to_have_attribute("role", "alert")
    expect(check).to_contain_text(say(page, "shuffle_no"))
    assert swapped


def test_your_games_lists_the_match_this_browser_sat_at_with_its_result(live, guarded):
    page = guarded.page
    page.goto(f"{live.url}/play")
    page.locator('details[data-versus="old-maid"] summary').click()
    page.locator('details[data-versus="old-maid"] [data-choice="opponents"]').fill("1")
    page.locator('[data-action="play-bots"][data-game="old-maid"]').click()
    page.wait_for_url(re.compile(r"/play/table/[0-9a-f-]{36}$"))
    game_id = page.url.rsplit("/", 1)[1]
    kept = json.loads(page.evaluate(f"localStorage.getItem('card-table:{game_id}')"))
    page.goto(f"{live.url}/play")
    listed = page.locator(f'.your-games [data-game="{game_id}"]')
    expect(listed).to_contain_text(say(page, "your_game_playing"))
    expect(listed.locator("a")).to_have_attribute("href", f"/play/table/{game_id}")
    live.call("POST", f"/v1/games/{game_id}/end", {}, kept["host"])
    page.reload()
    expect(listed.locator('[data-action="replay"]')).to_have_attribute(
        "href", f"/play/replay/{game_id}"
    )
    summary = live.call("GET", f"/v1/games/{game_id}")
    won = max(seat["rounds_won"] for seat in summary["seats"])
    assert won == 0, "ended before any round: nobody won"
    expect(listed).to_contain_text(say(page, "your_game_level"))


SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("language", ["en", "fi"])
def test_photographed_replay_and_checked_shuffle(live, people, matches, screenshots, language):
    """``replay-<language>-<size>.png``, a replay a third of the way in, and
    ``shuffle-<language>-<size>.png``, a finished table's checked shuffle, in
    ``tests/e2e/screenshots/`` (docs/screenshots/ keeps copies)."""
    table = matches["crazy-eights"]
    for size, viewport in SIZES.items():
        # no cards in flight over the words photographed
        page = people(locale="en-US", viewport=viewport, reduced_motion="reduce").page
        a_third_into_the_replay(page, live, table, language)
        page.wait_for_function("() => [...document.images].every((image) => image.complete)")
        page.screenshot(path=screenshots / f"replay-{language}-{size}.png")
        page.goto(f"{live.url}/play/table/{table.id}")
        check = page.locator("[data-verified]")
        expect(check).to_have_attribute("data-verified", "yes", timeout=CHECK_MS)
        page.locator("details.verify summary").click()
        page.evaluate(
            "document.querySelector('[data-action=replay]').scrollIntoView({block: 'start'})"
        )
        page.screenshot(path=screenshots / f"shuffle-{language}-{size}.png")


def a_third_into_the_replay(page, live, table, language=None) -> None:
    """``table``'s replay (in ``language``, if given), its shuffle checked, a third of
    the way in."""
    page.goto(f"{live.url}/play/replay/{table.id}")
    if language:
        page.locator(f'nav .languages button[lang="{language}"]').click()
    expect(page.locator("[data-verified]")).to_have_attribute(
        "data-verified", "yes", timeout=CHECK_MS
    )
    last = int(page.locator(".replay-slider").get_attribute("max"))
    page.locator(".replay-slider").fill(str(last // 3))
    expect(page.locator("[data-replay]")).to_have_attribute("data-step", str(last // 3))


IN_SIGHT = """() => [...document.querySelectorAll(".replay-board .space .piece")].map((piece) => {
  const box = piece.getBoundingClientRect();
  return {
    shows: piece.querySelector("[aria-hidden]").textContent,
    whole: piece.scrollWidth <= piece.clientWidth,
    seen: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
  };
})"""


@pytest.mark.parametrize("size", SIZES)
def test_every_piece_and_pile_is_in_sight_and_told_apart(live, people, matches, screenshots, size):
    """A third of the way into a match, on a laptop and a phone: every Mystery Date piece
    on the first screen, whole, its initials its own; every Spoons seat's pile shown.
    ``replay-<game>-<size>.png`` in ``tests/e2e/screenshots/``."""
    for label in ("mystery-date", "spoons"):
        table = matches[label]
        seats = len(table.summary()["seats"])
        page = people(locale="en-US", viewport=SIZES[size], reduced_motion="reduce").page
        a_third_into_the_replay(page, live, table)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_function("() => [...document.images].every((image) => image.complete)")
        page.screenshot(path=screenshots / f"replay-{label}-{size}.png")
        if label == "mystery-date":
            pieces = page.evaluate(IN_SIGHT)
            assert len(pieces) == seats, pieces
            assert len({piece["shows"] for piece in pieces}) == seats, pieces
            assert all(piece["whole"] and piece["seen"] for piece in pieces), pieces
            expect(page.locator(".replay-pieces li")).to_have_count(seats)
        else:
            piles = page.locator(".replay-seat .replay-pile")
            expect(piles).to_have_count(seats)
            for pile in piles.all():
                expect(pile).to_be_visible()


def test_the_replay_and_your_games_have_no_serious_accessibility_violation(live, people, matches):
    from .test_axe import AXE, at_both_sizes
    from .test_play import serious

    table = matches["go-fish"]
    page = people(locale="en-US").page
    page.goto(f"{live.url}/play")  # then kept as if this browser had sat at the table
    page.evaluate(
        "([id]) => localStorage.setItem('card-table:games', JSON.stringify([{id, seat: 0}]))",
        [table.id],
    )
    page.goto(f"{live.url}/play")
    expect(page.locator(".your-games li")).to_have_count(1)
    found = at_both_sizes(page, AXE.read_text(), "lobby")
    for label in ("go-fish", "mystery-date", "spoons"):  # and the board, and the piles
        page.goto(f"{live.url}/play/replay/{matches[label].id}")
        expect(page.locator("[data-verified]")).to_have_attribute(
            "data-verified", "yes", timeout=CHECK_MS
        )
        page.locator('[data-action="replay-forward"]').click()
        found |= at_both_sizes(page, AXE.read_text(), f"{label} replay")
    assert {place: serious(v) for place, v in found.items()} == {place: [] for place in found}
