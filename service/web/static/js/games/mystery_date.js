// Mystery Date: the board from the catalogue's deck.board with each seat's piece and
// the doors, the piles, what the last door showed and the outfits you could show.

import { html } from "../../vendor/htm-3.1.1/standalone.module.js";
import { Card, colourName } from "../cards.js";
import { t } from "../i18n.js";

/** @typedef {{index: number, kind: string, label: string, door_with_mid_side_doors: boolean}} Space */

/** @param {import("../table.js").BoardProps} props */
export function DateBoard({ view, game, entry, name }) {
  const spaces = /** @type {Space[]} */ (entry?.deck.board || []);
  const midDoors = Boolean(game.options.mid_side_doors);
  const players = /** @type {{seat: number, position: number, cards: number}[]} */ (view.players || []);
  const door = view.last_door;
  return html`
    <section class="board date">
      <ol class="track" aria-label=${t("board")}>
        ${spaces.map((space) => {
          const here = players.filter((player) => player.position === space.index);
          const isDoor = space.kind === "door" || (midDoors && space.door_with_mid_side_doors);
          return html`<li class=${isDoor ? "space door" : "space"} title=${space.label}>
            <span class="label">${isDoor ? "🚪" : space.index}</span>
            ${here.map((player) => html`<span class=${`piece p${player.seat}`}>${name(player.seat)}</span>`)}
          </li>`;
        })}
      </ol>
      <p>${t(`phase_${view.phase}`)}</p>
      <div class="pile"><h2>${t("draw_pile_n", { n: view.draw_pile })}</h2>${view.draw_pile ? html`<${Card} />` : null}</div>
      <div class="pile"><h2>${t("discard_pile_n", { n: view.discard_pile })}</h2>${view.top_discard ? html`<${Card} card=${view.top_discard} />` : null}</div>
      ${view.ready?.length ? html`<p>${t("ready_outfits", { colours: view.ready.map(colourName).join(", ") })}</p>` : null}
      ${door && html`<p class="door-result">${t("door_opened", { seat: name(door.seat), colour: colourName(door.colour), outcome: t(`outcome_${door.outcome}`) })}</p>`}
      ${view.winner !== null && view.winner !== undefined && html`<p class="winner">${t("date_winner", { seat: name(view.winner) })}</p>`}
    </section>`;
}
