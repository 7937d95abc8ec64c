// A table: the seats, the game's own board, your hand and the moves you may make (from
// `legal_moves` only), whose turn it is and each clock, the log in words, and the end of
// a round and of the match. Live over the event stream; every refusal in words.

import { html, useEffect, useRef, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { API, Problem, call, keepSeating, newKey, seating, tokenOf } from "./api.js";
import { Card, cardName } from "./cards.js";
import { BOARDS } from "./games/index.js";
import { t } from "./i18n.js";
import { follow } from "./live.js";
import { cardOfMove, moveLabel, sentence } from "./words.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Game"]} Game */
/** @typedef {S["Move"]} Move */
/** @typedef {S["Event"]} GameEvent */
/** @typedef {S["CatalogEntry"]} Entry */
/** @typedef {S["View"]} View */
/** @typedef {import("./i18n.js").Key} Key */

const LOG_SHOWN = 40;
// The events after which the summary changes beyond the view (seats, scores, the round).
const SUMMARY_EVENTS = new Set(["deal", "round_over", "game_over", "round_abandoned", "left"]);

/** @param {{gameId: string, catalogue: Entry[]}} props */
export function TablePage({ gameId, catalogue }) {
  const [kept, setKept] = useState(() => seating(gameId));
  const [game, setGame] = useState(/** @type {Game | null} */ (null));
  const [view, setView] = useState(/** @type {View | null} */ (null));
  const [log, setLog] = useState(/** @type {GameEvent[]} */ ([]));
  const [link, setLink] = useState("connecting");
  const [notice, setNotice] = useState(/** @type {unknown} */ (null));
  const [busy, setBusy] = useState(false);
  const refreshing = useRef(/** @type {number | null} */ (null));
  const token = kept.token || kept.host;

  /** The summary, and the view unless the stream brings it (on opening, after events). */
  async function refresh(withView = true) {
    try {
      const [summary, seen] = await Promise.all([
        call("GET", `/games/${gameId}`),
        withView ? call("GET", `/games/${gameId}/view`, { token: kept.token || kept.host }) : null,
      ]);
      setGame((old) => newest(old, summary));
      if (seen) setView((old) => newest(old, seen));
    } catch (error) {
      setNotice(error);
    }
  }

  /** Events that change what only the summary says (seats, scores, the round): one
   * refresh for a burst of them. */
  function refreshSoon() {
    if (refreshing.current !== null) return;
    refreshing.current = window.setTimeout(() => {
      refreshing.current = null;
      refresh(false);
    }, 60);
  }

  const logged = (/** @type {GameEvent[]} */ events) =>
    setLog((old) => merge(old, events));

  useEffect(() => {
    refresh(); // a refusal (a retired token, say) shows here; then the stream keeps the view
    const stop = follow(gameId, {
      token,
      after: 0,
      onEvents: (events) => {
        logged(events);
        if (events.some((event) => SUMMARY_EVENTS.has(event.type))) refreshSoon();
      },
      onView: (seen) => setView((old) => newest(old, seen)),
      onState: setLink,
    });
    return stop;
  }, [gameId, token]);

  if (!game || !view) {
    return html`<section class="table"><p>${notice ? refusal(notice) : t("loading")}</p></section>`;
  }
  const entry = catalogue.find((item) => item.slug === game.type);
  const name = (/** @type {number | null | undefined} */ seat) =>
    seat === null || seat === undefined ? t("nobody") : game.seats[seat]?.name ?? t("seat_n", { n: seat + 1 });

  /** Send one legal move; a 503 is retried inside `call` with the same key. */
  async function act(/** @type {Move} */ move) {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await call("POST", `/games/${gameId}/moves`, {
        token: kept.token,
        body: move,
        key: newKey(),
      });
      setView((old) => newest(old, answer.view));
      logged(answer.events);
    } catch (error) {
      setNotice(error);
      refresh(); // stale version, not your turn: see the table as it is now
    } finally {
      setBusy(false);
    }
  }

  /** Host's or player's table work: join, bots, deal, leave, end. */
  async function work(/** @type {() => Promise<unknown>} */ task) {
    setBusy(true);
    setNotice(null);
    try {
      await task();
      await refresh();
    } catch (error) {
      setNotice(error);
    } finally {
      setBusy(false);
    }
  }

  const Board = BOARDS[view.type]; // a game without a board: the spec grew, tsc says so
  const props = { view, game, entry, name, act, busy };
  return html`
    <section class="table" aria-busy=${busy}>
      <header class="table-head">
        <a href="/play" class="back">${t("to_lobby")}</a>
        <h1>${entry?.title ?? game.type}</h1>
        ${entry && html`<${RulesLink} entry=${entry} />`}
        <p class="status" data-status=${view.status}>
          ${t(/** @type {Key} */ (`status_${view.status}`))}${game.round ? ` · ${t("round_n", { n: game.round })}` : ""}
        </p>
        <p class=${`link ${link}`} role="status">${t(/** @type {Key} */ (`link_${link}`))}</p>
        ${kept.code && html`<p class="code">${t("code_to_share")} <strong>${kept.code}</strong></p>`}
        ${game.seeded && html`<p class="seeded">${t("seeded_table")}</p>`}
      </header>
      <${Notice} error=${notice} />
      <${Seats} game=${game} view=${view} own=${kept.seat} />
      ${view.status === "waiting"
        ? html`<${Waiting} game=${game} kept=${kept} setKept=${setKept} work=${work} busy=${busy} />`
        : html`
            ${Board && html`<${Board} ...${props} />`}
            <${Hand} ...${props} />
            <${Actions} ...${props} />`}
      ${(view.status === "round_over" || view.status === "finished") &&
      html`<${RoundEnd} game=${game} log=${log} kept=${kept} work=${work} busy=${busy} gameId=${gameId} />`}
      ${view.status !== "waiting" && kept.seat !== null && html`
        <button class="quiet" disabled=${busy} onClick=${() => work(async () => {
          await call("POST", `/games/${gameId}/leave`, { token: kept.token });
          setKept(keepSeating(gameId, { seat: null, token: null }));
        })}>${t("leave")}</button>`}
      <${Log} log=${log} name=${name} />
    </section>`;
}

