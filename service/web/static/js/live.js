// Following a table live: the event stream read with fetch (EventSource cannot send the
// Authorization header), resumed from the last event seen with Last-Event-ID after any
// drop, after a jittered pause that grows while it keeps failing; where the stream is
// refused three times in a row, long polls instead. A page that slept catches up from
// the log, since every connection resumes from the last event it saw. The seat's view
// comes with the events (`view=1`): after each burst, so the page never asks for it.
// A finished match is followed until it is played again (its `rematch` event; the
// stream asked to wait for it, `rematch=1`), or the server stops waiting for one: its
// seats' pages go on to the next table. A log that ends before the last event seen (the
// stream's `409 after_past_end`; a long poll's `last_seq`: restored from a backup, say)
// stops it, and the page reads the table again from scratch.

import { API, Problem, backoff, pause } from "./api.js";

/** @typedef {import("api-schema").components["schemas"]["Event"]} GameEvent */
/** @typedef {import("api-schema").components["schemas"]["View"]} View */
/** @typedef {"live" | "connecting" | "polling" | "offline"} LinkState */

// The server keeps a finished match's log open this long for its rematch (then says so).
const REMATCH_WAIT_MS = 10 * 60 * 1000;
const PAST_END = "after_past_end"; // the problem's code: the log ends before `after`

/**
 * ``onEvents``' ``live``: whether the events came after the log was read to its end
 * (its first view): what happens now, not what the page catches up with on opening.
 * ``onPastEnd``: the log ends before the last event seen; following has stopped.
 * @param {string} gameId
 * @param {{token: string | null, after: number,
 *          onEvents: (events: GameEvent[], live: boolean) => void,
 *          onView: (view: View) => void,
 *          onState: (state: LinkState) => void,
 *          onPastEnd: () => void}} handlers
 * @returns {() => void} stops following
 */
export function follow(gameId, { token, after, onEvents, onView, onState, onPastEnd }) {
  const stop = new AbortController();
  let last = after;
  let caughtUp = false;
  const seen = (/** @type {GameEvent[]} */ events) => {
    const fresh = events.filter((event) => event.seq > last);
    if (!fresh.length) return;
    last = fresh[fresh.length - 1].seq;
    onEvents(fresh, caughtUp);
  };
  const viewed = (/** @type {View} */ view) => {
    caughtUp = true;
    onView(view);
  };
  (async () => {
    let failures = 0;
    let reached = false; // the page has been following: a stream closed after its time
    // and opened again (resumed from the last event) misses nothing, so it stays "live"
    while (!stop.signal.aborted) {
      if (failures || !reached) onState(failures ? "offline" : "connecting");
      const polling = failures >= 3 && !streamWorks;
      const opened = () => {
        if (!polling) failures = 0; // polls go on until a stream opens again
        reached = true;
        onState(polling ? "polling" : "live");
      };
      try {
        const ended = polling
          ? await longPoll(gameId, token, last, seen, viewed, stop.signal, opened)
          : await stream(gameId, token, last, seen, viewed, stop.signal, opened);
        if (ended) return;
      } catch (error) {
        if (stop.signal.aborted) return;
        // a page read again starts at 0, before every log's end: it never loops
        if (error instanceof Problem && error.code === PAST_END && last > 0) {
          onPastEnd();
          return;
        }
        if (error instanceof Problem && ![0, 408, 429, 502, 503, 504].includes(error.status)) {
          onState("offline");
          return; // an unknown game, a retired token: no retry changes it
        }
        failures++;
        // never sooner than Retry-After: a busy server spreads its refused clients out
        await pause(Math.max(error instanceof Problem ? error.retryAfter : 0, backoff(failures)));
      }
    }
  })();
  return () => stop.abort();
}

let streamWorks = false; // once a stream opened, this browser reads streams

/**
 * One stream until the server closes it; true once it said nothing more will come.
 * @param {string} gameId @param {string | null} token @param {number} after
 * @param {(events: GameEvent[]) => void} seen @param {(view: View) => void} onView
 * @param {AbortSignal} signal @param {() => void} opened
 */
async function stream(gameId, token, after, seen, onView, signal, opened) {
  const headers = /** @type {Record<string, string>} */ ({
    Accept: "text/event-stream",
    "Last-Event-ID": String(after),
  });
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(`${API}/games/${gameId}/stream?view=1&rematch=1`, { headers, signal });
  if (!answer.ok || !answer.body) {
    const body = await answer.json().catch(() => ({}));
    throw new Problem(answer.status, body, Number(answer.headers.get("Retry-After") || 0));
  }
  streamWorks = true;
  opened();
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  /** @type {Record<string, string>} */
  let fields = {};
  // One read of the log's events, handed on whole when its view ends it: a move and what
  // it caused arrive together, however the network cut the bytes.
  /** @type {GameEvent[]} */
  let burst = [];
  const ended = () => {
    seen(burst);
    burst = [];
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      ended();
      return false; // closed after its time: connect again
    }
    buffer += value;
    const lines = buffer.split(/\r?\n/);
    buffer = lines.pop() || "";
    for (const line of lines) {
      if (line) {
        const colon = line.indexOf(":");
        if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, "");
        continue;
      }
      if (fields.event === "end") {
        ended();
        return true;
      }
      if (fields.event === "view" && fields.data) {
        ended();
        onView(JSON.parse(fields.data));
      } else if (fields.data && fields.id) burst.push(JSON.parse(fields.data));
      fields = {};
    }
  }
}

/**
 * Long polls until nothing more will come (true) or one fails (it throws): the match
 * played again (its `rematch` event), or over for longer than the server waits for that.
 * ``answered``: a poll came back, the page is following.
 * @param {string} gameId @param {string | null} token @param {number} after
 * @param {(events: GameEvent[]) => void} seen @param {(view: View) => void} onView
 * @param {AbortSignal} signal @param {() => void} answered
 */
async function longPoll(gameId, token, after, seen, onView, signal, answered) {
  const headers = /** @type {Record<string, string>} */ ({ Accept: "application/json" });
  if (token) headers.Authorization = `Bearer ${token}`;
  let over = Infinity; // when the match ended (its `game_over`), in this machine's ms
  for (let last = after; !signal.aborted; ) {
    const path = `${API}/games/${gameId}/events?after=${last}&wait=25&limit=500&view=1`;
    const answer = await fetch(path, { headers, signal });
    const page = await answer.json();
    if (!answer.ok) {
      throw new Problem(answer.status, page, Number(answer.headers.get("Retry-After") || 0));
    }
    if (page.last_seq < last) throw new Problem(409, { code: PAST_END }, 0); // as a stream says
    answered();
    /** @type {GameEvent[]} */
    const events = page.events;
    seen(events);
    if (page.view) onView(page.view);
    if (events.length) last = events[events.length - 1].seq;
    const ended = events.find((event) => event.type === "game_over");
    if (ended) over = Date.parse(ended.at);
    if (events.some((event) => event.type === "rematch")) return true;
    if (!events.length && Date.now() - over > REMATCH_WAIT_MS) return true;
  }
  return true;
}
