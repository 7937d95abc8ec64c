"""The last move shown where it happened (``static/js/motion.js``), in chromium at real
tables against computer players: a bot's take flies from the seat it took from to its
own, after its hesitation over your cards; Go Fish's question shows in a bubble by the
asking seat; with ``prefers-reduced-motion: reduce`` nothing moves and the seat is
outlined instead; the live region says the last move.

What the page animated is recorded by a script that runs before the page's own: every
element motion.js adds (``data-motion``, ``data-from``, ``data-to``) with the number of
animations it has as it arrives, every outline, and, every 40 ms, the animations running
in the document (and the cards a hesitation lifted)."""

import re
import time
from contextlib import suppress
from dataclasses import dataclass

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .conftest import Guarded, open_guarded
from .test_play import clean, events, join_with_code, pattern, words

ROUND_SECONDS = 90
THINK = 1.5  # the bots' seconds a move: time to see a bubble
HESITANT = 4.0  # Old Maid's bot thinks longer: lifts every 0.32 s leave room for a slow page

RECORD = """(() => {
  const seen = window.__motion = {shown: [], outlined: [], running: 0, lifted: 0, names: [],
                                  covering: []};
  // a bubble at its full size that covers the turn's heading, as "its words / the heading's"
  const overlap = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const covers = (node) => window.setTimeout(() => {
    const heading = document.querySelector(".turn-heading");
    if (!heading || !node.isConnected) return;
    if (overlap(node.getBoundingClientRect(), heading.getBoundingClientRect())) {
      seen.covering.push(`${node.textContent} / ${heading.textContent}`);
    }
  }, 600);
  const lifted = new Set();  // the cards a hesitation lifted
  const added = (node) => {
    if (node.nodeType !== 1 || !node.dataset.motion || node.dataset.motion === "said") return;
    seen.shown.push({motion: node.dataset.motion, from: node.dataset.from, to: node.dataset.to,
                     text: node.textContent, animations: node.getAnimations().length});
    if (node.classList.contains("motion-bubble")) covers(node);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach(added);
      if (record.type === "attributes" && record.target.hasAttribute("data-motion-highlight")) {
        seen.outlined.push(record.target.dataset.seat ?? record.target.className);
      }
    }
  }).observe(document, {subtree: true, childList: true, attributes: true,
                        attributeFilter: ["data-motion-highlight"]});
  setInterval(() => {
    const running = document.getAnimations().filter((a) => a.playState === "running");
    seen.running = Math.max(seen.running, running.length);
    running.filter((a) => a.id === "motion-hesitate").forEach((a) => lifted.add(a.effect.target));
    seen.lifted = lifted.size;
    for (const a of running) {
      const name = a.id || a.animationName || a.transitionProperty || "?";
      if (!seen.names.includes(name)) seen.names.push(name);
    }
  }, 40);
})();"""

REGION = '[data-motion="said"]'
ENABLED_MOVE = "[data-move]:enabled"


@dataclass
class Table:
    guarded: Guarded
    game_id: str
    bots: set[int]  # the computer players' seats
    names: list[str]

    @property
    def page(self):
        return self.guarded.page

    def recorded(self) -> dict:
        return self.page.evaluate("() => window.__motion")


def seated(browser, live, slug: str, think: float = THINK, **context) -> Table:
    """A private two-seat table of ``slug``: the page's person at one seat (joined with
    the code, as a person would), a bot at the other, dealt."""
    guarded = open_guarded(browser, locale="en-US", **context)
    guarded.page.add_init_script(RECORD)
    body = {"type": slug, "seats": 2, "visibility": "private", "think_seconds": think}
    created = live.call("POST", "/v1/games", body)
    join_with_code(guarded.page, live, created["code"], "Ann")
    deal = {"fill_with_bots": "basic"}
    live.call("POST", f"/v1/games/{created['id']}/deal", deal, token=created["host_token"])
    seats = live.call("GET", f"/v1/games/{created['id']}")["seats"]
    bots = {seat["seat"] for seat in seats if seat["bot"]}
    return Table(guarded, created["id"], bots, [seat["name"] for seat in seats])


def play_until(table: Table, live, found) -> tuple[dict, list[dict]]:
    """Make the page's first move whenever it has one, until ``found`` finds an event of
    the log; then until the person may move again or the round is over. The event, and
    the log."""
    deadline = time.monotonic() + ROUND_SECONDS
    while time.monotonic() < deadline:
        log = events(live, table.game_id)
        event = next((e for e in reversed(log) if found(e, table)), None)
        if event and (your_turn(table) or over(log)):
            return event, log
        if not event and your_turn(table):
            # a button drawn again under the click: the next turn of the loop
            with suppress(PlaywrightError):
                table.page.locator(ENABLED_MOVE).first.click(timeout=2000)
        table.page.wait_for_timeout(100)
    pytest.fail(f"no such event in {ROUND_SECONDS} s")


