// The seats around the table as a player sees them: the others clockwise from your left,
// across the top, to your right, and you at the bottom. Each seat is a face (initials,
// a square for a computer) in a ring that runs down to its clock's deadline, its name,
// its cards and its state. `data-seat` marks each one for the animations of moves.

import { html, useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { t } from "./i18n.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Game"]} Game */
/** @typedef {S["View"]} View */
/** @typedef {S["Seat"]} Seat */
/** @typedef {import("./i18n.js").Key} Key */

const LOW_SECONDS = 5; // the ring turns to the alarm colour for a turn's last seconds

/** The name of a seat at ``game``, as the log's sentences take it. */
export const seatNamer = (/** @type {Game | null | undefined} */ game) => (/** @type {number | null | undefined} */ seat) =>
  seat === null || seat === undefined ? t("nobody") : game?.seats[seat]?.name ?? t("seat_n", { n: seat + 1 });

/** "Anna Berg" → "AB", "basic bot 3" → "B3", "Bo" → "Bo" (two letters tell Bo from Bea). */
export function initials(/** @type {string} */ name) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "?";
  const first = Array.from(words[0]);
  if (words.length === 1) return (first[0] ?? "").toUpperCase() + (first[1] ?? "").toLowerCase();
  const last = Array.from(words[words.length - 1])[0] ?? "";
  return (first[0] + last).toUpperCase();
}

/** The others in the order they sit clockwise from your left (seat + 1) to your right. */
export function othersClockwise(/** @type {Seat[]} */ seats, /** @type {number | null} */ own) {
  if (own === null) return seats;
  const after = seats.filter((seat) => seat.seat > own);
  const before = seats.filter((seat) => seat.seat < own);
  return [...after, ...before];
}

/**
 * Each seat as the summary names it, with the view's own counts over it: they are as
 * new as the hand beside them, and your own count is your hand's length.
 * @param {Game} game @param {View} view @param {number | null} own
 * @returns {(Seat & Record<string, any>)[]}
 */
export function seatsSeen(game, view, own) {
  // a table not yet dealt has no players in its view
  const players = /** @type {Record<string, any>[]} */ ("players" in view ? view.players ?? [] : []);
  return game.seats.map((seat) => {
    const seen = { ...seat, ...(players.find((player) => player.seat === seat.seat) || {}) };
    if (seat.seat === own && view.hand) seen.cards = view.hand.length;
    return seen;
  });
}

/**
 * Milliseconds left on a seat's clock, or null where the seat has none to show: the
 * view's deadline is the one seat's to act, or your own where several act at once.
 * @param {View} view @param {number} seat @param {number | null} own
 */
function clockOf(view, seat, own) {
  if (!view.deadline || !view.to_act.includes(seat)) return null;
  if (view.to_act.length > 1 && seat !== own) return null;
  return Math.max(0, Date.parse(view.deadline) - Date.now());
}

