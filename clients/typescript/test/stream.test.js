// `follow` and its parts against a fake server (no network): the Server-Sent Events
// parser, resuming with Last-Event-ID, the back-off and Retry-After, refusals, silence.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ApiError,
  Backoff,
  createApi,
  EventStreamReader,
  follow,
  retryAfter,
  SeatView,
} from "../src/index.js";

/** @typedef {import("../src/index.js").Event} Event */

const BASE = "http://card-table.invalid"; // never contacted: every fetch here is fake
const GAME = "00000000-0000-4000-8000-000000000000";

/**
 * An event of the log as the stream sends it (the events page's JSON).
 * @param {number} seq
 */
function event(seq) {
  return { seq, round: 1, seat: null, by: null, at: "2025-01-01T00:00:00Z", type: "nothing" };
}

/** @param {number} seq */
function message(seq) {
  return `id: ${seq}\ndata: ${JSON.stringify(event(seq))}\n\n`;
}

/**
 * A fake fetch answering the stream's requests in turn: each answer a status, headers and
 * the body's chunks (`stall` keeps the body open with nothing more). It records requests.
 * @param {{ status?: number, headers?: Record<string, string>, chunks?: string[], stall?: boolean }[]} answers
 */
function fakeServer(answers) {
  /** @type {Request[]} */
  const requests = [];
  /** @param {Request} request */
  const fetch = async (request) => {
    requests.push(request);
    const answer = answers[requests.length - 1];
    assert.ok(answer, `an unexpected request: ${request.url}`);
    const { status = 200, headers = {}, chunks = [], stall = false } = answer;
    const bytes = chunks.map((chunk) => new TextEncoder().encode(chunk));
    const body = new ReadableStream({
      start(controller) {
        for (const chunk of bytes) controller.enqueue(chunk);
        if (!stall) controller.close();
        // as a real connection does: aborting the request errors its body
        request.signal.addEventListener("abort", () => controller.error(request.signal.reason));
      },
    });
    const type = status === 200 ? "text/event-stream" : "application/problem+json";
    return new Response(body, { status, headers: { "Content-Type": type, ...headers } });
  };
  return { api: createApi(BASE, { fetch }), requests };
}

/**
 * Everything `follow` yields.
 * @template T @param {AsyncIterable<T>} events
 */
async function collect(events) {
  const seen = [];
  for await (const item of events) seen.push(item);
  return seen;
}

/** A back-off that never waits, recording the least pause each retry was asked for. */
class NoWait extends Backoff {
  constructor() {
    super({ random: () => 0 });
    /** @type {number[]} */
    this.asked = [];
  }

  /** @param {number} [atLeast] */
  pause(atLeast = 0) {
    this.asked.push(atLeast);
    super.pause(0);
    return 0;
  }
}

test("the parser reads the same events however the stream is cut into chunks", () => {
  const text =
    "retry: 2500\r\n\r\n" +
    ": heartbeat\n\n" +
    message(1).replaceAll("\n", "\r\n") +
    message(2).replaceAll("\n", "\r") +
    `id: 3\ndata: ${JSON.stringify(event(3))}\nunknown: field\n\n` +
    message(2) + // already had: skipped
    "event: end\ndata: {\"last_seq\":3}\n\n" +
    message(4); // after the end: never read
  for (let size = 1; size <= text.length; size++) {
    const reader = new EventStreamReader(0);
    /** @type {(Event | SeatView)[]} */
    const seen = [];
    for (let start = 0; start < text.length && !reader.ended; start += size) {
      seen.push(...reader.feed(text.slice(start, start + size)));
    }
    assert.deepEqual(seen, [event(1), event(2), event(3)], `chunks of ${size}`);
    assert.equal(reader.after, 3);
    assert.equal(reader.retrySeconds, 2.5);
    assert.ok(reader.ended, `chunks of ${size}`);
  }
});

test("a message cut short by a drop is dropped whole, and data lines are joined", () => {
  const reader = new EventStreamReader(0);
  assert.deepEqual([...reader.feed(`id: 1\ndata: {"seq": 1,`)], []);
  reader.restart(); // a new connection
  assert.deepEqual([...reader.feed(`id: 1\ndata: {"seq": 1,\ndata: "type": "x"}\n\n`)], [
    /** @type {Event} */ (/** @type {unknown} */ ({ seq: 1, type: "x" })),
  ]);
  assert.equal(reader.after, 1);
});

