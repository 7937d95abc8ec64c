/**
 * A client of the service at `baseUrl`: `api.GET("/v1/catalog")`, `api.POST(...)`, each
 * path, parameter, body and answer typed from the spec. With `token`, every request carries
 * it as `Authorization: Bearer <token>` (a seat's or the host's client).
 * @param {string} baseUrl
 * @param {ClientOptions & { token?: string }} [options]
 * @returns {Api}
 */
export function createApi(baseUrl: string, { token, headers, ...options }?: ClientOptions & {
    token?: string;
}): Api;
/**
 * The header that sends `token`, for one request: `api.POST(path, { headers: bearer(t) })`.
 * @param {string} token
 * @returns {{ Authorization: string }}
 */
export function bearer(token: string): {
    Authorization: string;
};
/**
 * The data of an answer that must be a success; an `ApiError` otherwise.
 * `const game = unwrap(await api.POST("/v1/games", { body }))`
 * @template {{ data?: unknown, error?: unknown, response: Response }} R
 * @param {R} result
 * @returns {Exclude<R["data"], undefined>}
 */
export function unwrap<R extends {
    data?: unknown;
    error?: unknown;
    response: Response;
}>(result: R): Exclude<R["data"], undefined>;
/**
 * @typedef {object} FollowOptions
 * @property {string} [token] the seat's (or host's) token, if `api` does not send one
 * @property {number} [after] the seq of the last event already known: start after it
 * @property {AbortSignal} [signal] stops following (the generator throws its reason)
 * @property {Backoff} [backoff] the pauses between reconnections
 * @property {number} [silence] seconds without a byte (a heartbeat comes every 15 s by
 *   default) after which the connection is taken for dead and opened again
 */
/**
 * The game's events after `after`, as they commit, read from its Server-Sent Events
 * stream (`GET /v1/games/{game_id}/stream`) with `fetch`, the token in the Authorization
 * header (which `EventSource` cannot send). After any drop (the server closing the stream,
 * a reset, a restart, silence) it connects again with `Last-Event-ID`, so no event is lost
 * or repeated, after a jittered pause: the server's `retry` after a stream that was open,
 * else the exponential back-off (never sooner than `Retry-After`). It ends once the match
 * is finished and its last event received (`event: end`); it throws an `ApiError` when the
 * service refuses the stream for good (an unknown game or token: 401, 404).
 *
 *     for await (const event of follow(api, gameId, { token })) console.log(event.seq, event.type);
 *
 * @param {Api} api
 * @param {string} gameId
 * @param {FollowOptions} [options]
 * @returns {AsyncGenerator<Event, void, undefined>}
 */
export function follow(api: Api, gameId: string, options?: FollowOptions): AsyncGenerator<Event, void, undefined>;
/**
 * The answer's Retry-After in seconds (delta-seconds or an HTTP date); 0 without one.
 * @param {Response | undefined} response
 */
export function retryAfter(response: Response | undefined): number;
/** A refusal: the answer's status and its problem document (RFC 9457), if it sent one. */
export class ApiError extends Error {
    /**
     * @param {Response} response
     * @param {unknown} body the answer's body, parsed when it was JSON
     */
    constructor(response: Response, body: unknown);
    status: number;
    /** @type {Partial<Problem>} */
    problem: Partial<Problem>;
    response: Response;
}
/**
 * Full jitter: before the n-th retry in a row, a pause drawn evenly from zero to
 * `first` x 2^n seconds, at most `longest`, and no less than what the server asked for
 * (`Retry-After`); `reset()` after a success. Many clients dropped at once (a restart)
 * then come back spread out, not all in the same instant.
 */
export class Backoff {
    /** @param {{ first?: number, longest?: number, random?: () => number }} [options] */
    constructor({ first, longest, random }?: {
        first?: number;
        longest?: number;
        random?: () => number;
    });
    first: number;
    longest: number;
    random: () => number;
    failures: number;
    /**
     * The seconds to wait before the next try, counting one more failure.
     * @param {number} [atLeast] the server's Retry-After, in seconds
     */
    pause(atLeast?: number): number;
    reset(): void;
}
/**
 * What one `follow` knows between connections: where to resume, the server's `retry`, and
 * whether the match is over; and the Server-Sent Events parser of one connection
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
 */
export class EventStreamReader {
    /** @param {number} after */
    constructor(after: number);
    after: number;
    retrySeconds: number;
    ended: boolean;
    /** @private */
    private decoder;
    /** @private a line not yet ended */
    private partial;
    /** @private the last chunk ended with \r, which a \n may complete */
    private skipNewline;
    /** @private @type {Record<string, string>} the message being read */
    private fields;
    /** @private @type {string[]} */
    private data;
    /** A new connection: what a drop cut short is read again in full from `after`. */
    restart(): void;
    /**
     * The events of one connection's body; stops at `event: end`. A pause of more than
     * `silence` seconds aborts `connection` (the pending read then throws).
     * @param {ReadableStream<Uint8Array>} body
     * @param {AbortController} connection
     * @param {number} silence
     * @returns {AsyncGenerator<Event, void, undefined>}
     */
    read(body: ReadableStream<Uint8Array>, connection: AbortController, silence: number): AsyncGenerator<Event, void, undefined>;
    /**
     * Some text of the stream: the events of the messages it completes, past `after`.
     * @param {string} text
     * @returns {Generator<Event, void, undefined>}
     */
    feed(text: string): Generator<Event, void, undefined>;
    /**
     * @private
     * One line; at a blank line, the message's event if it is one past `after`.
     * @param {string} line
     * @returns {Event | undefined}
     */
    private line;
    /**
     * @private
     * @returns {Event | undefined}
     */
    private dispatch;
    /**
     * The seconds to wait before connecting again: the server's `retry`, jittered, after a
     * stream it had opened; else the back-off, no sooner than the answer's Retry-After.
     * @param {Response | undefined} response
     * @param {Backoff} backoff
     */
    pauseAfter(response: Response | undefined, backoff: Backoff): number;
}
export type FollowOptions = {
    /**
     * the seat's (or host's) token, if `api` does not send one
     */
    token?: string | undefined;
    /**
     * the seq of the last event already known: start after it
     */
    after?: number | undefined;
    /**
     * stops following (the generator throws its reason)
     */
    signal?: AbortSignal | undefined;
    /**
     * the pauses between reconnections
     */
    backoff?: Backoff | undefined;
    /**
     * seconds without a byte (a heartbeat comes every 15 s by
     * default) after which the connection is taken for dead and opened again
     */
    silence?: number | undefined;
};
export type paths = import("./schema.js").paths;
export type Schemas = import("./schema.js").components["schemas"];
export type Api = import("openapi-fetch").Client<paths>;
export type ClientOptions = import("openapi-fetch").ClientOptions;
export type View = Schemas["View"];
export type Move = Schemas["Move"];
export type Event = Schemas["Event"];
export type Problem = Schemas["Problem"];
