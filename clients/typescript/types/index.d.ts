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
export function follow(api: Api, gameId: string, options: FollowOptions & {
    views: true;
}): AsyncGenerator<Event | SeatView, void, undefined>;
/**
 * @overload
 * @param {Api} api
 * @param {string} gameId
 * @param {FollowOptions & { views?: false }} [options]
 * @returns {AsyncGenerator<Event, void, undefined>}
 */
export function follow(api: Api, gameId: string, options?: (FollowOptions & {
    views?: false;
}) | undefined): AsyncGenerator<Event, void, undefined>;
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
    constructor(view: View);
    view: {
        type: "old-maid";
        status: import("./schema.js").components["schemas"]["Status"];
        seat: number | null;
        to_act: number[];
        deadline: string | null;
        hand?: string[] | null;
        legal_moves: import("./schema.js").components["schemas"]["OldMaidLegalMove"][];
        game_id: string;
        round: number;
        version: number;
        seeded: boolean;
        seed_commitment: string | null;
        dealer?: number;
        turn?: number | null;
        offer?: import("./schema.js").components["schemas"]["Offer"] | null;
        players?: import("./schema.js").components["schemas"]["PassingPlayer"][];
        discarded?: string[];
        loser?: number | null;
        odd_card?: string | null;
    } | {
        type: "blind-date";
        status: import("./schema.js").components["schemas"]["Status"];
        seat: number | null;
        to_act: number[];
        deadline: string | null;
        hand?: string[] | null;
        legal_moves: import("./schema.js").components["schemas"]["BlindDateLegalMove"][];
        game_id: string;
        round: number;
        version: number;
        seeded: boolean;
        seed_commitment: string | null;
        dealer?: number;
        turn?: number | null;
        offer?: import("./schema.js").components["schemas"]["Offer"] | null;
        players?: import("./schema.js").components["schemas"]["PassingPlayer"][];
        discarded?: string[];
        loser?: number | null;
        odd_card?: string | null;
    } | {
        type: "crazy-eights";
        status: import("./schema.js").components["schemas"]["Status"];
        seat: number | null;
        to_act: number[];
        deadline: string | null;
        hand?: string[] | null;
        legal_moves: import("./schema.js").components["schemas"]["CrazyEightsLegalMove"][];
        game_id: string;
        round: number;
        version: number;
        seeded: boolean;
        seed_commitment: string | null;
        dealer?: number;
        turn?: number | null;
        top?: string;
        suit?: import("./schema.js").components["schemas"]["Suit"];
        discard?: string[];
        stock?: number;
        players?: import("./schema.js").components["schemas"]["EightsPlayer"][];
        passes?: number;
        blocked?: boolean;
        hands_left?: string[][] | null;
        points?: number[] | null;
    } | {
        type: "go-fish";
        status: import("./schema.js").components["schemas"]["Status"];
        seat: number | null;
        to_act: number[];
        deadline: string | null;
        hand?: string[] | null;
        legal_moves: import("./schema.js").components["schemas"]["GoFishLegalMove"][];
        game_id: string;
        round: number;
        version: number;
        seeded: boolean;
        seed_commitment: string | null;
        dealer?: number;
        turn?: number | null;
        stock?: number;
        players?: import("./schema.js").components["schemas"]["FishPlayer"][];
        winners?: number[] | null;
    } | {
        type: "spoons";
        status: import("./schema.js").components["schemas"]["Status"];
        seat: number | null;
        to_act: number[];
        deadline: string | null;
        hand?: string[] | null;
        legal_moves: import("./schema.js").components["schemas"]["SpoonsLegalMove"][];
        game_id: string;
        round: number;
        version: number;
        seeded: boolean;
        seed_commitment: string | null;
        dealer?: number;
        signal?: string;
        pile?: number | null;
        players?: import("./schema.js").components["schemas"]["SpoonsPlayer"][];
        signals?: number[];
        loser?: number | null;
    } | {
        type: "mystery-date";
        status: import("./schema.js").components["schemas"]["Status"];
        seat: number | null;
        to_act: number[];
        deadline: string | null;
        hand?: string[] | null;
        legal_moves: import("./schema.js").components["schemas"]["MysteryDateLegalMove"][];
        game_id: string;
        round: number;
        version: number;
        seeded: boolean;
        seed_commitment: string | null;
        dealer?: number;
        turn?: number | null;
        phase?: "roll" | "discard" | "give" | "take" | "pile" | "outfit" | "over";
        ready?: ("pink" | "green" | "blue" | "orange")[] | null;
        players?: import("./schema.js").components["schemas"]["DatePlayer"][];
        top_discard?: string | null;
        draw_pile?: number;
        discard_pile?: number;
        swap_with?: number[];
        last_door?: import("./schema.js").components["schemas"]["DoorOpened"] | null;
        winner?: number | null;
    };
}
/**
 * What one `follow` knows between connections: where to resume, the server's `retry`, and
 * whether the match is over; and the Server-Sent Events parser of one connection
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
 */
export class EventStreamReader {
    /** @param {number} after @param {boolean} [views] whether to read `event: view` messages */
    constructor(after: number, views?: boolean);
    after: number;
    views: boolean;
    retrySeconds: number;
    ended: boolean;
    rewound: boolean;
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
     * @returns {AsyncGenerator<Event | SeatView, void, undefined>}
     */
    read(body: ReadableStream<Uint8Array>, connection: AbortController, silence: number): AsyncGenerator<Event | SeatView, void, undefined>;
    /**
     * Some text of the stream: the events of the messages it completes, past `after`, and
     * its views.
     * @param {string} text
     * @returns {Generator<Event | SeatView, void, undefined>}
     */
    feed(text: string): Generator<Event | SeatView, void, undefined>;
    /**
     * @private
     * One line; at a blank line, the message's event if it is one past `after`, or its view.
     * @param {string} line
     * @returns {Event | SeatView | undefined}
     */
    private line;
    /**
     * @private
     * @returns {Event | SeatView | undefined}
     */
    private dispatch;
    /**
     * After `409 after_past_end`, resume after the log's end (its `last_seq`); whether that
     * was the refusal.
     * @param {number} status
     * @param {unknown} body the answer's body, parsed when it was JSON
     */
    rewind(status: number, body: unknown): boolean;
    /**
     * The seconds to wait before connecting again: none after a rewind; the server's
     * `retry`, jittered, after a stream it had opened; else the back-off, no sooner than the
     * answer's Retry-After.
     * @param {Response | undefined} response
     * @param {Backoff} backoff
     */
    pauseAfter(response: Response | undefined, backoff: Backoff): number;
}
export type paths = import("./schema.js").paths;
export type Schemas = import("./schema.js").components["schemas"];
export type Api = import("openapi-fetch").Client<paths>;
export type ClientOptions = import("openapi-fetch").ClientOptions;
export type View = Schemas["View"];
export type Move = Schemas["Move"];
export type Event = Schemas["Event"];
export type Problem = Schemas["Problem"];
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
    /**
     * also yield the seat's view (a `SeatView`) after each burst
     * of events and on connecting, so the view need not be asked for per event
     */
    views?: boolean | undefined;
};