test("follow resumes with Last-Event-ID after a close and a drop, and sends the token", async () => {
  const { api, requests } = fakeServer([
    { chunks: ["retry: 1\n\n", message(1), message(2)] }, // the server closes it
    { chunks: [message(3), "id: 4\ndata: {\"seq\":"] }, // cut in the middle of event 4
    { chunks: [message(3), message(4), message(5), "event: end\ndata: {}\n\n"] },
  ]);
  const seen = await collect(follow(api, GAME, { token: "t0k", backoff: new NoWait() }));
  assert.deepEqual(
    seen.map((item) => item.seq),
    [1, 2, 3, 4, 5],
  );
  assert.deepEqual(
    requests.map((request) => request.headers.get("Last-Event-ID")),
    ["0", "2", "3"],
  );
  for (const request of requests) {
    assert.equal(new URL(request.url).pathname, `/v1/games/${GAME}/stream`);
    assert.equal(request.headers.get("Authorization"), "Bearer t0k");
    assert.equal(request.headers.get("Accept"), "text/event-stream");
  }
});

test("with views, follow asks for them and yields each after the events it follows", async () => {
  const view = { type: "old-maid", seat: 0, version: 7 };
  const viewMessage = `event: view\ndata: ${JSON.stringify(view)}\n\n`;
  const chunks = [viewMessage, message(1), message(2), viewMessage, "event: end\ndata: {}\n\n"];
  const { api, requests } = fakeServer([{ chunks }, { chunks }]);
  const withViews = await collect(follow(api, GAME, { views: true, backoff: new NoWait() }));
  assert.deepEqual(withViews, [new SeatView(/** @type {any} */ (view)), event(1), event(2),
    new SeatView(/** @type {any} */ (view))]);
  const without = await collect(follow(api, GAME, { backoff: new NoWait() }));
  assert.deepEqual(without, [event(1), event(2)]); // a view it did not ask for is skipped
  assert.deepEqual(requests.map((request) => new URL(request.url).search), ["?view=true", ""]);
});

test("follow starts after `after`", async () => {
  const { api, requests } = fakeServer([{ chunks: [message(8), "event: end\ndata: {}\n\n"] }]);
  const seen = await collect(follow(api, GAME, { after: 7 }));
  assert.deepEqual(
    seen.map((item) => item.seq),
    [8],
  );
  assert.equal(requests[0].headers.get("Last-Event-ID"), "7");
  assert.equal(requests[0].headers.get("Authorization"), null);
});

test("follow waits at least Retry-After on a 503, and retries what may pass", async () => {
  const problem = JSON.stringify({ title: "Service Unavailable", status: 503 });
  const { api, requests } = fakeServer([
    { status: 503, headers: { "Retry-After": "1" }, chunks: [problem] },
    { status: 502, chunks: ["bad gateway"] },
    { chunks: [message(1), "event: end\ndata: {}\n\n"] },
  ]);
  const backoff = new NoWait();
  const seen = await collect(follow(api, GAME, { backoff }));
  assert.deepEqual(
    seen.map((item) => item.seq),
    [1],
  );
  assert.equal(requests.length, 3);
  assert.deepEqual(backoff.asked, [1, 0]);
  assert.equal(backoff.failures, 0, "reset once the stream opened");
});

test("a Retry-After is waited for, however short the back-off", async () => {
  const { api } = fakeServer([
    { status: 429, headers: { "Retry-After": "1" } },
    { chunks: ["event: end\ndata: {}\n\n"] },
  ]);
  const started = performance.now();
  await collect(follow(api, GAME, { backoff: new Backoff({ random: () => 0 }) }));
  assert.ok(performance.now() - started >= 990, `${performance.now() - started} ms`);
});

test("follow gives up at once on a refusal no retry changes", async () => {
  for (const status of [401, 404, 422]) {
    const detail = `refused with ${status}`;
    const { api, requests } = fakeServer([{ status, chunks: [JSON.stringify({ detail })] }]);
    await assert.rejects(collect(follow(api, GAME, { backoff: new NoWait() })), (error) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, status);
      assert.equal(error.problem.detail, detail);
      return true;
    });
    assert.equal(requests.length, 1);
  }
});

