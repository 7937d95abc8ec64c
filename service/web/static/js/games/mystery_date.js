// Mystery Date: the board's loop of 32 spaces (the catalogue's deck.board) around the
// table, each seat's piece and the doors; in the middle the piles, what the last door
// showed and the outfits you could show.

import { html } from "../../vendor/htm-3.1.1/standalone.module.js";
import { Card, colourName } from "../cards.js";
import { t } from "../i18n.js";
import { initials } from "../seats.js";

/** @typedef {{index: number, kind: string, label: string, door_with_mid_side_doors: boolean}} Space */
/** @typedef {import("../i18n.js").Key} Key */

const SIDE = 8; // spaces a side: the loop runs clockwise round a 9 x 9 grid

/** Where space ``index`` sits on the grid: clockwise from the top left corner. */
function cell(/** @type {number} */ index) {
  const side = Math.floor(index / SIDE);
  const step = index % SIDE;
  const [row, column] = [[1, 1 + step], [1 + step, SIDE + 1], [SIDE + 1, SIDE + 1 - step], [SIDE + 1 - step, 1]][side];
  return { gridRow: String(row), gridColumn: String(column) };
}

/** A seat's piece on the board: its initials, as its face at the table shows them (a
 * name cut to fit a space read "bas…" for every bot), its name said and on hover. */
const Piece = (/** @type {{seat: number, name: string}} */ { seat, name }) =>
  html`<span class=${`piece p${seat}`} data-seat=${seat} title=${name}><span aria-hidden="true">${initials(name)}</span><span
    class="said">${name}</span></span>`;

/** @param {import("../table.js").BoardProps} props */
export function DateBoard({ view, game, entry, name }) {
  if (view.type !== "mystery-date") return null;
  const spaces = /** @type {Space[]} */ (entry?.deck.board || []);
  const midDoors = Boolean(game.options.mid_side_doors);
  const players = view.players ?? [];
  const door = view.last_door;
  return html`
    <section class="board date">
      <ol class="loop" aria-label=${t("board")}>
        ${spaces.map((space) => {
          const here = players.filter((player) => player.position === space.index);
          const kind = midDoors && space.door_with_mid_side_doors ? "door" : space.kind;
          return html`<li class=${`space ${kind}`} style=${cell(space.index)}>
            <span class="label">${t(/** @type {Key} */ (`space_${kind}`))}</span>
            ${here.map((player) => html`<${Piece} seat=${player.seat} name=${name(player.seat)} />`)}
          </li>`;
        })}
        <li class="middle">
          ${view.seat !== null && view.to_act.includes(view.seat) && html`<p>${t(/** @type {Key} */ (`phase_${view.phase}`))}</p>`}
          <div class="pile" data-pile="draw"><h2>${t("draw_pile_n", { n: view.draw_pile ?? 0 })}</h2>${view.draw_pile ? html`<${Card} small />` : null}</div>
          <div class="pile" data-pile="discard"><h2>${t("discard_pile_n", { n: view.discard_pile ?? 0 })}</h2>${view.top_discard ? html`<span data-card=${view.top_discard}><${Card} card=${view.top_discard} small /></span>` : null}</div>
          ${view.ready?.length ? html`<p>${t("ready_outfits", { colours: view.ready.map(colourName).join(", ") })}</p>` : null}
          ${door && html`<p class="door-result">${t("door_opened", { seat: name(door.seat), colour: colourName(door.colour), outcome: t(/** @type {Key} */ (`outcome_${door.outcome}`)) })}</p>`}
        </li>
      </ol>
    </section>`;
}
