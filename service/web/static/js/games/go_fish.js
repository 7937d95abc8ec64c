// Go Fish: the stock, and the books of each seat that has any.

import { html } from "../../vendor/htm-3.1.1/standalone.module.js";
import { Card, rankName } from "../cards.js";
import { t } from "../i18n.js";

/** @param {import("../table.js").BoardProps} props */
export function FishBoard({ view, name }) {
  if (view.type !== "go-fish") return null;
  // the seats with books: a seat's chip counts its books already, none included
  const booked = (view.players ?? []).filter((player) => player.books.length);
  return html`
    <section class="board fish">
      <div class="pile" data-pile="stock"><h2>${t("stock_n", { n: view.stock ?? 0 })}</h2>${view.stock ? html`<${Card} />` : null}</div>
      ${booked.length ? html`<ul class="books">
        ${booked.map((player) => html`<li><strong>${name(player.seat)}</strong>: ${player.books.map(rankName).join(", ")}</li>`)}
      </ul>` : html`<p>${t("no_books")}</p>`}
    </section>`;
}
