// The card-table service's typed client: openapi-fetch over the declarations that
// openapi-typescript generates from openapi/openapi.json (./schema.d.ts), and `follow`,
// which reads a game's event stream and resumes it after any drop. A plain ES module typed
// with JSDoc; `make ts` emits ../types/index.d.ts from it for TypeScript projects.
import createClient, { mergeHeaders } from "openapi-fetch";

/** @typedef {import("./schema.js").paths} paths */
/** @typedef {import("./schema.js").components["schemas"]} Schemas */
/** @typedef {import("openapi-fetch").Client<paths>} Api */
/** @typedef {import("openapi-fetch").ClientOptions} ClientOptions */
/** @typedef {Schemas["View"]} View */
/** @typedef {Schemas["Move"]} Move */
/** @typedef {Schemas["Event"]} Event */
/** @typedef {Schemas["Problem"]} Problem */

// A retry of these may succeed: the service busy, restarting or its database away (a 500
// is a bug: asking again would not help).
const TRANSIENT = new Set([408, 429, 502, 503, 504]);

/**
 * A client of the service at `baseUrl`: `api.GET("/v1/catalog")`, `api.POST(...)`, each
 * path, parameter, body and answer typed from the spec. With `token`, every request carries
 * it as `Authorization: Bearer <token>` (a seat's or the host's client).
 * @param {string} baseUrl
 * @param {ClientOptions & { token?: string }} [options]
 * @returns {Api}
 */
export function createApi(baseUrl, { token, headers, ...options } = {}) {
  const merged = mergeHeaders(headers, token === undefined ? undefined : bearer(token));
  return createClient({ ...options, baseUrl, headers: merged });
}

/**
 * The header that sends `token`, for one request: `api.POST(path, { headers: bearer(t) })`.
 * @param {string} token
 * @returns {{ Authorization: string }}
 */
export function bearer(token) {
  return { Authorization: `Bearer ${token}` };
}

/** A refusal: the answer's status and its problem document (RFC 9457), if it sent one. */
export class ApiError extends Error {
  /**
   * @param {Response} response
   * @param {unknown} body the answer's body, parsed when it was JSON
   */
  constructor(response, body) {
    // a proxy in between may answer with no problem document at all
    const problem =
      typeof body === "object" && body !== null ? /** @type {Partial<Problem>} */ (body) : {};
    const said = problem.detail ?? problem.title ?? (typeof body === "string" ? body : "");
    super(`${response.status} ${response.url}: ${said}`.slice(0, 500));
    this.name = "ApiError";
    this.status = response.status;
    /** @type {Partial<Problem>} */
    this.problem = problem;
    this.response = response;
  }
}

/**
 * The data of an answer that must be a success; an `ApiError` otherwise.
 * `const game = unwrap(await api.POST("/v1/games", { body }))`
 * @template {{ data?: unknown, error?: unknown, response: Response }} R
 * @param {R} result
 * @returns {Exclude<R["data"], undefined>}
 */
export function unwrap(result) {
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiError(result.response, result.error);
  }
  return /** @type {Exclude<R["data"], undefined>} */ (result.data);
}

/**
 * Full jitter: before the n-th retry in a row, a pause drawn evenly from zero to
 * `first` x 2^n seconds, at most `longest`, and no less than what the server asked for
 * (`Retry-After`); `reset()` after a success. Many clients dropped at once (a restart)
 * then come back spread out, not all in the same instant.
 */
export class Backoff {
  /** @param {{ first?: number, longest?: number, random?: () => number }} [options] */
  constructor({ first = 0.5, longest = 15, random = Math.random } = {}) {
    this.first = first;
    this.longest = longest;
    this.random = random;
    this.failures = 0;
  }

  /**
   * The seconds to wait before the next try, counting one more failure.
   * @param {number} [atLeast] the server's Retry-After, in seconds
   */
  pause(atLeast = 0) {
    const ceiling = Math.min(this.longest, this.first * 2 ** Math.min(this.failures, 32));
    this.failures += 1;
    return Math.max(atLeast, this.random() * ceiling);
  }

  reset() {
    this.failures = 0;
  }
}

/**
 * @typedef {object} FollowOptions
 * @property {string} [token] the seat's (or host's) token, if `api` does not send one
 * @property {number} [after] the seq of the last event already known: start after it
 * @property {AbortSignal} [signal] stops following (the generator throws its reason)
 * @property {Backoff} [backoff] the pauses between reconnections
 * @property {number} [silence] seconds without a byte (a heartbeat comes every 15 s by
 *   default) after which the connection is taken for dead and opened again
 * @property {boolean} [views] also yield the seat's view (a `SeatView`) after each burst
 *   of events and on connecting, so the view need not be asked for per event
 */

