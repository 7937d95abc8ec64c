// A finished match again, at its own address (/play/replay/<id>): the table as it was
// after each event, every hand face up, Mystery Date's board and Spoons' piles; step
// forward and back, jump to a round, play at a chosen speed; the whole log in words
// beside it, a page at a time; and the shuffle checked in this browser.

import { html, useEffect, useMemo, useRef, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { call, wholeLog } from "./api.js";
import { Card } from "./cards.js";
import { Loop, spaceKind } from "./games/mystery_date.js";
import { gameTitle, t } from "./i18n.js";
import { moments, roundStarts } from "./replay_state.js";
import { initials, seatNamer } from "./seats.js";
import { ShuffleCheck } from "./fairness.js";
import { Notice } from "./table.js";
import { sentence } from "./words.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Game"]} Game */
/** @typedef {S["Event"]} GameEvent */
/** @typedef {S["CatalogEntry"]} Entry */
/** @typedef {import("./games/mystery_date.js").Space} Space */
/** @typedef {import("./i18n.js").Key} Key */

const LOG_PAGE = 50; // sentences shown at once
const SPEEDS = [0.5, 1, 2, 4, 8]; // steps a second
const STEP_MS = 1000;

/** @param {{gameId: string, catalogue: Entry[]}} props */
export function ReplayPage({ gameId, catalogue }) {
  const [game, setGame] = useState(/** @type {Game | null} */ (null));
  const [log, setLog] = useState(/** @type {GameEvent[] | null} */ (null));
  const [read, setRead] = useState(0);
  const [problem, setProblem] = useState(/** @type {unknown} */ (null));
  useEffect(() => {
    call("GET", `/games/${gameId}`).then(async (summary) => {
      setGame(summary);
      if (summary.status === "finished") setLog(await wholeLog(gameId, setRead));
    }).catch(setProblem);
  }, [gameId]);
  return html`
    <section class="table replay">
      <header class="table-head">
        <a href="/play" class="back">${t("to_lobby")}</a>
        <h1>${t("replay_title", { game: game ? gameTitle(catalogue, game.type) : "" })}</h1>
        <a href=${`/play/table/${gameId}`} class="back">${t("replay_to_table")}</a>
      </header>
      <${Notice} error=${problem} />
      ${game && game.status !== "finished" && html`<p class="notice">${t("replay_not_finished")}</p>`}
      ${game && game.status === "finished" && !log && html`<p role="status">${t("replay_reading", { n: read })}</p>`}
      ${game && log && html`<${Replay} game=${game} log=${log} entry=${catalogue.find((item) => item.slug === game.type)}>
        <${ShuffleCheck} game=${game} log=${log} /></${Replay}>`}
    </section>`;
}

/** @param {{game: Game, log: GameEvent[], entry: Entry | undefined, children?: unknown}} props
 * ``children``: under the table (the shuffle's verdict) */
