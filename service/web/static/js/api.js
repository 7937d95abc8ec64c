// The public HTTP API, as any front end calls it: JSON in and out, problem documents
// as `Problem` errors, seat tokens kept in this browser's storage (never in a URL).

/** @typedef {import("api-schema").components["schemas"]} S */

const meta = /** @type {HTMLMetaElement | null} */ (
  document.querySelector('meta[name="card-table-api"]')
);
export const API = meta?.content || "/v1";

/** A refusal: the problem document's fields, and Retry-After in seconds if any. */
export class Problem extends Error {
  /** @param {number} status @param {Partial<S["Problem"]>} body @param {number} retryAfter */
  constructor(status, body, retryAfter) {
    super(body.detail || body.title || `HTTP ${status}`);
    this.status = status;
    this.code = body.code || "http_error";
    this.title = body.title || ""; // what words.js's problemText says of a code it does not know
    this.retryAfter = retryAfter;
    this.until = Date.now() + retryAfter * 1000; // when asking again may succeed
  }
}

/**
 * One call; a 503 (the database away) is tried again, the same request with the same
 * Idempotency-Key, after jittered pauses that grow, so a move is applied once.
 * @param {string} method @param {string} path
 * @param {{token?: string | null, body?: unknown, key?: string}} [options]
 * @returns {Promise<any>}
 */
export async function call(method, path, options = {}) {
  const headers = /** @type {Record<string, string>} */ ({ Accept: "application/json" });
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.key) headers["Idempotency-Key"] = options.key;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  for (let failures = 0; ; failures++) {
    let answer;
    try {
      answer = await fetch(API + path, { method, headers, body });
    } catch (error) {
      if (failures >= 5) throw new Problem(0, { code: "offline", detail: String(error) }, 0);
      await pause(backoff(failures));
      continue;
    }
    const retryAfter = Number(answer.headers.get("Retry-After") || 0);
    if (answer.status === 503 && failures < 5) {
      await pause(Math.max(retryAfter, backoff(failures)));
      continue;
    }
    const json = answer.status === 204 ? null : await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Problem(answer.status, json || {}, retryAfter);
    return json;
  }
}

const EVENTS_PAGE = 500; // the most the events API answers at once

/**
 * The whole log, read page by page through the events API until its last event;
 * ``progress`` hears how many have come.
 * @param {string} gameId @param {(count: number) => void} [progress]
 * @returns {Promise<S["Event"][]>}
 */
export async function wholeLog(gameId, progress = () => {}) {
  /** @type {S["Event"][]} */
  const log = [];
  for (;;) {
    const page = await call("GET", `/games/${gameId}/events?after=${log.length}&limit=${EVENTS_PAGE}`);
    log.push(...page.events);
    progress(log.length);
    if (!page.events.length || log.length >= page.last_seq) return log;
  }
}

/** Full jitter: a pause drawn from zero to 0.5 s x 2^failures, at most 15 s. */
export function backoff(/** @type {number} */ failures) {
  return Math.random() * Math.min(15, 0.5 * 2 ** Math.min(failures, 10));
}

export const pause = (/** @type {number} */ seconds) =>
  new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** @typedef {{seat: number | null, token: string | null, host: string | null, code?: string}} Seating */

/** What this browser holds at a table: its seat and token, and the host token. */
export function seating(/** @type {string} */ gameId) {
  const kept = localStorage.getItem(`card-table:${gameId}`);
  return /** @type {Seating} */ (kept ? JSON.parse(kept) : { seat: null, token: null, host: null });
}

export function keepSeating(/** @type {string} */ gameId, /** @type {Partial<Seating>} */ more) {
  const kept = { ...seating(gameId), ...more };
  if (typeof more.seat === "number" && more.token) rememberGame(gameId, more.seat);
  localStorage.setItem(`card-table:${gameId}`, JSON.stringify(kept));
  return kept;
}

export function forgetSeating(/** @type {string} */ gameId) {
  localStorage.removeItem(`card-table:${gameId}`);
}

const GAMES = "card-table:games";
const GAMES_KEPT = 20;

/** @typedef {{id: string, seat: number}} SatAt */

/** The matches this browser sat at, the newest first. */
export function gamesSatAt() {
  try {
    return /** @type {SatAt[]} */ (JSON.parse(localStorage.getItem(GAMES) || "[]"));
  } catch {
    return [];
  }
}

function rememberGame(/** @type {string} */ id, /** @type {number} */ seat) {
  const others = gamesSatAt().filter((game) => game.id !== id);
  localStorage.setItem(GAMES, JSON.stringify([{ id, seat }, ...others].slice(0, GAMES_KEPT)));
}

const NAME = "card-table:name";

/** The name this browser last sat down under, offered again ("" before the first). */
export const rememberedName = () => localStorage.getItem(NAME) || "";

export function rememberName(/** @type {string} */ name) {
  if (name.trim()) localStorage.setItem(NAME, name.trim());
}

/** The seat's token, else the host's (a host reads as a spectator, and deals). */
export const tokenOf = (/** @type {Seating} */ kept) => kept.token || kept.host;

export const newKey = () => crypto.randomUUID();