/** The seat's view as of the event before it, from `follow(..., { views: true })`. */
export class SeatView {
  /** @param {View} view */
  constructor(view) {
    this.view = view;
  }
}

/**
 * The game's events after `after`, as they commit, read from its Server-Sent Events
 * stream (`GET /v1/games/{game_id}/stream`) with `fetch`, the token in the Authorization
 * header (which `EventSource` cannot send). After any drop (the server closing the stream,
 * a reset, a restart, silence) it connects again with `Last-Event-ID`, so no event is lost
 * or repeated, after a jittered pause: the server's `retry` after a stream that was open,
 * else the exponential back-off (never sooner than `Retry-After`). It ends once the match
 * is finished and its last event received (`event: end`); it throws an `ApiError` when the
 * service refuses the stream for good (an unknown game or token: 401, 404). Resumed past
 * the log's end (`409 after_past_end`: an `after` from another game, a log restored from a
 * backup), it goes on after the log's end at once: the events that come next may have seqs
 * already yielded.
 *
 *     for await (const event of follow(api, gameId, { token })) console.log(event.seq, event.type);
 *
 * With `views: true` the seat's view comes too, as a `SeatView` after the events it follows:
 *
 *     for await (const item of follow(api, gameId, { token, views: true }))
 *       if (item instanceof SeatView) show(item.view);
 *
 * @overload
 * @param {Api} api
 * @param {string} gameId
 * @param {FollowOptions & { views: true }} options
 * @returns {AsyncGenerator<Event | SeatView, void, undefined>}
 */
/**
 * @overload
 * @param {Api} api
 * @param {string} gameId
 * @param {FollowOptions & { views?: false }} [options]
 * @returns {AsyncGenerator<Event, void, undefined>}
 */
/**
 * @param {Api} api
 * @param {string} gameId
 * @param {FollowOptions} [options]
 * @returns {AsyncGenerator<Event | SeatView, void, undefined>}
 */
export async function* follow(api, gameId, options = {}) {
  const { token, signal, backoff = new Backoff(), silence = 45, views = false } = options;
  const stream = new EventStreamReader(options.after ?? 0, views);
  while (!stream.ended) {
    signal?.throwIfAborted();
    const connection = new AbortController();
    const stop = () => connection.abort(signal?.reason);
    signal?.addEventListener("abort", stop, { once: true });
    /** @type {Response | undefined} */
    let response;
    try {
      const answer = await api.GET("/v1/games/{game_id}/stream", {
        params: {
          path: { game_id: gameId },
          header: { "Last-Event-ID": stream.after },
          query: views ? { view: true } : {},
        },
        headers: mergeHeaders(
          { Accept: "text/event-stream" },
          token === undefined ? undefined : bearer(token),
        ),
        parseAs: "stream",
        signal: connection.signal,
      });
      response = answer.response;
      if (answer.error !== undefined || !response.ok || !answer.data) {
        const retried = TRANSIENT.has(response.status) || stream.rewind(response.status, answer.error);
        if (!retried) throw new ApiError(response, answer.error);
      } else {
        backoff.reset();
        yield* stream.read(answer.data, connection, silence);
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!isTransport(error)) throw error; // a refusal, or a bug: not for retrying
    } finally {
      signal?.removeEventListener("abort", stop);
      connection.abort(); // the consumer stopped early, or the stream ended: hang up
    }
    if (!stream.ended) await sleep(stream.pauseAfter(response, backoff), signal);
  }
}

/**
 * Whether `error` is the connection's failure (refused, reset, cut, silent), after which
 * connecting again may help.
 * @param {unknown} error
 */
function isTransport(error) {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  return error instanceof TypeError || name === "AbortError" || name === "TimeoutError";
}

/**
 * What one `follow` knows between connections: where to resume, the server's `retry`, and
 * whether the match is over; and the Server-Sent Events parser of one connection
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
 */
export class EventStreamReader {
  /** @param {number} after @param {boolean} [views] whether to read `event: view` messages */
  constructor(after, views = false) {
    this.after = after;
    this.views = views;
    this.retrySeconds = 1; // until the server says (it sends `retry:` first)
    this.ended = false;
    this.rewound = false; // `after` was past the log's end: now at its end
    /** @private */
    this.decoder = new TextDecoder();
    /** @private a line not yet ended */
    this.partial = "";
    /** @private the last chunk ended with \r, which a \n may complete */
    this.skipNewline = false;
    /** @private @type {Record<string, string>} the message being read */
    this.fields = {};
    /** @private @type {string[]} */
    this.data = [];
  }

