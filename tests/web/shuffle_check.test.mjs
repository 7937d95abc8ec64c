// Node's test runner over the matches test_shuffle_check.py writes (MATCHES: its path):
// each passes the shuffle check, fails it with one card swapped, and the replay's hands
// (and Mystery Date's pieces, Spoons' piles) are the engine's after every deal and move.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { moments } from "../../service/web/static/js/replay_state.js";
import { checkShuffle } from "../../service/web/static/js/shuffle_check.js";

// run alone (node --test tests/web/), there are no matches: said as a skip
const matches = process.env.MATCHES ? JSON.parse(readFileSync(process.env.MATCHES, "utf8")) : [];
if (!matches.length) test("the shuffle check", { skip: "run by tests/web/test_shuffle_check.py" }, () => {});

/** The first card taken or drawn in ``log``, swapped for another. */
function swapOneCard(log) {
  const tampered = structuredClone(log);
  const event = tampered.find((e) => ["take", "draw", "pick"].includes(e.type) && (e.data.card || e.data.cards?.length));
  if (event.data.cards) event.data.cards[0] = event.data.cards[0] === "pink-1" ? "blue-3" : "pink-1";
  else event.data.card = event.data.card === "AS" ? "KH" : "AS";
  return tampered;
}

/**
 * Each step of ``log`` the engine has a state for (``expected``, by seq) shows it, as
 * ``shownOf`` reads a moment of the replay.
 * @param {any[]} log @param {Record<string, unknown>} expected @param {(moment: any) => unknown} shownOf
 */
function assertAsEngine(log, expected, shownOf) {
  const shown = moments(log);
  const compared = log.filter((event, i) => {
    const wanted = expected[event.seq];
    if (wanted) assert.deepEqual(shownOf(shown[i]), wanted, `at ${event.seq}`);
    return wanted;
  });
  assert.equal(compared.length, Object.keys(expected).length);
}

test("a piece stands where its first roll of the round began; without a roll, unknown", () => {
  const roll = (seq, seat, die, position) => ({ seq, round: 1, type: "roll", seat, data: { die, position, space: "take" } });
  const deal = (seq, round) => ({ seq, round, type: "deal", seat: null, data: { dealer: 0, counts: [2, 2, 2] } });
  const log = [deal(1, 1), roll(2, 1, 3, 11), roll(3, 2, 5, 2), roll(4, 1, 6, 17), deal(5, 2), roll(6, 0, 4, 4)];
  assert.deepEqual(moments(log).map((moment) => moment.positions), [
    [null, 8, 29], [null, 11, 29], [null, 11, 2], [null, 17, 2], // seat 0 never rolls in round 1
    [0, null, null], [4, null, null],
  ]);
});

for (const { game, log, hands, positions, piles } of matches) {
  const name = `${game.type} ${game.seats.length} ${game.seats[0].bot} (${log.length} events)`;
  test(`${name}: dealt as promised`, async () => {
    assert.deepEqual(await checkShuffle(game, log), []);
  });
  test(`${name}: one card swapped is found`, async () => {
    assert.notDeepEqual(await checkShuffle(game, swapOneCard(log)), []);
  });
  test(`${name}: the replay's hands are the engine's`, () => {
    assertAsEngine(log, hands, (moment) => moment.hands.map((/** @type {string[]} */ hand) => [...hand].sort()));
  });
  if (Object.keys(positions).length) {
    test(`${name}: the replay's pieces stand where the engine's do`, () => {
      assertAsEngine(log, positions, (moment) => moment.positions);
    });
  }
  if (Object.keys(piles).length) {
    test(`${name}: the replay's piles are the engine's, oldest card first`, () => {
      assertAsEngine(log, piles, (moment) => moment.piles);
    });
  }
}