/** Re-render every ``ms`` milliseconds (a countdown); 0: never. */
export function useTick(/** @type {number} */ ms) {
  const [, setNow] = useState(Date.now());
  useEffect(() => {
    if (!ms) return;
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
}

/**
 * The table's seats around the middle (``children``: the game's board); ``marks``: more
 * to show at a seat, by seat (a reaction's bubble); ``away``: the seats whose player does
 * not have the table open; ``spectators``: how many watch.
 * @param {{game: Game, view: View, own: number | null, marks?: Record<number, unknown>,
 *   away?: Set<number>, spectators?: number, children?: unknown}} props
 */
export function SeatsAround({ game, view, own, marks = {}, away = new Set(), spectators = 0, children }) {
  useTick(view.deadline ? 250 : 0);
  const seats = seatsSeen(game, view, own);
  const mine = seats.find((seat) => seat.seat === own);
  const others = othersClockwise(seats.filter((seat) => seat.seat !== own), own);
  const chip = (/** @type {Seat & Record<string, any>} */ seat) =>
    html`<${SeatChip} key=${seat.seat} seat=${seat} view=${view} game=${game} own=${own} mark=${marks[seat.seat]}
      away=${away.has(seat.seat)} />`;
  return html`
    <section class="felt" aria-label=${t("players")}>
      <ol class=${`seats others n${others.length}`}>${others.map(chip)}</ol>
      <div class="middle">${children}</div>
      ${mine && html`<ol class="seats mine">${chip(mine)}</ol>`}
      ${spectators > 0 && html`<p class="watching">${t("watching_n", { n: spectators })}</p>`}
    </section>`;
}

/** @param {{seat: Seat & Record<string, any>, view: View, game: Game, own: number | null, mark?: unknown,
 *   away?: boolean}} props */
function SeatChip({ seat, view, game, own, mark, away }) {
  const acting = view.to_act.includes(seat.seat);
  const left = clockOf(view, seat.seat, own);
  // never more than the table's clock, whatever this machine's clock says against the server's
  const total = (game.turn_seconds ?? 0) * 1000;
  const shown = left === null ? null : Math.ceil(Math.min(left, total || left) / 1000);
  const low = shown !== null && shown <= Math.min(LOW_SECONDS, (game.turn_seconds ?? 60) / 3);
  const held = Boolean(seat.held_until); // a rematch's seat kept for its player, not yet back
  const classes = ["seat", acting && "acting", seat.seat === own && "own", seat.bot && "bot",
    low && "low", (seat.out || seat.safe) && "done", held && "held"].filter(Boolean).join(" ");
  return html`
    <li class=${classes} data-seat=${seat.seat} aria-current=${acting ? "true" : undefined}>
      <span class="face" aria-hidden="true">
        ${left !== null && html`<${Ring} fraction=${total ? Math.min(1, left / total) : 1} />`}
        <span class="initials">${initials(seat.name)}</span>
      </span>
      <span class="who">
        <span class="name">${held ? t("held_for", { name: seat.name }) : seat.name}${seat.seat === own ? ` (${t("you")})` : ""}</span>
        <span class="kind">${seat.bot ? t("bot_level", { level: t(/** @type {Key} */ (`level_${seat.bot}`)) }) : t("human")}</span>
        <span class="facts">${facts(seat).map((fact) => html`<span class=${fact.badge ? "badge" : "fact"}>${fact.text}</span>`)}
          ${away && !seat.bot && !held && html`<span class="badge away">${t("away")}</span>`}</span>
      </span>
      ${acting && html`<span class="turn">${seat.bot ? t("thinking") : t("to_act")}</span>`}
      ${shown !== null && html`<span class="clock" role="timer" aria-label=${t("seconds_left", { n: shown })}>${shown}</span>`}
      ${mark}
    </li>`;
}

/** A seat's cards and state in short words: "7 cards", "safe", "score 12", "2 lives". */
function facts(/** @type {Seat & Record<string, any>} */ seat) {
  const some = (/** @type {unknown} */ value) => value !== null && value !== undefined;
  return [
    some(seat.cards) && { text: t("cards_n", { n: seat.cards }) },
    seat.safe && { text: t("safe"), badge: true },
    seat.out && !seat.safe && { text: t("out"), badge: true },
    some(seat.score) && { text: t("score_n", { n: seat.score }) },
    some(seat.lives) && { text: t("lives_n", { n: seat.lives }) },
    seat.pig && { text: seat.pig, badge: true },
    seat.signalled && { text: t("signalled"), badge: true },
    seat.books?.length && { text: t("books_n", { n: seat.books.length }) },
  ].flatMap((fact) => (fact && typeof fact === "object" ? [fact] : []));
}

/** The clock as a ring round the face: full at the turn's start, empty at its deadline. */
function Ring(/** @type {{fraction: number}} */ { fraction }) {
  return html`<svg class="ring" viewBox="0 0 48 48" focusable="false">
    <circle class="track" cx="24" cy="24" r="22" pathLength="100" />
    <circle class="left" cx="24" cy="24" r="22" pathLength="100"
      stroke-dasharray=${`${(fraction * 100).toFixed(1)} 100`} />
  </svg>`;
}
