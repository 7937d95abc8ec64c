// Spoons, Pig and Tongue: your incoming pile and the signals so far in order (the
// round-end panel names the loser).

import { html } from "../../vendor/htm-3.1.1/standalone.module.js";
import { Card } from "../cards.js";
import { t } from "../i18n.js";

/** @param {import("../table.js").BoardProps} props */
export function SpoonsBoard({ view, name }) {
  if (view.type !== "spoons") return null;
  return html`
    <section class="board spoons">
      ${view.pile !== null && view.pile !== undefined && html`
        <div class="pile" data-pile="incoming"><h2>${t("incoming_n", { n: view.pile })}</h2>${view.pile ? html`<${Card} />` : null}</div>`}
      <p>${t(/** @type {import("../i18n.js").Key} */ (`signal_${view.signal}`))}</p>
      ${(view.signals ?? []).length > 0 && html`<p class="signals">${t("signals_so_far")}
        ${(view.signals ?? []).map((/** @type {number} */ seat) => name(seat)).join(" → ")}</p>`}
    </section>`;
}