test("resumed past the log's end, follow goes on from its end at once", async () => {
  const pastEnd = { status: 409, code: "after_past_end", last_seq: 4 };
  const { api, requests } = fakeServer([
    { status: 409, chunks: [JSON.stringify(pastEnd)] },
    { chunks: [message(5), "event: end\ndata: {}\n\n"] },
  ]);
  const backoff = new NoWait();
  const seen = await collect(follow(api, GAME, { after: 9, backoff }));
  assert.deepEqual(
    seen.map((item) => item.seq),
    [5],
  );
  assert.deepEqual(
    requests.map((request) => request.headers.get("Last-Event-ID")),
    ["9", "4"],
  );
  assert.deepEqual(backoff.asked, [], "no pause");
});

test("a 409 that is not the log's end, or not behind `after`, is a refusal", async () => {
  for (const problem of [
    { code: "conflict", last_seq: 4 },
    { code: "after_past_end", last_seq: 9 },
    { code: "after_past_end" },
  ]) {
    const { api, requests } = fakeServer([{ status: 409, chunks: [JSON.stringify(problem)] }]);
    await assert.rejects(collect(follow(api, GAME, { after: 9, backoff: new NoWait() })), ApiError);
    assert.equal(requests.length, 1);
  }
});

test("a silent connection is taken for dead and opened again", async () => {
  const { api, requests } = fakeServer([
    { chunks: ["retry: 1\n\n", message(1)], stall: true },
    { chunks: [message(2), "event: end\ndata: {}\n\n"] },
  ]);
  const seen = await collect(follow(api, GAME, { silence: 0.2, backoff: new NoWait() }));
  assert.deepEqual(
    seen.map((item) => item.seq),
    [1, 2],
  );
  assert.equal(requests.length, 2);
  assert.ok(requests[0].signal.aborted, "the first connection was hung up");
});

test("an abort stops follow with its reason, and hangs up", async () => {
  const { api, requests } = fakeServer([{ chunks: [message(1)], stall: true }]);
  const stop = new AbortController();
  const seen = [];
  await assert.rejects(
    (async () => {
      for await (const item of follow(api, GAME, { signal: stop.signal })) {
        seen.push(item);
        stop.abort(new Error("enough"));
      }
    })(),
    /enough/,
  );
  assert.equal(seen.length, 1);
  assert.ok(requests[0].signal.aborted);
});

test("breaking out of the loop hangs up", async () => {
  const { api, requests } = fakeServer([{ chunks: [message(1), message(2)], stall: true }]);
  for await (const item of follow(api, GAME)) {
    assert.equal(item.seq, 1);
    break;
  }
  assert.ok(requests[0].signal.aborted);
});

test("the back-off: full jitter, doubling from 0.5 s to 15 s, Retry-After the least", () => {
  const top = new Backoff({ random: () => 1 });
  const ceilings = Array.from({ length: 8 }, () => top.pause());
  assert.deepEqual(ceilings, [0.5, 1, 2, 4, 8, 15, 15, 15]);
  assert.equal(top.pause(20), 20);
  top.reset();
  assert.equal(top.pause(), 0.5);
  const bottom = new Backoff({ random: () => 0 });
  assert.equal(bottom.pause(), 0);
  assert.equal(bottom.pause(3), 3);
  const real = new Backoff();
  for (let i = 0; i < 200; i++) {
    const pause = real.pause();
    assert.ok(pause >= 0 && pause <= 15, `${pause}`);
  }
});

test("Retry-After in seconds or as a date", () => {
  /** @param {Record<string, string>} headers */
  const answer = (headers) => new Response(null, { status: 503, headers });
  assert.equal(retryAfter(answer({ "Retry-After": "7" })), 7);
  assert.equal(retryAfter(answer({})), 0);
  assert.equal(retryAfter(undefined), 0);
  assert.equal(retryAfter(answer({ "Retry-After": "soon" })), 0);
  const later = new Date(Date.now() + 30_000).toUTCString();
  const seconds = retryAfter(answer({ "Retry-After": later }));
  assert.ok(seconds > 25 && seconds <= 30, `${seconds}`);
});