function Replay({ game, log, entry, children }) {
  const table = useMemo(() => moments(log), [log]);
  const rounds = useMemo(() => roundStarts(log), [log]);
  const last = log.length - 1;
  const [step, setStep] = useState(() => (rounds.length ? rounds[0][1] : 0));
  const [speed, setSpeed] = useState(2);
  const [playing, setPlaying] = useState(false);
  const go = (/** @type {number} */ to) => setStep(Math.max(0, Math.min(last, to)));
  useEffect(() => {
    if (!playing) return;
    if (step >= last) return setPlaying(false);
    const timer = window.setTimeout(() => go(step + 1), STEP_MS / speed);
    return () => window.clearTimeout(timer);
  }, [playing, step, speed]);
  const name = seatNamer(game);
  const now = table[step];
  const keys = (/** @type {KeyboardEvent} */ event) => {
    const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    // the slider and the lists move by the arrows themselves
    if (by && !(event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      go(step + by);
    }
  };
  return html`
    <div class="replay-body" data-replay data-step=${step} data-seq=${log[step]?.seq} onKeyDown=${keys}>
      <div class="replay-main">
        <${Controls} step=${step} last=${last} go=${go} playing=${playing} setPlaying=${setPlaying}
          rounds=${rounds} speed=${speed} setSpeed=${setSpeed} />
        <p class="replay-now" aria-live="polite">
          <span>${t("replay_step", { n: step + 1, total: log.length })}</span>
          <strong>${log[step] ? sentence(log[step], name) : ""}</strong></p>
        <div class="replay-table">
          ${game.type === "mystery-date" && html`<${ReplayDateBoard} game=${game} entry=${entry}
            positions=${now?.positions || []} name=${name} />`}
          ${game.seats.map((seat) => html`<${SeatHand} name=${name(seat.seat)} seat=${seat.seat}
            hand=${now?.hands[seat.seat] || []} laid=${now?.laid[seat.seat] || 0}
            pile=${game.type === "spoons" ? now?.piles[seat.seat] || [] : undefined} />`)}
          ${now?.top && html`<div class="replay-top"><span>${t("replay_top")}</span><${Card} card=${now.top} small /></div>`}
        </div>
        ${children}
      </div>
      <${LogPages} log=${log} step=${step} go=${go} name=${name} />
    </div>`;
}

/**
 * Step back and forth, to either end, to a round; play at a speed; the slider.
 * @param {{step: number, last: number, go: (to: number) => void, playing: boolean,
 *   setPlaying: (playing: boolean) => void, rounds: number[][], speed: number,
 *   setSpeed: (speed: number) => void}} props
 */
function Controls({ step, last, go, playing, setPlaying, rounds, speed, setSpeed }) {
  const round = rounds.filter(([, at]) => at <= step).pop()?.[0] ?? 0;
  return html`
    <div class="replay-controls" role="group" aria-label=${t("replay_controls")}>
      <button data-action="replay-first" onClick=${() => go(0)} disabled=${step === 0}>${t("replay_first")}</button>
      <button data-action="replay-back" onClick=${() => go(step - 1)} disabled=${step === 0}>${t("replay_back")}</button>
      <button data-action="replay-play" aria-pressed=${playing} onClick=${() => setPlaying(!playing)}>
        ${playing ? t("replay_pause") : t("replay_play")}</button>
      <button data-action="replay-forward" onClick=${() => go(step + 1)} disabled=${step === last}>${t("replay_forward")}</button>
      <button data-action="replay-last" onClick=${() => go(last)} disabled=${step === last}>${t("replay_last")}</button>
      <label>${t("replay_round")} <select data-action="replay-round" value=${round}
        onChange=${(/** @type {any} */ e) => go(rounds.find(([r]) => r === Number(e.currentTarget.value))?.[1] ?? 0)}>
        ${rounds.map(([r]) => html`<option value=${r}>${t("round_n", { n: r })}</option>`)}</select></label>
      <label>${t("replay_speed")} <select data-action="replay-speed" value=${speed}
        onChange=${(/** @type {any} */ e) => setSpeed(Number(e.currentTarget.value))}>
        ${SPEEDS.map((s) => html`<option value=${s}>${t("replay_per_second", { n: s })}</option>`)}</select></label>
    </div>
    <input type="range" class="replay-slider" min="0" max=${last} value=${step} aria-label=${t("replay_step", { n: step + 1, total: last + 1 })}
      onInput=${(/** @type {any} */ e) => go(Number(e.currentTarget.value))} />`;
}

/** ``pile``: the seat's incoming Spoons pile, in the order picks take it (all of it in
 * ``data-pile-cards``, for tests), its count and next card shown.
 * @param {{name: string, seat: number, hand: string[], laid: number, pile?: string[]}} props */
function SeatHand({ name, seat, hand, laid, pile }) {
  return html`<section class="replay-seat" data-seat=${seat} aria-label=${t("replay_hand_of", { who: name })}>
    <h3>${name} <span class="count">${t("replay_cards", { n: hand.length })}${laid ? ` · ${t("replay_laid", { n: laid })}` : ""}</span></h3>
    <ul class="cards">${hand.map((card) => html`<li data-card=${card}><${Card} card=${card} small /></li>`)}</ul>
    ${pile && html`<p class="replay-pile" data-pile-cards=${pile.join(" ")}>
      <span>${t("replay_pile", { n: pile.length })}</span>
      ${pile.length > 0 && html`<span>${t("replay_pile_next")}</span><${Card} card=${pile[0]} small />`}</p>`}
  </section>`;
}

/**
 * Mystery Date's board at a step, drawn as the table draws it: each seat's piece on its
 * space; in the middle, each piece's player and space in words, or that the log does
 * not tell where it stands (no roll of hers in the round).
 * @param {{game: Game, entry: Entry | undefined, positions: (number | null)[],
 *   name: (seat: number | null | undefined) => string}} props
 */
function ReplayDateBoard({ game, entry, positions, name }) {
  const spaces = /** @type {Space[]} */ (entry?.deck.board || []);
  const midDoors = Boolean(game.options.mid_side_doors);
  const pieces = positions.flatMap((position, seat) => (position === null ? [] : [{ seat, position }]));
  const where = (/** @type {number | null | undefined} */ position) => {
    const space = position === null || position === undefined ? undefined : spaces[position];
    return space ? t(/** @type {Key} */ (`space_${spaceKind(space, midDoors)}`)) : t("replay_piece_unknown");
  };
  return html`<section class="board date replay-board">
    <${Loop} spaces=${spaces} midDoors=${midDoors} pieces=${pieces} name=${name}>
      <ul class="replay-pieces">${game.seats.map(({ seat }) => html`<li>
        <span class=${`piece p${seat}`} aria-hidden="true">${initials(name(seat))}</span>
        ${t("replay_piece_at", { who: name(seat), space: where(positions[seat]) })}</li>`)}</ul>
    </${Loop}>
  </section>`;
}

/**
 * The log in words, a page of sentences at a time: the page of the step shown, or one
 * the reader turned to; a sentence takes the replay to its event.
 * @param {{log: GameEvent[], step: number, go: (to: number) => void, name: (seat: number | null | undefined) => string}} props
 */
function LogPages({ log, step, go, name }) {
  const pages = Math.ceil(log.length / LOG_PAGE);
  const [page, setPage] = useState(Math.floor(step / LOG_PAGE));
  useEffect(() => setPage(Math.floor(step / LOG_PAGE)), [step]);
  const first = page * LOG_PAGE;
  const shown = log.slice(first, first + LOG_PAGE);
  const list = useRef(/** @type {HTMLOListElement | null} */ (null));
  // the step's sentence kept in sight within the list, the page itself left where it is
  useEffect(() => {
    const current = /** @type {HTMLElement | null | undefined} */ (list.current?.querySelector("[aria-current]"));
    if (!list.current || !current) return;
    const { offsetTop, offsetHeight } = current;
    const { scrollTop, clientHeight } = list.current;
    if (offsetTop < scrollTop || offsetTop + offsetHeight > scrollTop + clientHeight) {
      list.current.scrollTop = offsetTop - clientHeight / 3;
    }
  }, [step, page]);
  return html`
    <section class="log replay-log">
      <h2>${t("log")}</h2>
      <p class="log-pages">
        <button onClick=${() => setPage(page - 1)} disabled=${page === 0}>${t("replay_earlier")}</button>
        <span>${t("replay_events", { from: first + 1, to: first + shown.length, total: log.length })}</span>
        <button onClick=${() => setPage(page + 1)} disabled=${page >= pages - 1}>${t("replay_later")}</button>
      </p>
      <ol start=${first + 1} ref=${list}>
        ${shown.map((event, i) => html`<li key=${event.seq} aria-current=${first + i === step ? "step" : undefined}>
          <button class="quiet" onClick=${() => go(first + i)}>${sentence(event, name)}</button></li>`)}
      </ol>
    </section>`;
}
