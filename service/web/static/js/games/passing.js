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

/** @param {import("../table.js").BoardProps} props */
export function PassingBoard({ view, game, act, busy, name }) {
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
        ${game.seats.map((seat) => seat.pairs?.length ? html`
          <div class="pairs"><h3>${t("pairs_of", { seat: seat.name })}</h3>
            <ul class="cards">${seat.pairs.slice(-3).flat().map((card) => html`<li data-card=${card}><${Card} card=${card} small /></li>`)}</ul>
            ${seat.pairs.length > 3 && html`<p>${t("pairs_more", { n: seat.pairs.length - 3 })}</p>`}
          </div>` : null)}
      </div>
    </section>`;
}
