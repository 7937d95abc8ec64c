// The end of a round and of the match, as a panel brought into view: who lost or won
// and why (the odd card shown, the points, books or lives of the round), the match's
// standings, and the next step focused: deal the next round, or play again; at the
// match's end, its replay and its shuffle checked.

import { html, useEffect, useRef } from "../vendor/htm-3.1.1/standalone.module.js";
import { call } from "./api.js";
import { Card } from "./cards.js";
import { ShuffleCheck } from "./fairness.js";
import { t } from "./i18n.js";
import { playAgain } from "./rematch.js";
import { aboutSeats, roundVerdict } from "./words.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Game"]} Game */
/** @typedef {S["Event"]} GameEvent */
/** @typedef {import("./api.js").Seating} Seating */
/** @typedef {(seat: number | null | undefined) => string} Namer */
/** @typedef {import("./i18n.js").Key} Key */

/** What ended the round: its `round_over` (or Mystery Date's `won`) event's data. */
function outcomeOf(/** @type {GameEvent[]} */ log, /** @type {number} */ round) {
  const last = [...log].reverse().find((event) =>
    event.round === round && (event.type === "round_over" || event.type === "won"));
  return /** @type {Record<string, any>} */ (last?.data || {});
}

/** Who lost or won the round, and why, in words (and the odd card's picture). */
function Verdict(/** @type {{outcome: Record<string, any>, name: Namer, own: number | null}} */ { outcome, name, own }) {
  const oddCard = outcome.odd_card;
  return html`<div class="verdict">
    ${roundVerdict(outcome, name, own).map((line) => html`<p>${line}</p>`)}
    ${oddCard && html`<${Card} card=${oddCard} />`}
  </div>`;
}

/** Whether the game keeps a score (Crazy Eights' points): the standings' column. */
const keepsScore = (/** @type {Game} */ game) =>
  game.seats.some((seat) => seat.score !== null && seat.score !== undefined);

/**
/**
 * Who won the match: the best score where the game keeps one, else the most rounds won
 * (then the fewest lost); everyone level is no winner (none). And whether it is scored.
 * @param {Game} game
 */
export function matchWinners(game) {
  const scored = keepsScore(game);
  /** @type {(seat: Game["seats"][number]) => number[]} */
  const rank = (seat) => (scored ? [seat.score ?? 0] : [seat.rounds_won, -seat.rounds_lost]);
  const better = (/** @type {number[]} */ a, /** @type {number[]} */ b) => {
    const at = a.findIndex((value, i) => value !== b[i]);
    return at >= 0 && a[at] > b[at];
  };
  let best = game.seats.length ? rank(game.seats[0]) : [];
  for (const seat of game.seats) if (better(rank(seat), best)) best = rank(seat);
  const top = game.seats.filter((seat) => !better(best, rank(seat)));
  return { top: top.length === game.seats.length ? [] : top, scored };
}

/**
 * Who won the match and why, and whether the host ended it before its end.
 * @param {{game: Game, reason: string | undefined, name: Namer, own: number | null}} props
 */
function MatchVerdict({ game, reason, name, own }) {
  const { top, scored } = matchWinners(game);
  const lines = [];
  if (reason === "host_ended") lines.push(t("host_ended"));
  if (!top.length) lines.push(t("match_level"));
  else {
    const seats = top.map((seat) => seat.seat);
    const first = top[0];
    lines.push(scored
      ? aboutSeats("match_won_score", seats, name, own, { score: first.score ?? 0 })
      : aboutSeats("match_won_rounds", seats, name, own, { won: first.rounds_won, lost: first.rounds_lost }));
  }
  return html`<div class="verdict match-verdict">${lines.map((line) => html`<p>${line}</p>`)}</div>`;
}

/** This round's own column (points, books or lives), where the round gave one. */
function roundColumn(/** @type {Record<string, any>} */ outcome) {
  if (outcome.points) return { title: t("points"), values: /** @type {number[]} */ (outcome.points) };
  if (outcome.books) return { title: t("books"), values: /** @type {number[]} */ (outcome.books) };
  if (outcome.lives) return { title: t("lives"), values: /** @type {number[]} */ (outcome.lives) };
  return null;
}

/**
 * @param {{game: Game, finished: boolean, log: GameEvent[], kept: Seating, own: number | null,
 *   name: Namer, work: (task: () => Promise<unknown>) => void, busy: boolean}} props
 */