/**
 * The later of two answers about the table, by `version`: a refresh that began before a
 * move and ended after it must not put the view from before the move back.
 * @template {{version: number}} T @param {T | null} old @param {T} next
 */
function newest(old, next) {
  return old && old.version > next.version ? old : next;
}

/** @param {GameEvent[]} old @param {GameEvent[]} events */
function merge(old, events) {
  const last = old.length ? old[old.length - 1].seq : 0;
  const fresh = events.filter((event) => event.seq > last);
  return fresh.length ? [...old, ...fresh] : old;
}

/** A game's full rules: its section of the service's rules page, found beside the API
 * (which may be served from another origin than this page). */
const rulesHref = (/** @type {Entry} */ entry) =>
  new URL(entry.rules_url, new URL(API, location.href)).href;

/** The link to a game's full rules, opened beside the page. */
export const RulesLink = (/** @type {{entry: Entry}} */ { entry }) =>
  html`<a class="full-rules" href=${rulesHref(entry)} target="_blank" rel="noopener">${t("full_rules", { game: entry.title })}</a>`;

/** A refusal shown, with its Retry-After counting down. */
export function Notice(/** @type {{error: unknown}} */ { error }) {
  const counting = error instanceof Problem && error.code === "too_many_requests";
  useTick(counting ? 1000 : 0);
  return error ? html`<p class="notice" role="alert">${refusal(error)}</p>` : null;
}

