// A table: the seats around it, the game's own board in the middle, your hand and the
// moves you may make (from `legal_moves` only), whose turn it is and each clock, the log
// in words, and the end of a round and of the match. Live over the event stream; every
// refusal in words, after which the page reads the table again and goes on.

import { html, useEffect, useErrorBoundary, useLayoutEffect, useRef, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { API, Problem, call, keepSeating, newKey, rememberName, rememberedName, seating, tokenOf } from "./api.js";
import { CallbackSettings, useTurnCallback } from "./callback.js";
import { Card, cardName, sortHand } from "./cards.js";
import { BOARDS } from "./games/index.js";
import { currentLanguage, t, titleOf } from "./i18n.js";
import { follow } from "./live.js";
import { animate } from "./motion.js";
import { usePresence } from "./presence.js";
import { ReactionBar, heard, useReactions } from "./reactions.js";
import { WatchRematch, followRematch } from "./rematch.js";
import { RoundEnd } from "./round_end.js";
import { SeatsAround, seatNamer, useTick } from "./seats.js";
import { SettingsPanel, useSettings } from "./settings.js";
import { cardOfMove, heading, logLine, moveLabel, problemText } from "./words.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Game"]} Game */
/** @typedef {S["Move"]} Move */
/** @typedef {S["Event"]} GameEvent */
/** @typedef {S["CatalogEntry"]} Entry */
/** @typedef {S["View"]} View */
/** @typedef {import("./i18n.js").Key} Key */

const LOG_SHOWN = 40;
// The events after which the summary changes beyond the view (seats, scores, the round):
// a round ends with `round_over`, but Mystery Date's with `won`.
const SUMMARY_EVENTS = new Set([
  "joined", "vacated", "deal", "round_over", "won", "game_over", "round_abandoned", "left",
  "reserved", "rematch",
]);
const ENDED = new Set(["round_over", "finished"]);
const RECOVER_MS = 1000; // after a page error, the table is read again from scratch

/**
 * The table, read again from scratch should drawing it ever fail: a page that stops
 * on an error is a page the player must reload.
 * @param {{gameId: string, catalogue: Entry[]}} props
 */
export function TablePage(props) {
  // said in the console, so that a test sees it: the page itself recovers
  const [crash, recover] = useErrorBoundary((error) => console.error("the table failed to draw:", error));
  useEffect(() => {
    if (!crash) return;
    const timer = window.setTimeout(recover, RECOVER_MS);
    return () => window.clearTimeout(timer);
  }, [crash]);
  // a log that ends before what the page holds (restored from a backup, say): nothing
  // past its end is true any more, so the table is read again from scratch
  const [reads, setReads] = useState(0);
  if (crash) return html`<section class="table"><p class="notice" role="alert">${refusal(crash)}</p></section>`;
  return html`<${Table} key=${reads} ...${props} readAgain=${() => setReads((n) => n + 1)} />`;
}

