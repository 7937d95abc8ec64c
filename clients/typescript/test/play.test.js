// Against a live server (its base URL in CARD_TABLE_URL; tests/sdk/test_typescript_client.py
// starts one): a round of every game of the catalogue played through the client, one human
// seat choosing random legal moves and server bots in the others; and `follow` reading a
// table's whole log while it is played, its connections cut short again and again.
// CARD_TABLE_SEED replays a run (the tables' shuffles and the moves chosen).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";

import { Backoff, createApi, follow, unwrap } from "../src/index.js";

/** @typedef {import("../src/index.js").Api} Api */
/** @typedef {import("../src/index.js").Schemas} Schemas */
/** @typedef {import("../src/index.js").View} View */
/** @typedef {import("../src/index.js").Move} Move */
/** @typedef {import("../src/index.js").Event} Event */

const BASE = process.env.CARD_TABLE_URL;
const SEED = process.env.CARD_TABLE_SEED ?? String(Math.floor(Math.random() * 1e9));
const SKIP = BASE ? false : "CARD_TABLE_URL is not set: no server to play against";
const END_OF_ROUND = new Set(["round_over", "finished"]);
const MAX_MOVES = 2000; // far more than a round of any game takes
const WAIT_MS = 60_000; // for the bots to hand the turn back

/**
 * A small seeded generator (mulberry32), so that CARD_TABLE_SEED replays the moves.
 * @param {string} seed
 * @returns {() => number} evenly in [0, 1)
 */