  /** A new connection: what a drop cut short is read again in full from `after`. */
  restart() {
    this.decoder = new TextDecoder();
    this.partial = "";
    this.skipNewline = false;
    this.fields = {};
    this.data = [];
  }

  /**
   * The events of one connection's body; stops at `event: end`. A pause of more than
   * `silence` seconds aborts `connection` (the pending read then throws).
   * @param {ReadableStream<Uint8Array>} body
   * @param {AbortController} connection
   * @param {number} silence
   * @returns {AsyncGenerator<Event | SeatView, void, undefined>}
   */
  async *read(body, connection, silence) {
    this.restart();
    const reader = body.getReader();
    try {
      while (!this.ended) {
        const timer = setTimeout(
          () => connection.abort(new DOMException("no byte for too long", "TimeoutError")),
          silence * 1000,
        );
        const chunk = await reader.read().finally(() => clearTimeout(timer));
        if (chunk.done) return;
        yield* this.feed(this.decoder.decode(chunk.value, { stream: true }));
      }
    } finally {
      reader.releaseLock();
    }
  }

  /**
   * Some text of the stream: the events of the messages it completes, past `after`, and
   * its views.
   * @param {string} text
   * @returns {Generator<Event | SeatView, void, undefined>}
   */
  *feed(text) {
    let start = 0;
    if (this.skipNewline && text.startsWith("\n")) start = 1;
    this.skipNewline = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (c !== "\n" && c !== "\r") continue;
      const line = this.partial + text.slice(start, i);
      this.partial = "";
      if (c === "\r") {
        if (i + 1 === text.length) this.skipNewline = true;
        else if (text[i + 1] === "\n") i += 1;
      }
      start = i + 1;
      const event = this.line(line);
      if (event) yield event;
      if (this.ended) return;
    }
    this.partial += text.slice(start);
  }

  /**
   * @private
   * One line; at a blank line, the message's event if it is one past `after`, or its view.
   * @param {string} line
   * @returns {Event | SeatView | undefined}
   */
  line(line) {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined; // a comment: the heartbeat
    const colon = line.indexOf(":");
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "data") this.data.push(value);
    else if (name === "retry") {
      if (/^\d+$/.test(value)) this.retrySeconds = Number(value) / 1000;
    } else this.fields[name] = value;
    return undefined;
  }

  /**
   * @private
   * @returns {Event | SeatView | undefined}
   */
  dispatch() {
    const { fields, data } = this;
    this.fields = {};
    this.data = [];
    if (fields.event === "end") {
      this.ended = true;
      return undefined;
    }
    if (fields.event === "view" && this.views && data.length) {
      return new SeatView(/** @type {View} */ (JSON.parse(data.join("\n"))));
    }
    if (!data.length || fields.id === undefined || (fields.event ?? "message") !== "message") {
      return undefined;
    }
    const seq = Number(fields.id);
    if (!(seq > this.after)) return undefined; // already had (or not a seq at all)
    this.after = seq;
    return /** @type {Event} */ (JSON.parse(data.join("\n")));
  }

  /**
   * After `409 after_past_end`, resume after the log's end (its `last_seq`); whether that
   * was the refusal.
   * @param {number} status
   * @param {unknown} body the answer's body, parsed when it was JSON
   */
  rewind(status, body) {
    const problem = typeof body === "object" && body !== null ? /** @type {Partial<Problem>} */ (body) : {};
    const lastSeq = problem.last_seq ?? -1;
    if (status !== 409 || problem.code !== "after_past_end") return false;
    // each rewind goes back: never a loop
    if (!Number.isInteger(lastSeq) || lastSeq < 0 || lastSeq >= this.after) return false;
    this.after = lastSeq;
    this.rewound = true;
    return true;
  }

  /**
   * The seconds to wait before connecting again: none after a rewind; the server's
   * `retry`, jittered, after a stream it had opened; else the back-off, no sooner than the
   * answer's Retry-After.
   * @param {Response | undefined} response
   * @param {Backoff} backoff
   */
  pauseAfter(response, backoff) {
    if (this.rewound) {
      this.rewound = false;
      return 0;
    }
    if (response?.ok && backoff.failures === 0) return backoff.random() * this.retrySeconds;
    return backoff.pause(retryAfter(response));
  }
}

/**
 * The answer's Retry-After in seconds (delta-seconds or an HTTP date); 0 without one.
 * @param {Response | undefined} response
 */
export function retryAfter(response) {
  const value = response?.headers.get("Retry-After")?.trim() ?? "";
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, (date - Date.now()) / 1000);
}

/**
 * @param {number} seconds
 * @param {AbortSignal} [signal]
 * @returns {Promise<void>}
 */
function sleep(seconds, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, seconds * 1000);
    signal?.addEventListener("abort", stop, { once: true });
  });
}
