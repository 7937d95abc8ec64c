// Mystery Date: the board's loop of 32 spaces (the catalogue's deck.board) around the
// table, each seat's piece and the doors; in the middle the piles, what the last door
// showed and the outfits you could show. The replay draws the same loop (``Loop``).

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
 * name cut to fit a space read "bas…" for every bot), its name said and on hover;
 * ``position``: the space it stands on (``data-position``, for tests), if it is on one. */
export const Piece = (/** @type {{seat: number, name: string, position?: number}} */ { seat, name, position }) =>
  html`<span class=${`piece p${seat}`} data-seat=${seat} data-position=${position} title=${name}><span aria-hidden="true">${initials(name)}</span><span
    class="said">${name}</span></span>`;

/** What ``space`` is at a table with or without doors mid-side. */
export const spaceKind = (/** @type {Space} */ space, /** @type {boolean} */ midDoors) =>
  midDoors && space.door_with_mid_side_doors ? "door" : space.kind;

/**
 * The loop of spaces round the grid, each seat's piece on its space; ``children`` fill
 * the middle. The table draws it from its view, the replay from the log.
 * @param {{spaces: Space[], midDoors: boolean, pieces: {seat: number, position: number}[],
 *   name: (seat: number) => string, children?: unknown}} props
 */
export function Loop({ spaces, midDoors, pieces, name, children }) {
  return html`
    <ol class="loop" aria-label=${t("board")}>
      ${spaces.map((space) => {
        const here = pieces.filter((piece) => piece.position === space.index);
        const kind = spaceKind(space, midDoors);
        return html`<li class=${`space ${kind}`} style=${cell(space.index)}>
          <span class="label">${t(/** @type {Key} */ (`space_${kind}`))}</span>
          ${here.map((piece) => html`<${Piece} seat=${piece.seat} name=${name(piece.seat)} position=${space.index} />`)}
        </li>`;
      })}
      <li class="middle">${children}</li>
    </ol>`;
}

/** @param {import("../table.js").BoardProps} props */
export function DateBoard({ view, game, entry, name }) {
  if (view.type !== "mystery-date") return null;
  const spaces = /** @type {Space[]} */ (entry?.deck.board || []);
  const midDoors = Boolean(game.options.mid_side_doors);
  const door = view.last_door;
  return html`
    <section class="board date">
      <${Loop} spaces=${spaces} midDoors=${midDoors} pieces=${view.players ?? []} name=${name}>
        ${view.seat !== null && view.to_act.includes(view.seat) && html`<p>${t(/** @type {Key} */ (`phase_${view.phase}`))}</p>`}
        <div class="pile" data-pile="draw"><h2>${t("draw_pile_n", { n: view.draw_pile ?? 0 })}</h2>${view.draw_pile ? html`<${Card} small />` : null}</div>
        <div class="pile" data-pile="discard"><h2>${t("discard_pile_n", { n: view.discard_pile ?? 0 })}</h2>${view.top_discard ? html`<span data-card=${view.top_discard}><${Card} card=${view.top_discard} small /></span>` : null}</div>
        ${view.ready?.length ? html`<p>${t("ready_outfits", { colours: view.ready.map(colourName).join(", ") })}</p>` : null}
        ${door && html`<p class="door-result">${t("door_opened", { seat: name(door.seat), colour: colourName(door.colour), outcome: t(/** @type {Key} */ (`outcome_${door.outcome}`)) })}</p>`}
      </${Loop}>
    </section>`;
}