function generator(seed) {
  // FNV-1a of the seed's characters
  let state = [...seed].reduce((hash, c) => Math.imul(hash ^ c.charCodeAt(0), 16777619), 0x811c9dc5);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The move in words, from its typed fields: a new kind of move fails the type check here.
 * @param {Move} move
 * @returns {string}
 */
function describe(move) {
  switch (move.type) {
    case "take":
      return `take position ${move.position} from seat ${move.from_seat}`;
    case "play":
      return `play ${move.card}${move.suit ? ` as ${move.suit}` : ""}`;
    case "ask":
      return `ask seat ${move.seat} for ${move.rank}`;
    case "pass":
      return `pass${move.card ? ` ${move.card}` : ""}`;
    case "discard":
      return `discard ${move.card}`;
    case "give":
      return `give ${move.card} face down to seat ${move.seat}`;
    case "show":
      return `show the ${move.colour} outfit`;
    case "take_discard":
      return "take the top discard";
    case "draw":
    case "pick":
    case "signal":
    case "resume":
    case "roll":
      return move.type;
    default:
      return assert.fail(`an unknown move ${JSON.stringify(/** @type {never} */ (move))}`);
  }
}

/**
 * A seat's view of its own table: the game's member of the view union, the right seat,
 * and what that game shows. A new kind of view fails the type check here.
 * @param {View} view
 * @param {string} slug
 * @param {string} gameId
 * @param {number} seat
 * @returns {string[]} the seat's hand
 */
function checkView(view, slug, gameId, seat) {
  assert.equal(view.type, slug);
  assert.equal(view.game_id, gameId);
  assert.equal(view.seat, seat);
  assert.ok(["playing", ...END_OF_ROUND].includes(view.status), view.status);
  switch (view.type) {
    case "old-maid":
    case "blind-date":
      assert.ok(Array.isArray(view.players));
      break;
    case "crazy-eights":
      assert.equal(typeof view.top, "string");
      assert.ok(view.top);
      break;
    case "go-fish":
      assert.equal(typeof view.stock, "number");
      break;
    case "spoons":
      assert.ok(view.players?.every((player) => Number.isInteger(player.lives)));
      break;
    case "mystery-date":
      assert.ok(view.players?.every((player) => player.position >= 0 && player.position < 32));
      assert.equal(typeof view.draw_pile, "number");
      assert.equal(typeof view.phase, "string");
      break;
    default:
      assert.fail(`an unknown view ${JSON.stringify(/** @type {never} */ (view))}`);
  }
  return view.hand ?? [];
}

/**
 * A private table of `entry`'s game with bots that do not hesitate, the host seated (the
 * one human seat), not dealt yet.
 * @param {Schemas["CatalogEntry"]} entry
 */
async function openTable(entry) {
  assert.ok(BASE);
  const slug = entry.slug;
  const seats = Math.max(entry.players.min, Math.min(3, entry.players.max));
  const anyone = createApi(BASE);
  const created = unwrap(
    await anyone.POST("/v1/games", {
      body: { type: slug, seats, seed: SEED, think_seconds: 0, visibility: "private" },
    }),
  );
  assert.equal(created.type, slug);
  assert.equal(created.status, "waiting");
  assert.ok(created.seeded);
  assert.ok(created.code, "a private table has a code");
  const host = createApi(BASE, { token: created.host_token });
  const path = { game_id: created.id };
  const joined = unwrap(
    await host.POST("/v1/games/{game_id}/players", {
      params: { path },
      body: { name: "Ada", code: created.code },
    }),
  );
  assert.ok(joined.token);
  const human = createApi(BASE, { token: joined.token });
  return { slug, seats, id: created.id, host, human, token: joined.token, seat: joined.seat };
}

/** @typedef {Awaited<ReturnType<typeof openTable>>} Table */

/**
 * Deals with basic bots at every free seat and checks that only the human seat is not one.
 * @param {Table} table
 */
async function deal(table) {
  const dealt = unwrap(
    await table.host.POST("/v1/games/{game_id}/deal", {
      params: { path: { game_id: table.id } },
      body: { fill_with_bots: "basic" },
    }),
  );
  assert.equal(dealt.seats.length, table.seats);
  const humans = dealt.seats.filter((seat) => seat.bot === null).map((seat) => seat.seat);
  assert.deepEqual(humans, [table.seat]);
}

/**
 * The human seat's view once it has a move to make or the round is over.
 * @param {Table} table
 */
async function waitForTurn(table) {
  const giveUp = Date.now() + WAIT_MS;
  for (;;) {
    const view = unwrap(
      await table.human.GET("/v1/games/{game_id}/view", { params: { path: { game_id: table.id } } }),
    );
    checkView(view, table.slug, table.id, table.seat);
    if (view.legal_moves.length || END_OF_ROUND.has(view.status)) return view;
    assert.ok(Date.now() < giveUp, `seat ${table.seat} waited ${WAIT_MS} ms for its turn`);
    await sleep(20);
  }
}

/**
 * The whole log as the human seat sees it, a page at a time.
 * @param {Table} table
 */
async function readLog(table) {
  /** @type {Event[]} */
  const events = [];
  for (;;) {
    const page = unwrap(
      await table.human.GET("/v1/games/{game_id}/events", {
        params: { path: { game_id: table.id }, query: { after: events.at(-1)?.seq ?? 0, limit: 50 } },
      }),
    );
    if (!page.events.length) {
      assert.equal(page.last_seq, events.at(-1)?.seq ?? 0);
      return events;
    }
    events.push(...page.events);
  }
}

/**
 * The human seat plays random legal moves to the end of the round.
 * @param {Table} table
 * @param {() => number} random
 * @param {(line: string) => void} log
 */
async function playRound(table, random, log) {
  let moves = 0;
  const kinds = new Set();
  let view = await waitForTurn(table);
  while (!END_OF_ROUND.has(view.status)) {
    assert.ok(moves < MAX_MOVES, `${table.slug}: no end after ${moves} moves`);
    const move = view.legal_moves[Math.floor(random() * view.legal_moves.length)];
    kinds.add(move.type);
    const hand = checkView(view, table.slug, table.id, table.seat);
    log(`seat ${table.seat} (${hand.length} cards): ${describe(move)}`);
    const answer = unwrap(
      await table.human.POST("/v1/games/{game_id}/moves", {
        params: { path: { game_id: table.id }, header: { "Idempotency-Key": randomUUID() } },
        body: move,
      }),
    );
    assert.ok(answer.events.length, `${describe(move)} made no event`);
    // the move's own event: the first made by someone (a draw's may follow a reshuffle)
    const mine = answer.events.find((item) => item.by !== null);
    assert.equal(mine?.seat, table.seat);
    assert.equal(mine?.by, "player");
    checkView(answer.view, table.slug, table.id, table.seat);
    assert.ok(answer.view.version > view.version);
    moves += 1;
    view = answer.view;
    if (!view.legal_moves.length && !END_OF_ROUND.has(view.status)) view = await waitForTurn(table);
  }

  const events = await readLog(table);
  assert.deepEqual(
    events.map((item) => item.seq),
    events.map((_, i) => i + 1),
  );
  assert.ok(events.some((item) => item.type === "deal"));
  // Mystery Date's round ends on a won date
  assert.ok(events.some((item) => ["round_over", "game_over", "won"].includes(item.type)));
  const byHuman = events.filter((item) => item.seat === table.seat && item.by === "player");
  assert.equal(byHuman.length, moves);
  return { moves, kinds, events };
}

/** @returns {Promise<Schemas["CatalogEntry"][]>} */
async function catalogue() {
  assert.ok(BASE);
  const { games } = unwrap(await createApi(BASE).GET("/v1/catalog"));
  assert.ok(games.length, "an empty catalogue");
  return games;
}

const EVERY_GAME = "a round of every game of the catalogue, one seat played through the client";
test(EVERY_GAME, { skip: SKIP }, async (t) => {
  t.diagnostic(`CARD_TABLE_SEED=${SEED}`);
  for (const entry of await catalogue()) {
    await t.test(entry.slug, async (game) => {
      const table = await openTable(entry);
      await deal(table);
      /** @type {string[]} */
      const moves = [];
      const random = generator(`${SEED}:${entry.slug}`);
      const played = await playRound(table, random, (line) => moves.push(line)).catch((error) => {
        game.diagnostic(`the last moves:\n${moves.slice(-10).join("\n")}`);
        throw error;
      });
      game.diagnostic(
        `${entry.slug}: ${table.seats} seats, ${played.moves} moves (${[...played.kinds].sort().join(", ")}), ` +
          `${played.events.length} events`,
      );
    });
  }
});

/**
 * A fetch that cuts every event stream it opens after a random number of bytes (the first
 * `cuts` times; in the middle of a message, often of a character), as a dropped connection
 * would.
 * @param {() => number} random
 * @param {number} cuts
 */
function cutting(random, cuts) {
  const seen = { connections: 0, cuts: 0 };
  /** @param {Request} request */
  const fetch = async (request) => {
    const response = await globalThis.fetch(request);
    if (!request.url.includes("/stream") || !response.body) return response;
    seen.connections += 1;
    if (seen.cuts >= cuts) return response;
    let left = 150 + Math.floor(random() * 1200);
    const source = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) return controller.close();
        if (value.length < left) {
          left -= value.length;
          return controller.enqueue(value);
        }
        controller.enqueue(value.slice(0, left));
        seen.cuts += 1;
        await source.cancel();
        controller.error(new TypeError("cut by the test"));
      },
      cancel: (reason) => source.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch, seen };
}

