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
/** A word in its cases, for a language that declines (Finnish): ``nom`` and whichever
 * others its templates ask for, as ``{card:gen}`` (the genitive "ruutuvitosen").
 * @typedef {{nom: string, [grammaticalCase: string]: string}} Forms */
/** @typedef {string | Plural | Forms} Text */
/** What fills a place: a declined value gives the case its place asks for.
 * @typedef {string | number | Forms} Value */
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

/** The entry of ``key`` in the page's language (English where it has none). */
const entryOf = (/** @type {Key} */ key) => /** @type {Catalogue} */ (LANGUAGES[language])[key] ?? en[key];

/** ``value`` in ``grammaticalCase``: a word the language does not decline is itself in all. */
function inCase(/** @type {Value | undefined} */ value, /** @type {string} */ grammaticalCase) {
  if (typeof value !== "object" || value === null) return value;
  return value[grammaticalCase] ?? value.nom;
}

/** A template's places filled: ``{name}`` in ``grammaticalCase``, ``{name:gen}`` in its own. */
function fill(/** @type {string} */ text, /** @type {Record<string, Value>} */ values, grammaticalCase = "nom") {
  return text.replace(/\{(\w+)(?::(\w+))?\}/g, (place, name, own) => {
    const value = inCase(values[name], own ?? grammaticalCase);
    return value === undefined ? place : String(value);
  });
}

/**
 * The string of ``key`` in the page's language, its ``{name}`` places filled; for a
 * plural entry the form for ``values.n``. Never throws: a key missing from both
 * catalogues comes back as itself (the words test fails on it, the page goes on).
 * @param {Key} key @param {Record<string, Value>} [values]
 */
export function t(key, values = {}) {
  const entry = entryOf(key);
  if (entry === undefined || entry === null) return String(key);
  if (typeof entry === "string") return fill(entry, values);
  return "nom" in entry ? fill(entry.nom, values) : fill(form(entry, values.n), values);
}

/**
 * ``key`` in every case its entry has (Finnish "ruutuvitonen", "ruutuvitosen"...), for a
 * template to take the one it needs. A place without a case takes the case being built,
 * so "{suit}{rank}" declines with its rank.
 * @param {Key} key @param {Record<string, Value>} [values] @returns {Forms}
 */
export function declined(key, values = {}) {
  const entry = entryOf(key);
  if (typeof entry === "object" && entry !== null && "nom" in entry) {
    return /** @type {Forms} */ (Object.fromEntries(Object.entries(entry).map(([each, text]) => [each, fill(text, values, each)])));
  }
  // a template of its own in no case: in each case its values come in ("{suit}{rank}")
  const text = typeof entry === "string" ? entry : String(key);
  const given = Object.values(values).flatMap((value) => (typeof value === "object" ? Object.keys(value) : []));
  return /** @type {Forms} */ (Object.fromEntries([...new Set(["nom", ...given])].map((each) => [each, fill(text, values, each)])));
}

/** Whether the catalogue has ``key``: for keys made from what the service sends. */
/** A game's title in the language shown, from the catalogue (its slug if unknown). */
/** A game's title in the page's language ("Hullut kasit"), as the lobby names it. */
export const titleOf = (/** @type {import("api-schema").components["schemas"]["CatalogEntry"]} */ entry) =>
  entry.text?.[language]?.title ?? entry.title;

export function gameTitle(/** @type {import("api-schema").components["schemas"]["CatalogEntry"][]} */ catalogue,
  /** @type {string} */ slug) {
  const entry = catalogue.find((item) => item.slug === slug);
  return entry ? titleOf(entry) : slug;
}

export const hasKey = (/** @type {string} */ key) => Object.hasOwn(en, key);