export function RoundEnd({ game, finished, log, kept, own, name, work, busy }) {
  const panel = useRef(/** @type {HTMLElement | null} */ (null));
  const outcome = outcomeOf(log, game.round);
  const column = roundColumn(outcome);
  const scored = keepsScore(game);
  const over = [...log].reverse().find((event) => event.type === "game_over");
  const revealed = /** @type {Record<string, any>} */ (over?.data || {});
  const dealer = kept.token || kept.host;
  // brought into view and focused once the round ends (and again as the match does),
  // when its buttons are live: the next step is one key away
  const placed = useRef("");
  useEffect(() => {
    const here = panel.current;
    const stage = finished ? "match" : "round";
    if (!here || busy || placed.current === stage) return;
    placed.current = stage;
    here.scrollIntoView({ block: "center" });
    const next = /** @type {HTMLElement | null} */ (here.querySelector("button[data-next]"));
    (next || here).focus({ preventScroll: true });
  }, [finished, busy]);
  const deal = () => work(async () => {
    try {
      await call("POST", `/games/${game.id}/deal`, { token: dealer });
    } catch (error) {
      // two pressed at once and the other's deal went first: dealt, as this one asked
      const now = await call("GET", `/games/${game.id}`);
      if (now.round <= game.round) throw error;
    }
  });
  const end = () => work(() => call("POST", `/games/${game.id}/end`, { token: kept.host }));
  return html`
    <section class="round-end" ref=${panel} tabindex="-1" aria-labelledby="round-end-title">
      <h2 id="round-end-title">${finished ? t("match_over") : t("round_n_over", { n: game.round })}</h2>
      ${finished && html`<${MatchVerdict} game=${game} reason=${revealed.reason} name=${name} own=${own} />`}
      <${Verdict} outcome=${outcome} name=${name} own=${own} />
      <table class="standings">
        <thead><tr><th>${t("player")}</th>${column && html`<th>${column.title}</th>`}
          <th>${t("won")}</th><th>${t("lost")}</th>${scored && html`<th>${t("score")}</th>`}</tr></thead>
        <tbody>${game.seats.map((seat) => html`<tr>
          <td>${seat.name}${seat.seat === own ? ` (${t("you")})` : ""}</td>
          ${column && html`<td>${column.values[seat.seat] ?? "–"}</td>`}
          <td>${seat.rounds_won}</td><td>${seat.rounds_lost}</td>${scored && html`<td>${seat.score ?? "–"}</td>`}</tr>`)}
        </tbody>
      </table>
      <p class="next-step">
        ${!finished && dealer && html`<button data-next disabled=${busy} onClick=${deal}>${t("deal_next")}</button>`}
        ${!finished && kept.host && html`<button class="quiet" disabled=${busy} onClick=${end}>${t("end_match")}</button>`}
        ${finished && own !== null && !game.next_game_id && html`<button data-next data-action="play-again"
          disabled=${busy} onClick=${() => work(() => playAgain(game.id))}>${t("play_again")}</button>`}
      </p>
      ${finished && own !== null && game.next_game_id && html`<${Started} game=${game} log=${log} name=${name}
        work=${work} busy=${busy} />`}
      ${finished && html`
        <p class="next-step"><a class="button" data-action="replay" href=${`/play/replay/${game.id}`}>${t("replay_open")}</a></p>
        <${ShuffleCheck} game=${game} />
        <details class="verify"><summary>${t("verify")}</summary>
          <p>${t("verify_text")}</p>
          <dl><dt>${t("commitment")}</dt><dd><code>${game.seed_commitment ?? "–"}</code></dd>
            <dt>${t("seed")}</dt><dd><code>${revealed.seed ?? "–"}</code></dd>
            <dt>${t("nonce")}</dt><dd><code>${revealed.nonce ?? "–"}</code></dd></dl>
        </details>`}
    </section>`;
}

/**
 * Someone at this table started the next match already: who (the finished game's
 * `rematch` event names the seat that asked first), and the button to join it.
 * @param {{game: Game, log: GameEvent[], name: Namer, work: (task: () => Promise<unknown>) => void,
 *   busy: boolean}} props
 */
function Started({ game, log, name, work, busy }) {
  const asked = log.find((event) => event.type === "rematch");
  return html`<p class="next-step rematch" role="status">
    <span>${asked ? t("rematch_started", { seat: name(asked.seat) }) : t("rematch_waiting")}</span>
    <button data-next data-action="join-rematch" disabled=${busy}
      onClick=${() => work(() => playAgain(game.id))}>${t("rematch_join")}</button></p>`;
}