/** @param {{gameId: string, catalogue: Entry[], readAgain: () => void}} props */
function Table({ gameId, catalogue, readAgain }) {
  const [kept, setKept] = useState(() => seating(gameId));
  const [game, setGame] = useState(/** @type {Game | null} */ (null));
  const [view, setView] = useState(/** @type {View | null} */ (null));
  const [log, setLog] = useState(/** @type {GameEvent[]} */ ([]));
  const [link, setLink] = useState("connecting");
  const [notice, setNotice] = useState(/** @type {unknown} */ (null));
  // the version of the view read again after a refusal: once the table moves on past it,
  // the refusal is about a table that is no more, and goes
  const noticeVersion = useRef(Infinity);
  const [busy, setBusy] = useState(false);
  const refreshing = useRef(/** @type {number | null} */ (null));
  const play = useRef(/** @type {HTMLElement | null} */ (null));
  const refocus = useRef(false);
  const stopFollowing = useRef(() => {});
  const ownSeat = useRef(/** @type {number | null} */ (null)); // the stream's handler reads it
  const [restarts, setRestarts] = useState(0);
  const token = kept.token || kept.host;

  /** The summary, and the view unless the stream brings it (on opening, after events);
   * the version of the view read, if it was. */
  async function refresh(withView = true) {
    try {
      const [summary, seen] = await Promise.all([
        call("GET", `/games/${gameId}`),
        // the token kept now, not this render's: a seat just left has retired its own
        withView ? call("GET", `/games/${gameId}/view`, { token: tokenOf(seating(gameId)) }) : null,
      ]);
      setGame((old) => newest(old, summary));
      if (seen) setView((old) => newest(old, seen));
      return seen ? /** @type {number} */ (seen.version) : null;
    } catch (error) {
      setNotice(error);
      return null;
    }
  }

  /** A refusal shown, and the table read again as it is now. */
  async function refused(/** @type {unknown} */ error) {
    setNotice(error);
    noticeVersion.current = Infinity; // not gone with a view that comes meanwhile
    noticeVersion.current = (await refresh()) ?? Infinity;
  }

  useEffect(() => {
    if (view && view.version > noticeVersion.current) setNotice(null);
  }, [view?.version]);

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
      onEvents: (all, live) => {
        if (live) {
          heard(all);
          followRematch(gameId, all, ownSeat.current)?.catch(setNotice);
        }
        const events = all.filter((event) => event.type !== "reaction"); // reactions.js shows them
        logged(events);
        animate(events, () => ownSeat.current);
        if (events.some((event) => SUMMARY_EVENTS.has(event.type))) refreshSoon();
      },
      onView: (seen) => setView((old) => newest(old, seen)),
      onState: setLink,
      onPastEnd: readAgain,
    });
    stopFollowing.current = stop;
    return stop;
  }, [gameId, token, restarts]);

  useKeyboardFocus(play, refocus, view, busy);
  const status = view?.status;
  useScrollToTable(play, status);
  const own = view?.seat ?? null; // the view's: seats move up when one leaves a waiting table
  ownSeat.current = own;
  const yours = status === "playing" && own !== null && Boolean(view?.to_act.includes(own));
  useTurnInView(play, yours);
  const reactions = useReactions(own);
  const presence = usePresence(gameId, own);
  const entry = catalogue.find((item) => item.slug === game?.type);
  const name = seatNamer(game);
  useTurnCallback(yours, entry ? titleOf(entry) : "", game && view ? heading(view, game, own, name) : "");
  // an invite's code leaves the address once it is no more use: seated, or dealt
  const seated = Boolean(kept.token);
  useEffect(() => { if (seated || (status && status !== "waiting")) forgetInvitedCode(); }, [seated, status]);

  if (!game || !view) {
    return html`<section class="table"><p>${notice ? refusal(notice) : t("loading")}</p></section>`;
  }

  /** Send one legal move; a 503 is retried inside `call` with the same key. After a
   * refusal the table is read again, as it is now, and play goes on. */
  async function act(/** @type {Move} */ move) {
    refocus.current = Boolean(play.current?.contains(document.activeElement));
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
      await refused(error);
    } finally {
      setBusy(false);
    }
  }

  /** Host's or player's table work: join, bots, deal, leave, end; read again either way. */
  async function work(/** @type {() => Promise<unknown>} */ task) {
    setBusy(true);
    setNotice(null);
    try {
      await task();
      await refresh();
    } catch (error) {
      await refused(error);
    } finally {
      setBusy(false);
    }
  }

  // the stream stops first: it would knock again with the token the leave retires
  const leave = () => work(async () => {
    stopFollowing.current();
    try {
      await call("POST", `/games/${gameId}/leave`, { token: kept.token });
      setKept(keepSeating(gameId, { seat: null, token: null }));
    } catch (error) {
      setRestarts((n) => n + 1);
      throw error;
    }
  });

  const Board = BOARDS[view.type]; // a game without a board: the spec grew, tsc says so
  const props = { view, game, entry, name, act, busy };
  return html`
    <section class="table" aria-busy=${busy}>
      <header class="table-head">
        <a href="/play" class="back">${t("to_lobby")}</a>
        <h1>${entry ? titleOf(entry) : game.type}</h1>
        <p class="status" data-status=${view.status}>
          ${t(/** @type {Key} */ (`status_${view.status}`))}${game.round ? ` · ${t("round_n", { n: game.round })}` : ""}
        </p>
        <${LinkStatus} link=${link} status=${view.status} />
      </header>
      <h2 class="turn-heading" aria-live="polite">${heading(view, game, own, name)}</h2>
      <${Notice} error=${notice} />
      ${view.status === "waiting" && html`<${Waiting} game=${game} kept=${kept} own=${own}
        setKept=${setKept} work=${work} busy=${busy} />`}
      <div class="play" ref=${play} tabindex="-1">
        <${SeatsAround} game=${game} view=${view} own=${own} marks=${reactions.bubbles} ...${presence}>
          ${view.status !== "waiting" && Board && html`<${Board} ...${props} />`}
        </${SeatsAround}>
        ${view.status !== "waiting" && html`<${Hand} ...${props} /><${Actions} ...${props} />`}
      </div>
      <${ReactionBar} gameId=${gameId} token=${own !== null ? kept.token : null} name=${name} reactions=${reactions} />
      ${ENDED.has(view.status) && html`<${RoundEnd} game=${game} finished=${view.status === "finished"} log=${log} kept=${kept} own=${own}
        name=${name} work=${work} busy=${busy} />`}
      ${view.status === "finished" && html`<${WatchRematch} game=${game} seated=${Boolean(kept.token) && own !== null} />`}
      ${view.status !== "waiting" && view.status !== "finished" && kept.token && own !== null &&
        html`<${Leave} leave=${leave} busy=${busy} />`}
      <${Log} log=${log} name=${name} own=${own} />
      <footer class="table-foot">
        ${own !== null && kept.token && html`<${CallbackSettings} />`}
        <${SettingsPanel} />
        ${entry && html`<${RulesLink} entry=${entry} />`}
        ${game.seeded && html`<p class="seeded">${t("seeded_table")}</p>`}
      </footer>
    </section>`;
}

