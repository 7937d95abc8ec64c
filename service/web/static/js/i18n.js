// Every string of the page, from one catalogue per language (i18n/en.js, i18n/fi.js),
// the language chosen from the browser's and switchable (kept in this browser).

import en from "./i18n/en.js";
import fi from "./i18n/fi.js";

/** @typedef {keyof typeof en} Key */
/** @typedef {Record<Key, string>} Catalogue */

export const LANGUAGES = /** @type {const} */ ({ en, fi });
/** @typedef {keyof typeof LANGUAGES} Language */

/** @returns {Language} */
function chosen() {
  const kept = localStorage.getItem("card-table:language");
  if (kept === "en" || kept === "fi") return kept;
  const wanted = navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase());
  return wanted.find((tag) => tag === "fi" || tag === "en") === "fi" ? "fi" : "en";
}

let language = chosen();
document.documentElement.lang = language;

export const currentLanguage = () => language;

export function setLanguage(/** @type {Language} */ next) {
  language = next;
  localStorage.setItem("card-table:language", next);
  document.documentElement.lang = next;
}

/**
 * The string of ``key`` in the page's language, its ``{name}`` places filled.
 * @param {Key} key @param {Record<string, string | number>} [values]
 */
export function t(key, values = {}) {
  const text = /** @type {Catalogue} */ (LANGUAGES[language])[key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? `{${name}}`));
}
