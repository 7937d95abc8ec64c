// Every string of the page, from one catalogue per language (i18n/en.js, i18n/fi.js),
// the language chosen from the browser's and switchable (kept in this browser). A
// string with a count is a plural entry chosen by `Intl.PluralRules` (see `t`). Nothing
// here needs a DOM: the words are rendered under Node in tests/web.

import en from "./i18n/en.js";
import fi from "./i18n/fi.js";

/** @typedef {keyof typeof en} Key */
/** The forms of a string with a count `{n}`, by `Intl.PluralRules` category ("one",
 * "other", and for ordinals "two" and "few"); `ordinal` for "1st", "2nd".
 * @typedef {{one?: string, two?: string, few?: string, other: string, ordinal?: boolean}} Plural */
/** @typedef {string | Plural} Text */
/** @typedef {Record<Key, Text>} Catalogue */

export const LANGUAGES = /** @type {const} */ ({ en, fi });
/** @typedef {keyof typeof LANGUAGES} Language */

const KEPT = "card-table:language";
const storage = () => (typeof localStorage === "undefined" ? null : localStorage);

/** @returns {Language} */
function chosen() {
  const kept = storage()?.getItem(KEPT);
  if (kept === "en" || kept === "fi") return kept;
  const tags = typeof navigator === "undefined" ? [] : navigator.languages || [];
  const wanted = tags.map((tag) => tag.slice(0, 2).toLowerCase());
  return wanted.find((tag) => tag === "fi" || tag === "en") === "fi" ? "fi" : "en";
}

function showLanguage() {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

let language = chosen();
showLanguage();

export const currentLanguage = () => language;

export function setLanguage(/** @type {Language} */ next) {
  language = next;
  storage()?.setItem(KEPT, next);
  showLanguage();
}

/** @type {Map<string, Intl.PluralRules>} */
const rules = new Map();
function pluralRules(/** @type {boolean} */ ordinal) {
  const id = `${language}:${ordinal}`;
  let found = rules.get(id);
  if (!found) {
    found = new Intl.PluralRules(language, { type: ordinal ? "ordinal" : "cardinal" });
    rules.set(id, found);
  }
  return found;
}

/** The form of a plural entry for the count `n` ("other" when there is no count). */
function form(/** @type {Plural} */ plural, /** @type {unknown} */ n) {
  if (typeof n !== "number") return plural.other;
  const category = pluralRules(Boolean(plural.ordinal)).select(n);
  const forms = /** @type {Record<string, unknown>} */ (plural);
  const text = forms[category];
  return typeof text === "string" ? text : plural.other;
}

/**
 * The string of ``key`` in the page's language, its ``{name}`` places filled; for a
 * plural entry the form for ``values.n``. Never throws: a key missing from both
 * catalogues comes back as itself (the words test fails on it, the page goes on).
 * @param {Key} key @param {Record<string, string | number>} [values]
 */
export function t(key, values = {}) {
  const entry = /** @type {Catalogue} */ (LANGUAGES[language])[key] ?? en[key];
  if (entry === undefined || entry === null) return String(key);
  const text = typeof entry === "string" ? entry : form(entry, values.n);
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? `{${name}}`));
}

/** Whether the catalogue has ``key``: for keys made from what the service sends. */
/** A game's title in the language shown, from the catalogue (its slug if unknown). */
export function gameTitle(/** @type {import("api-schema").components["schemas"]["CatalogEntry"][]} */ catalogue,
  /** @type {string} */ slug) {
  const entry = catalogue.find((item) => item.slug === slug);
  return entry?.text[language]?.title ?? entry?.title ?? slug;
}

export const hasKey = (/** @type {string} */ key) => Object.hasOwn(en, key);