def your_turn(table: Table) -> bool:
    return table.page.locator(ENABLED_MOVE).count() > 0


def over(log: list[dict]) -> bool:
    return any(event["type"] in {"round_over", "game_over"} for event in log)


def bot_take(event: dict, table: Table) -> bool:
    return event["type"] == "take" and event["seat"] in table.bots and event["by"] == "bot"


def bot_ask(event: dict, table: Table) -> bool:
    return event["type"] == "ask" and event["seat"] in table.bots


def question(say: dict[str, str], rank: str) -> str:
    """The bubble's words for an ask: "Any sixes?"."""
    return say["bubble_ask"].replace("{ranks}", say[f"ranks_{rank}"])


def settled(table: Table) -> dict:
    """What was recorded, once the last burst's animations had their time."""
    table.page.wait_for_timeout(1500)
    return table.recorded()


# --- with motion ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def old_maid(browser, live):
    """An Old Maid table played until a bot took a card and the person may move again."""
    table = seated(browser, live, "old-maid", think=HESITANT)
    take, log = play_until(table, live, bot_take)
    yield table, take, log, settled(table)
    table.page.context.close()


def test_a_bots_take_flies_from_the_seat_it_took_from_to_its_own(old_maid):
    table, take, _, recorded = old_maid
    wanted = {"motion": "take", "from": str(take["data"]["from_seat"]), "to": str(take["seat"])}
    flights = [
        {key: shown[key] for key in wanted}
        for shown in recorded["shown"]
        if shown["animations"] > 0
    ]
    assert wanted in flights, recorded["shown"]
    clean(table.guarded)


def test_the_bot_hesitates_over_your_cards_until_it_takes(old_maid):
    """It lifted the person's cards one after another while it chose; none lifts now
    that it took (the person's turn, or the round's end)."""
    table, take, _, recorded = old_maid
    assert take["data"]["from_seat"] not in table.bots  # two seats: it took from the person
    assert recorded["lifted"] >= 2, recorded
    lifting = "() => document.getAnimations().filter((a) => a.id === 'motion-hesitate').length"
    assert table.page.evaluate(lifting) == 0


def test_the_live_region_says_the_last_move(old_maid):
    table, take, log, _ = old_maid
    region = table.page.locator(REGION)
    expect(region).to_have_attribute("aria-live", "polite")
    # the one region that says moves: the log beside it is read when asked, not aloud
    assert table.page.locator(".log [aria-live]").count() == 0
    say = words(table.page)
    taker, victim = table.names[take["seat"]], table.names[take["data"]["from_seat"]]
    # the person was taken from: she sees the card ("took the seven of hearts from Ann")
    said = pattern(say["ev_take_seen"], who=re.escape(taker), **{"from": re.escape(victim)})
    later = [e for e in log if e["seq"] > take["seq"] and e.get("by")]
    assert later == [], "a move after the bot's take: the region would say that one"
    expect(region).to_have_text(re.compile("^" + said.pattern))


def test_go_fish_asks_in_a_bubble_by_the_asking_seat(browser, live):
    """The bot's questions ("Any sixes?") show by its seat, each one it asked, and never
    over the turn's heading (a bubble went above any seat with 64 px over it)."""
    table = seated(browser, live, "go-fish")
    try:
        play_until(table, live, bot_ask)
        recorded = settled(table)
        log = events(live, table.game_id)  # read after: a bubble may be a later ask's
        say = words(table.page)
        asks = [e for e in log if bot_ask(e, table)]
        asked = {(str(e["seat"]), question(say, e["data"]["rank"])) for e in asks}
        bubbles = {
            (shown["from"], shown["text"])
            for shown in recorded["shown"]
            if shown["motion"] == "ask" and shown["animations"] > 0
        }
        by_bots = {(seat, text) for seat, text in bubbles if int(seat) in table.bots}
        assert by_bots, recorded["shown"]
        assert by_bots <= asked, (by_bots, asked)
        assert recorded["covering"] == []
        clean(table.guarded)
    finally:
        table.page.context.close()


# --- with reduced motion ----------------------------------------------------------------


def test_reduced_motion_moves_nothing_and_outlines_the_taker(browser, live):
    table = seated(browser, live, "old-maid", reduced_motion="reduce")
    try:
        take, _ = play_until(table, live, bot_take)
        recorded = settled(table)
        assert recorded["running"] == 0, recorded["names"]
        assert [shown for shown in recorded["shown"] if shown["animations"]] == []
        assert str(take["seat"]) in recorded["outlined"], recorded
        say = words(table.page)
        said = pattern(say["ev_take_seen"], who=re.escape(table.names[take["seat"]]))
        expect(table.page.locator(REGION)).to_have_text(re.compile("^" + said.pattern))
        clean(table.guarded)
    finally:
        table.page.context.close()
