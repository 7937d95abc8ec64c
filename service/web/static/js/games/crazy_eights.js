// Crazy Eights: the discard's top and the suit to follow, the stock; scores and sides.

import { html } from "../../vendor/htm-3.1.1/standalone.module.js";
import { Card, suitLabel } from "../cards.js";
import { t } from "../i18n.js";

/** @param {import("../table.js").BoardProps} props */
export function EightsBoard({ view }) {
  if (view.type !== "crazy-eights") return null;
  return html`
    <section class="board eights">
      <div class="pile discard" data-pile="discard" data-card=${view.top}><h2>${t("discard_top")}</h2><${Card} card=${view.top} /></div>
      <p class="follow">${t("suit_to_follow", { suit: suitLabel(view.suit ?? "") })}</p>
      <div class="pile" data-pile="stock"><h2>${t("stock_n", { n: view.stock ?? 0 })}</h2>${view.stock ? html`<${Card} />` : null}</div>
      ${view.blocked && html`<p>${t("blocked")}</p>`}
    </section>`;
}