/** A refusal in words: the problem's code, with the engine's reason where it gave one. */
export function refusal(/** @type {unknown} */ error) {
  if (!(error instanceof Problem)) return t("problem_unknown");
  switch (error.code) {
    case "illegal_move":
      return t("problem_illegal_move", { reason: error.message });
    case "too_many_requests":
      return t("problem_too_many", { seconds: Math.max(0, Math.ceil((error.until - Date.now()) / 1000)) });
    default: {
      const key = /** @type {Key} */ (`problem_${error.code}`);
      const text = t(key);
      return text === key || text.startsWith("problem_") ? `${t("problem_unknown")} (${error.message})` : text;
    }
  }
}

/** Every seat: name, kind, cards, state, whose turn, thinking, and the clock. */
function Seats(/** @type {{game: Game, view: View, own: number | null}} */ { game, view, own }) {
  useTick(view.deadline ? 250 : 0);
  // now, not the last tick's time (up to 250 ms old when a new deadline comes); never
  // more than the table's clock, whatever this machine's clock says against the server's
  const left = (/** @type {string} */ deadline) => Math.max(0, Math.min(
    game.turn_seconds ?? Infinity, Math.ceil((Date.parse(deadline) - Date.now()) / 1000)));
  // a table not yet dealt has no players in its view
  const players = /** @type {Record<string, any>[]} */ ("players" in view ? view.players ?? [] : []);
  return html`
    <ol class="seats">
      ${game.seats.map((seat) => {
        // the view's own counts win: they are as new as the hand beside them
        const extra = players.find((player) => player.seat === seat.seat) || {};
        seat = { ...seat, ...extra };
        const acting = view.to_act.includes(seat.seat);
        const clock = acting && view.deadline && (view.to_act.length === 1 || seat.seat === own)
          ? left(view.deadline)
          : null;
        return html`
          <li class=${`seat${acting ? " acting" : ""}${seat.seat === own ? " own" : ""}`}>
            <span class="name">${seat.name}${seat.seat === own ? ` (${t("you")})` : ""}</span>
            <span class="kind">${seat.bot ? t("bot_level", { level: t(/** @type {Key} */ (`level_${seat.bot}`)) }) : t("human")}</span>
            ${seat.cards !== null && seat.cards !== undefined && html`<span>${t("cards_n", { n: seat.cards })}</span>`}
            ${seat.safe && html`<span class="badge">${t("safe")}</span>`}
            ${seat.out && !seat.safe && html`<span class="badge">${t("out")}</span>`}
            ${seat.score !== null && seat.score !== undefined && html`<span>${t("score_n", { n: seat.score })}</span>`}
            ${seat.lives !== null && seat.lives !== undefined && html`<span>${t("lives_n", { n: seat.lives })}</span>`}
            ${extra.pig ? html`<span class="badge">${extra.pig}</span>` : null}
            ${extra.signalled && html`<span class="badge">${t("signalled")}</span>`}
            ${extra.books?.length ? html`<span>${t("books_n", { n: extra.books.length })}</span>` : null}
            ${acting && html`<span class="turn">${seat.bot ? t("thinking") : t("to_act")}</span>`}
            ${clock !== null && html`<span class="clock" aria-label=${t("seconds_left", { n: clock })}>⏱ ${clock}</span>`}
          </li>`;
      })}
    </ol>`;
}

