// Node's test runner over the matches test_shuffle_check.py writes (MATCHES: its path):
// each passes the shuffle check, fails it with one card swapped, and the replay's hands
// are the engine's after every deal and move.

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

for (const { game, log, hands } of matches) {
  const name = `${game.type} ${game.seats.length} ${game.seats[0].bot} (${log.length} events)`;
  test(`${name}: dealt as promised`, async () => {
    assert.deepEqual(await checkShuffle(game, log), []);
  });
  test(`${name}: one card swapped is found`, async () => {
    assert.notDeepEqual(await checkShuffle(game, swapOneCard(log)), []);
  });
  test(`${name}: the replay's hands are the engine's`, () => {
    const shown = moments(log);
    const compared = log.filter((event, i) => {
      const expected = hands[event.seq];
      if (expected) assert.deepEqual(shown[i].hands.map((hand) => [...hand].sort()), expected, `at ${event.seq}`);
      return expected;
    });
    assert.equal(compared.length, Object.keys(hands).length);
  });
}