const FOLLOW = "follow reads a whole match live, in order, with no gap, through cut connections";
test(FOLLOW, { skip: SKIP }, async (t) => {
  assert.ok(BASE);
  t.diagnostic(`CARD_TABLE_SEED=${SEED}`);
  const random = generator(`${SEED}:follow`);
  const entry = (await catalogue()).find((game) => game.slug === "old-maid");
  assert.ok(entry);
  const table = await openTable(entry);
  const { fetch, seen } = cutting(random, 8);
  const reader = createApi(BASE, { fetch });
  /** @type {Event[]} */
  const followed = [];
  const done = (async () => {
    const backoff = new Backoff({ first: 0.05, random });
    for await (const item of follow(reader, table.id, { token: table.token, backoff })) {
      followed.push(item);
    }
  })();
  await deal(table);
  await playRound(table, random, () => {});
  // finishing the match ends the stream (`event: end`) once its last event is sent
  const path = { game_id: table.id };
  unwrap(await table.host.POST("/v1/games/{game_id}/end", { params: { path } }));
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`follow did not end: ${followed.length} events`)), WAIT_MS);
  });
  await Promise.race([done, late]).finally(() => clearTimeout(timer));

  const log = await readLog(table);
  assert.deepEqual(
    followed.map((item) => item.seq),
    log.map((_, i) => i + 1),
    "every event, once, in order",
  );
  // the same events (their data may differ: finishing the match reveals what was hidden)
  /** @param {Event} item */
  const gist = ({ seq, round, seat, by, type }) => ({ seq, round, seat, by, type });
  assert.deepEqual(followed.map(gist), log.map(gist), "each as the events page has it");
  assert.ok(seen.cuts >= 2, `only ${seen.cuts} connection(s) cut: resuming was not tried`);
  t.diagnostic(`${log.length} events over ${seen.connections} connections, ${seen.cuts} cut`);
});