/** Re-render every ``ms`` milliseconds (a countdown); 0: never. */
function useTick(/** @type {number} */ ms) {
  const [, setNow] = useState(Date.now());
  useEffect(() => {
    if (!ms) return;
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
}

/** @typedef {{view: View, game: Game, entry: Entry | undefined, act: (move: Move) => void,
 *   busy: boolean, name: (seat: number | null | undefined) => string}} BoardProps */

/** Your hand: a card you may play is a button; with several moves for it, a choice. */
function Hand(/** @type {BoardProps} */ { view, act, busy, name }) {
  const [choosing, setChoosing] = useState(/** @type {string | null} */ (null));
  if (!view.hand) return null;
  const movesOf = (/** @type {string} */ card) =>
    view.legal_moves.filter((move) => cardOfMove(move) === card || (move.type === "ask" && card.slice(0, -1) === move.rank));
  const options = choosing ? movesOf(choosing) : [];
  return html`
    <section class="hand" aria-label=${t("your_hand")}>
      <h2>${t("your_hand")} (${view.hand.length})</h2>
      <ul class="cards">
        ${view.hand.map((card, index) => {
          const moves = movesOf(card);
          if (!moves.length) return html`<li key=${card + index}><${Card} card=${card} /></li>`;
          const only = moves.length === 1 ? moves[0] : null;
          return html`<li key=${card + index}>
            <button class="card-button playable" disabled=${busy}
              data-move=${only ? JSON.stringify(only) : undefined}
              aria-label=${only ? moveLabel(only, name) : t("choose_for", { card: cardName(card) })}
              onClick=${() => (only ? act(only) : setChoosing(card))}>
              <${Card} card=${card} />
            </button></li>`;
        })}
      </ul>
      ${options.length > 0 && html`
        <div class="chooser" role="group" aria-label=${t("choose")}>
          ${options.map((move) => html`<button data-move=${JSON.stringify(move)} disabled=${busy}
            onClick=${() => { setChoosing(null); act(move); }}>${moveLabel(move, name)}</button>`)}
          <button class="quiet" onClick=${() => setChoosing(null)}>${t("cancel")}</button>
        </div>`}
    </section>`;
}

/** The moves not about a card in your hand: draw, pick, signal, roll, resume, show... */
function Actions(/** @type {BoardProps} */ { view, act, busy, name }) {
  const hand = view.hand || [];
  const rest = view.legal_moves.filter((move) => {
    const card = cardOfMove(move);
    if (move.type === "take" && "offer" in view && view.offer) return false; // the board shows it
    if (move.type === "ask") return !hand.some((held) => held.slice(0, -1) === move.rank);
    return !(card && hand.includes(card));
  });
  // Read at the key press, not when an effect last ran: S does what the drawn button does.
  const drawn = useRef({ signal: /** @type {Move | undefined} */ (undefined), act });
  drawn.current = { signal: rest.find((move) => move.type === "signal"), act };
  useEffect(() => {
    const key = (/** @type {KeyboardEvent} */ event) => {
      const { signal, act: send } = drawn.current;
      if (signal && event.key.toLowerCase() === "s" && !event.repeat) send(signal);
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, []);
  if (!rest.length) return null;
  return html`
    <section class="actions" aria-label=${t("your_moves")}>
      ${rest.map((move) => html`<button data-move=${JSON.stringify(move)} disabled=${busy}
        class=${move.type === "signal" ? "signal" : move.type === "resume" ? "resume" : ""}
        aria-keyshortcuts=${move.type === "signal" ? "S" : undefined}
        onClick=${() => act(move)}>${moveLabel(move, name)}</button>`)}
    </section>`;
}

/** Before the first deal: take a seat, add bots, deal (the host), with the code shown. */
function Waiting(/** @type {{game: Game, kept: import("./api.js").Seating & {code?: string},
 *   setKept: (kept: any) => void, work: (task: () => Promise<unknown>) => void, busy: boolean}} */
  { game, kept, setKept, work, busy }) {
  const [who, setWho] = useState("");
  const [code, setCode] = useState(kept.code || "");
  const free = game.max_seats - game.seats.length;
  const join = () => work(async () => {
    const body = game.visibility === "private" ? { name: who || t("player"), code } : { name: who || t("player") };
    const joined = await call("POST", `/games/${game.id}/players`, { body });
    setKept(keepSeating(game.id, { seat: joined.seat, token: joined.token }));
  });
  const addBot = () => work(() => call("POST", `/games/${game.id}/players`, {
    token: kept.host, body: game.visibility === "private" ? { bot: "basic", code: kept.code } : { bot: "basic" },
  }));
  const deal = (/** @type {boolean} */ fill) => work(() => call("POST", `/games/${game.id}/deal`, {
    token: kept.host, body: fill ? { fill_with_bots: "basic" } : {},
  }));
  return html`
    <section class="waiting">
      <p>${t("seats_free", { n: free })}</p>
      ${kept.seat === null && free > 0 && html`
        <form onSubmit=${(/** @type {Event} */ e) => { e.preventDefault(); join(); }}>
          <label>${t("your_name")} <input value=${who} maxlength="40"
            onInput=${(/** @type {any} */ e) => setWho(e.target.value)} /></label>
          ${game.visibility === "private" && !kept.host && html`
            <label>${t("table_code")} <input value=${code} data-action="join-code"
              onInput=${(/** @type {any} */ e) => setCode(e.target.value)} /></label>`}
          <button disabled=${busy}>${t("take_seat")}</button>
        </form>`}
      ${kept.host && html`
        <p class="host-tools">
          <button disabled=${busy || !free} onClick=${addBot}>${t("add_bot")}</button>
          <button disabled=${busy} onClick=${() => deal(false)}>${t("deal")}</button>
          ${free > 0 && html`<button disabled=${busy} onClick=${() => deal(true)}>${t("deal_with_bots")}</button>`}
        </p>`}
    </section>`;
}

/** A round's result and the match's standings; deal the next, end, and verify. */
function RoundEnd(/** @type {{game: Game, log: GameEvent[], kept: import("./api.js").Seating,
 *   work: (task: () => Promise<unknown>) => void, busy: boolean, gameId: string}} */
  { game, log, kept, work, busy, gameId }) {
  const over = [...log].reverse().find((event) => event.type === "game_over");
  const data = /** @type {Record<string, any>} */ (over?.data || {});
  const finished = game.status === "finished";
  return html`
    <section class="round-end" aria-live="polite">
      <h2>${finished ? t("match_over") : t("round_over")}</h2>
      <table class="standings">
        <thead><tr><th>${t("player")}</th><th>${t("won")}</th><th>${t("lost")}</th><th>${t("score")}</th></tr></thead>
        <tbody>${game.seats.map((seat) => html`<tr>
          <td>${seat.name}</td><td>${seat.rounds_won}</td><td>${seat.rounds_lost}</td><td>${seat.score ?? "–"}</td></tr>`)}
        </tbody>
      </table>
      ${!finished && (kept.host || kept.token) && html`
        <button disabled=${busy} onClick=${() => work(() => call("POST", `/games/${gameId}/deal`, { token: kept.token || kept.host }))}>${t("deal_next")}</button>`}
      ${!finished && kept.host && html`
        <button class="quiet" disabled=${busy} onClick=${() => work(() => call("POST", `/games/${gameId}/end`, { token: kept.host }))}>${t("end_match")}</button>`}
      ${finished && html`
        <details class="verify"><summary>${t("verify")}</summary>
          <p>${t("verify_text")}</p>
          <dl><dt>${t("commitment")}</dt><dd><code>${game.seed_commitment ?? "–"}</code></dd>
            <dt>${t("seed")}</dt><dd><code>${data.seed ?? "–"}</code></dd>
            <dt>${t("nonce")}</dt><dd><code>${data.nonce ?? "–"}</code></dd></dl>
          <p><a href=${`/v1/games/${gameId}/events?limit=500`}>${t("whole_log")}</a></p>
        </details>`}
    </section>`;
}

/** The log in words, the newest first. */
function Log(/** @type {{log: GameEvent[], name: (seat: number | null | undefined) => string}} */ { log, name }) {
  const shown = log.slice(-LOG_SHOWN).reverse();
  return html`
    <section class="log">
      <h2>${t("log")}</h2>
      <ol reversed aria-live="polite" aria-relevant="additions" tabindex="0" aria-label=${t("log")}>
        ${shown.map((event) => html`<li key=${event.seq} class=${event.by ? `by-${event.by}` : ""}>${sentence(event, name)}</li>`)}
      </ol>
    </section>`;
}
