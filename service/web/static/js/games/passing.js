// Old Maid and Blind Date: the hand offered to you, face down, one card a button
// (a take move each), and the pairs each seat laid; the round-end panel shows the odd card.

import { html } from "../../vendor/htm-3.1.1/standalone.module.js";
import { Card } from "../cards.js";
import { t } from "../i18n.js";
import { moveLabel } from "../words.js";

/**
 * Whose pick it is, never an order to a seat that is not picking: "Take a card from
 * Bob" for the taker, "Alice is taking a card from you" on Bob's page.
 * @param {import("../table.js").BoardProps["view"]} view @param {number} from
 * @param {import("../table.js").BoardProps["name"]} name
 */
function offerTitle(view, from, name) {
  const taker = view.to_act[0];
  if (taker === view.seat) return t("offer_from", { seat: name(from) });
  if (from === view.seat) return t("offer_taking_you", { taker: name(taker) });
  return t("offer_taking", { taker: name(taker), seat: name(from) });
}

const PAIRS_SHOWN = 3;

/**
 * The pairs a seat laid, from the view (as new as the move that laid them; the summary's
 * come later), the newest first and marked: never among the "and N more".
 * @param {{pairs: string[][], seat: number, name: import("../table.js").BoardProps["name"]}} props
 */
function Pairs({ pairs, seat, name }) {
  const shown = pairs.slice(-PAIRS_SHOWN).reverse();
  return html`<div class="pairs" data-seat-pairs=${seat}><h3>${t("pairs_of", { seat: name(seat) })}</h3>
    <ul class="cards">${shown.map((pair, index) => pair.map((card) => html`<li data-card=${card}
      class=${index === 0 ? "newest" : undefined}><${Card} card=${card} small /></li>`))}</ul>
    ${pairs.length > PAIRS_SHOWN && html`<p>${t("pairs_more", { n: pairs.length - PAIRS_SHOWN })}</p>`}
  </div>`;
}

/** @param {import("../table.js").BoardProps} props */
export function PassingBoard({ view, act, busy, name }) {
  if (view.type !== "old-maid" && view.type !== "blind-date") return null;
  const offer = view.offer;
  const takes = view.legal_moves.filter((move) => move.type === "take");
  return html`
    <section class="board passing">
      ${offer && html`
        <div class="offer">
          <h2>${offerTitle(view, offer.from_seat, name)}</h2>
          <ul class="cards face-down">
            ${Array.from({ length: offer.positions }, (_, position) => {
              const move = takes.find((take) => take.type === "take" && take.position === position);
              return html`<li key=${position}>${move
                ? html`<button class="card-button playable" data-move=${JSON.stringify(move)} disabled=${busy}
                    aria-label=${moveLabel(move, name)} onClick=${() => act(move)}><${Card} /></button>`
                : html`<${Card} />`}</li>`;
            })}
          </ul>
        </div>`}
      <div class="laid" data-pile="laid">
        ${(view.players ?? []).map((player) => player.pairs?.length ? html`
          <${Pairs} pairs=${player.pairs} seat=${player.seat} name=${name} />` : null)}
      </div>
    </section>`;
}