/**
 * The keyboard's focus kept at the hand: after a move whose button went away it goes
 * to the first move there is (else the play area, whose next Tab is the first card),
 * and from the play area to the first move once one comes.
 * @param {{current: HTMLElement | null}} play @param {{current: boolean}} refocus
 * @param {View | null} view @param {boolean} busy
 */
function useKeyboardFocus(play, refocus, view, busy) {
  useEffect(() => { // focus taken elsewhere by the player: leave it there
    const away = (/** @type {FocusEvent} */ event) => {
      if (!play.current?.contains(/** @type {Node | null} */ (event.target))) refocus.current = false;
    };
    document.addEventListener("focusin", away);
    return () => document.removeEventListener("focusin", away);
  }, []);
  useEffect(() => {
    const area = play.current;
    if (!area || busy) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!(refocus.current && lost) && active !== area) return;
    const first = /** @type {HTMLElement | null} */ (area.querySelector("[data-move]:enabled, .hand button:enabled"));
    (first || area).focus({ preventScroll: true });
  });
}

/**
 * The table brought back into view when a round is dealt after the round-end panel,
 * and when your turn starts with your hand or what you pick from out of sight.
 * @param {{current: HTMLElement | null}} play @param {string | undefined} status
 */
function useScrollToTable(play, status) {
  const before = useRef(status);
  useLayoutEffect(() => {
    const was = before.current;
    before.current = status;
    const area = play.current;
    if (!(area && status === "playing" && was && ENDED.has(was))) return;
    area.scrollIntoView({ block: "start" });
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) area.focus({ preventScroll: true });
  }, [status]);
}

/**
 * At the start of your turn, what you pick from (the middle of the table) and your hand
 * scrolled into view together, where they fit; else the middle at the top.
 * @param {{current: HTMLElement | null}} play @param {boolean} yours
 */
