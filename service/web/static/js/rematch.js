// Playing a finished match again, together. "Play again" asks for the next table
// (`POST /games/{id}/rematch`); the finished game's log then says where it is (a
// `rematch` event), and every seated player's page that sees it asks too, by itself:
// each sits down where it sat, with the seat's token there, and goes to the new table.
// A spectator's page offers the new table to watch.

import { html } from "../vendor/htm-3.1.1/standalone.module.js";
import { call, keepSeating, seating } from "./api.js";
import { t } from "./i18n.js";
import { goTo } from "./route.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Event"]} GameEvent */
/** @typedef {S["Game"]} Game */

/** @type {Map<string, Promise<void>>} one sitting down at a time per finished table,
 * however asked (the button, the event, both) */
const sitting = new Map();

/**
 * Sit down at the next match of the finished table ``gameId`` in the seat you had (the
 * first to ask makes the table, and hosts it) and go to it. The host alone with computer
 * players deals at once; with other people, once they sat down (their seats are held).
 * @param {string} gameId
 * @returns {Promise<void>}
 */
export function playAgain(gameId) {
  let asked = sitting.get(gameId);
  if (!asked) {
    asked = sitAgain(gameId);
    sitting.set(gameId, asked);
    const done = () => sitting.delete(gameId); // refused, or gone and come back: ask again
    asked.then(done, done);
  }
  return asked;
}

async function sitAgain(/** @type {string} */ gameId) {
  /** @type {S["Rematch"]} */
  const made = await call("POST", `/games/${gameId}/rematch`, { token: seating(gameId).token });
  const hosting = made.host_token ? { host: made.host_token, code: made.code ?? undefined } : {};
  keepSeating(made.id, { seat: made.seat, token: made.token, ...hosting });
  const othersToCome = made.seats.some((seat) => seat.held_until);
  if (made.host_token && made.status === "waiting" && !othersToCome) {
    await call("POST", `/games/${made.id}/deal`, { token: made.host_token, body: {} });
  }
  goTo(`/play/table/${made.id}`);
}

/**
 * Events that happened while the page looked on: where one says the match is played
 * again, a seated page goes to its seat there (a promise that fails on a refusal).
 * @param {string} gameId @param {GameEvent[]} events @param {number | null} own
 * @returns {Promise<void> | null}
 */
export function followRematch(gameId, events, own) {
  if (own === null || !seating(gameId).token) return null;
  if (!events.some((event) => event.type === "rematch")) return null;
  return playAgain(gameId);
}

/**
 * A spectator's way to the next match, once the players play again.
 * @param {{game: Game, seated: boolean}} props
 */
export function WatchRematch({ game, seated }) {
  if (seated || !game.next_game_id) return null;
  return html`<p class="rematch-watch" role="status">
    <a href=${`/play/table/${game.next_game_id}`}>${t("rematch_watch")}</a></p>`;
}
