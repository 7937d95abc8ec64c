// Go Fish: the stock, and each seat's books.

import { html } from "../../vendor/htm-3.1.1/standalone.module.js";
import { Card, rankName } from "../cards.js";
import { t } from "../i18n.js";

/** @param {import("../table.js").BoardProps} props */
export function FishBoard({ view, name }) {
  if (view.type !== "go-fish") return null;
  const players = view.players ?? [];
  return html`
    <section class="board fish">
      <div class="pile" data-pile="stock"><h2>${t("stock_n", { n: view.stock ?? 0 })}</h2>${view.stock ? html`<${Card} />` : null}</div>
      <ul class="books">
        ${players.map((player) => html`<li><strong>${name(player.seat)}</strong>: ${
          player.books.length ? player.books.map(rankName).join(", ") : t("no_books")}</li>`)}
      </ul>
    </section>`;
}