function useTurnInView(play, yours) {
  useEffect(() => {
    const area = play.current;
    if (!yours || !area) return;
    const top = (area.querySelector(".middle") || area).getBoundingClientRect().top;
    const bottom = (area.querySelector(".hand") || area).getBoundingClientRect().bottom;
    const room = window.innerHeight;
    if (top >= 0 && bottom <= room) return;
    const margin = 8;
    window.scrollBy(0, bottom - top + 2 * margin <= room && top >= 0 ? bottom - room + margin : top - margin);
  }, [yours]);
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
 * (which may be served from another origin than this page), in the page's language. */
function rulesHref(/** @type {Entry} */ entry) {
  const url = new URL(entry.rules_url, new URL(API, location.href));
  url.searchParams.set("lang", currentLanguage());
  return url.href;
}

/** The link to a game's full rules, opened beside the page. */
export const RulesLink = (/** @type {{entry: Entry}} */ { entry }) =>
  html`<a class="full-rules" href=${rulesHref(entry)} target="_blank" rel="noopener">${t("full_rules", { game: titleOf(entry) })}</a>`;

/** The connection as it matters to the reader (`data-link`): connecting, live (or
 * polling), lost; a finished match is finished, however its stream goes on waiting for
 * a rematch. The class stays the connection's own. */
function LinkStatus(/** @type {{link: string, status: string}} */ { link, status }) {
  const said = status === "finished" && link !== "offline" ? "finished" : link;
  return html`<p class=${`link ${link}`} data-link=${said} role="status">${t(/** @type {Key} */ (`link_${said}`))}</p>`;
}

/** A refusal shown, with its Retry-After counting down. */
export function Notice(/** @type {{error: unknown}} */ { error }) {
  const counting = error instanceof Problem && error.code === "too_many_requests";
  useTick(counting ? 1000 : 0);
  return error ? html`<p class="notice" role="alert">${refusal(error)}</p>` : null;
}

/** A refusal in words (a code this page has no words for: the problem's own title). */
export const refusal = (/** @type {unknown} */ error) => problemText(error);

/** "Leave the table", asked first: the seat goes to a computer player for good. */
function Leave(/** @type {{leave: () => void, busy: boolean}} */ { leave, busy }) {
  const [asking, setAsking] = useState(false);
  const yes = useRef(/** @type {HTMLButtonElement | null} */ (null));
  useEffect(() => { if (asking) yes.current?.focus(); }, [asking]);
  if (!asking) {
    return html`<p class="leave"><button class="quiet" disabled=${busy} onClick=${() => setAsking(true)}>${t("leave")}</button></p>`;
  }
  return html`
    <div class="leave asking" role="group" aria-label=${t("leave")}>
      <p>${t("leave_confirm")}</p>
      <button ref=${yes} disabled=${busy} onClick=${() => { setAsking(false); leave(); }}>${t("leave_yes")}</button>
      <button class="quiet" onClick=${() => setAsking(false)}>${t("stay")}</button>
    </div>`;
}

/** @typedef {{view: View, game: Game, entry: Entry | undefined, act: (move: Move) => void,
 *   busy: boolean, name: (seat: number | null | undefined) => string}} BoardProps */

/** Your hand: a card you may play is a button; with several moves for it, a choice. */
function Hand(/** @type {BoardProps} */ { view, act, busy, name }) {
  const [choosing, setChoosing] = useState(/** @type {string | null} */ (null));
  const chooser = useRef(/** @type {HTMLElement | null} */ (null));
  const { sort } = useSettings();
  const movesOf = (/** @type {string} */ card) =>
    view.legal_moves.filter((move) => cardOfMove(move) === card || (move.type === "ask" && card.slice(0, -1) === move.rank));
  const options = choosing ? movesOf(choosing) : [];
  useEffect(() => {
    if (options.length) /** @type {HTMLElement | null} */ (chooser.current?.querySelector("button"))?.focus();
  }, [choosing]);
  if (!view.hand) return null;
  return html`
    <section class="hand" aria-label=${t("your_hand")}>
      <h2>${t("your_hand")} (${view.hand.length})</h2>
      <ul class="cards">
        ${keyed(sortHand(view.hand, sort)).map(({ card, key }) => {
          const moves = movesOf(card);
          if (!moves.length) return html`<li key=${key} data-card=${card}><${Card} card=${card} /></li>`;
          const only = moves.length === 1 ? moves[0] : null;
          return html`<li key=${key} data-card=${card}>
            <button class="card-button playable" disabled=${busy}
              data-move=${only ? JSON.stringify(only) : undefined}
              aria-label=${only ? moveLabel(only, name) : t("choose_for", { card: cardName(card) })}
              aria-expanded=${only ? undefined : String(choosing === card)}
              onClick=${() => (only ? act(only) : setChoosing(card))}>
              <${Card} card=${card} />
            </button></li>`;
        })}
      </ul>
      ${options.length > 0 && html`
        <div class="chooser" role="group" aria-label=${t("choose")} ref=${chooser}>
          ${options.map((move) => html`<button key=${JSON.stringify(move)} data-move=${JSON.stringify(move)}
            disabled=${busy} onClick=${() => { setChoosing(null); act(move); }}>${moveLabel(move, name)}</button>`)}
          <button class="quiet" onClick=${() => setChoosing(null)}>${t("cancel")}</button>
        </div>`}
    </section>`;
}

/**
 * Each card of a hand with a key of its own that does not change as cards come and go
 * around it (its id, and which copy of it: Mystery Date deals four of each), so a card
 * keeps its element and its loaded picture: keyed by position, every card after a card
 * taken was drawn anew, a blank slot while its picture loaded.
 * @param {string[]} hand
 */
function keyed(hand) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  return hand.map((card) => {
    const copy = seen.get(card) ?? 0;
    seen.set(card, copy + 1);
    return { card, key: `${card}#${copy}` };
  });
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
  // Read from the page at the key press: S does what the signal button drawn then does.
  const send = useRef(act);
  send.current = act;
  useEffect(() => {
    const key = (/** @type {KeyboardEvent} */ event) => {
      if (event.key.toLowerCase() !== "s" || event.repeat) return;
      const drawn = /** @type {HTMLElement | null} */ (document.querySelector("button.signal[data-move]"));
      if (drawn?.dataset.move) send.current(JSON.parse(drawn.dataset.move));
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, []);
  if (!rest.length) return null;
  // Keyed by their moves, as the chooser's are: a button never takes another move in
  // place, under a pointer or the focus, as the view changes (a press would make it).
  return html`
    <section class="actions" aria-label=${t("your_moves")}>
      ${rest.map((move) => html`<button key=${JSON.stringify(move)} data-move=${JSON.stringify(move)} disabled=${busy}
        class=${move.type === "signal" ? "signal" : move.type === "resume" ? "resume" : ""}
        aria-keyshortcuts=${move.type === "signal" ? "S" : undefined}
        onClick=${() => act(move)}>${moveLabel(move, name)}</button>`)}
    </section>`;
}

/** The code an invite link brings in its fragment (``#code=...``), which never reaches
 * a server; "" without one. */
const invitedCode = () => new URLSearchParams(location.hash.slice(1)).get("code") || "";

function forgetInvitedCode() {
  if (invitedCode()) history.replaceState(history.state, "", location.pathname + location.search);
}

/** Before the first deal: take a seat (by an invite link, with its code, in one press),
 * add bots, deal (the host); the code and the invite link to share while a seat is free
 * for a person. */
function Waiting(/** @type {{game: Game, kept: import("./api.js").Seating & {code?: string}, own: number | null,
 *   setKept: (kept: any) => void, work: (task: () => Promise<unknown>) => void, busy: boolean}} */
  { game, kept, own, setKept, work, busy }) {
  const [who, setWho] = useState(rememberedName);
  const [invited] = useState(invitedCode);
  const [code, setCode] = useState(kept.code || invited);
  const free = game.max_seats - game.seats.length;
  const join = () => work(async () => {
    rememberName(who);
    const body = game.visibility === "private" ? { name: who || t("default_name"), code } : { name: who || t("default_name") };
    const joined = await call("POST", `/games/${game.id}/players`, { body });
    const withCode = game.visibility === "private" ? { code } : {};
    setKept(keepSeating(game.id, { seat: joined.seat, token: joined.token, ...withCode }));
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
      ${free > 0 && kept.code && html`<p class="code">${t("code_to_share")} <strong>${kept.code}</strong></p>
        <${Invite} link=${`${location.origin}/play/table/${game.id}#code=${encodeURIComponent(kept.code)}`} />`}
      ${own === null && !kept.token && free > 0 && html`
        <form onSubmit=${(/** @type {Event} */ e) => { e.preventDefault(); join(); }}>
          <label>${t("your_name")} <input value=${who} maxlength="40"
            onInput=${(/** @type {any} */ e) => setWho(e.target.value)} /></label>
          ${game.visibility === "private" && !kept.host && !invited && html`
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

/** The invite link to copy or share: opened, it seats a friend in one press. */
function Invite(/** @type {{link: string}} */ { link }) {
  const [copied, setCopied] = useState(false);
  const copy = () => navigator.clipboard.writeText(link).then(() => setCopied(true), () => setCopied(false));
  const share = () => navigator.share({ text: t("invite_text"), url: link }).catch(() => {});
  return html`
    <div class="invite">
      <label>${t("invite_link")} <input readonly value=${link} data-invite
        onFocus=${(/** @type {any} */ e) => e.target.select()} /></label>
      ${navigator.clipboard && html`<button onClick=${copy}>${t("copy")}</button>`}
      ${"share" in navigator && html`<button onClick=${share}>${t("share")}</button>`}
      <span role="status">${copied ? t("copied") : ""}</span>
    </div>`;
}

/** The log in words, the newest first, each line numbered by its event's `seq`. */
function Log(/** @type {{log: GameEvent[], name: (seat: number | null | undefined) => string,
 *   own: number | null}} */ { log, name, own }) {
  const shown = log.slice(-LOG_SHOWN).reverse();
  return html`
    <section class="log">
      <h2>${t("log")}</h2>
      <ol reversed tabindex="0" aria-label=${t("log")}>
        ${shown.map((event) => {
          const line = logLine(event, name, own);
          return html`<li key=${line.seq} value=${line.seq} class=${event.by ? `by-${event.by}` : ""}>${line.text}</li>`;
        })}
      </ol>
    </section>`;
}
