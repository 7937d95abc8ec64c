// Your games: the matches this browser sat at (kept in its storage by api.js), each
// with its result, and the way back: its replay once it is over, else its table.

import { html, useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { call, gamesSatAt } from "./api.js";
import { gameTitle, t } from "./i18n.js";
import { matchWinners } from "./round_end.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {{id: string, seat: number, game: S["Game"] | null}} Played */

const SHOWN = 8;

/** What the match came to, for the seat this browser had. */
function result(/** @type {S["Game"]} */ game, /** @type {number} */ seat) {
  if (game.status === "waiting") return t("your_game_waiting");
  if (game.status !== "finished") return t("your_game_playing");
  const { top } = matchWinners(game);
  if (!top.length) return t("your_game_level");
  return top.some((winner) => winner.seat === seat) ? t("your_game_won") : t("your_game_lost");
}

/** @param {{catalogue: S["CatalogEntry"][]}} props */
export function YourGames({ catalogue }) {
  const [played, setPlayed] = useState(/** @type {Played[]} */ ([]));
  useEffect(() => {
    const sat = gamesSatAt().slice(0, SHOWN);
    // a match the service no longer knows is left out
    Promise.all(sat.map((kept) => call("GET", `/games/${kept.id}`).then((game) => ({ ...kept, game }), () => null)))
      .then((found) => setPlayed(/** @type {Played[]} */ (found.filter(Boolean))));
  }, []);
  if (!played.length) return null;
  const title = (/** @type {string} */ slug) => gameTitle(catalogue, slug);
  return html`
    <section class="your-games">
      <h2>${t("your_games")}</h2>
      <ul>${played.map(({ id, seat, game }) => game && html`<li key=${id} data-game=${id}>
        <span class="game-title">${title(game.type)}</span>
        <span class="result">${result(game, seat)}</span>
        ${game.status === "finished"
          ? html`<a href=${`/play/replay/${id}`} data-action="replay">${t("your_game_watch")}</a>`
          : html`<a href=${`/play/table/${id}`}>${t("your_game_back")}</a>`}
      </li>`)}</ul>
    </section>`;
}
