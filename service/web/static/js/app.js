// The web table's entry: the lobby at /play, a table at /play/table/<id>, a finished
// match's replay at /play/replay/<id>; the language switch on every page.

import { html, render, useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { call } from "./api.js";
import { LANGUAGES, currentLanguage, setLanguage, t } from "./i18n.js";
import { Lobby } from "./lobby.js";
import { ReplayPage } from "./replay.js";
import { replayIdOf, tableIdOf, usePath } from "./route.js";
import { TablePage, refusal } from "./table.js";

/** @typedef {import("api-schema").components["schemas"]["CatalogEntry"]} Entry */

function App() {
  const [catalogue, setCatalogue] = useState(/** @type {Entry[] | null} */ (null));
  const [problem, setProblem] = useState(/** @type {string | null} */ (null));
  const [, setLanguageShown] = useState(currentLanguage());
  const path = usePath();
  const tableId = tableIdOf(path);
  const replayId = replayIdOf(path);
  useEffect(() => {
    call("GET", "/catalog").then((answer) => setCatalogue(answer.games), (error) => setProblem(refusal(error)));
  }, []);
  const switchTo = (/** @type {keyof typeof LANGUAGES} */ language) => {
    setLanguage(language);
    setLanguageShown(language);
  };
  return html`
    <nav class="top">
      <a href="/play" class="home">${t("app_name")}</a>
      <span class="languages" role="group" aria-label=${t("language")}>
        ${Object.keys(LANGUAGES).map((language) => html`<button lang=${language}
          aria-pressed=${language === currentLanguage()}
          onClick=${() => switchTo(/** @type {keyof typeof LANGUAGES} */ (language))}>${language.toUpperCase()}</button>`)}
      </span>
    </nav>
    ${problem && html`<p class="notice" role="alert">${problem}</p>`}
    ${catalogue && (replayId
      ? html`<${ReplayPage} key=${replayId} gameId=${replayId} catalogue=${catalogue} />`
      : tableId
        ? html`<${TablePage} key=${tableId} gameId=${tableId} catalogue=${catalogue} />`
        : html`<${Lobby} catalogue=${catalogue} />`)}`;
}

const root = document.getElementById("app");
if (root) {
  root.textContent = "";
  render(html`<${App} />`, root);
}
