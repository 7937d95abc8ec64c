// The player's settings, kept in this browser (localStorage) and read wherever they
// matter: how fast the moves are shown (or not at all, as with the system's reduced
// motion), a four-colour deck (clubs green, diamonds blue: told apart at a glance), and
// the hand sorted by suit or by rank. A change is drawn at once by every part that uses
// `useSettings`; motion.js reads `settings()` at each move.

import { html, useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { t } from "./i18n.js";

/** How long the moves take, as a factor of their own time; "off": nothing moves. */
export const SPEEDS = /** @type {const} */ ({ slow: 1.6, normal: 1, fast: 0.5, off: 0 });
const SORTS = /** @type {const} */ (["dealt", "suit", "rank"]);

/** @typedef {{speed: keyof typeof SPEEDS, fourColour: boolean, sort: typeof SORTS[number]}} Settings */

const KEPT = "card-table:settings";
/** @type {Settings} */
const DEFAULTS = { speed: "normal", fourColour: false, sort: "dealt" };
const storage = () => (typeof localStorage === "undefined" ? null : localStorage);

/** Only what a setting may be: a value kept by another version of the page is dropped. */
function valid(/** @type {Record<string, unknown>} */ kept) {
  /** @type {Settings} */
  const found = { ...DEFAULTS };
  if (typeof kept.speed === "string" && kept.speed in SPEEDS) found.speed = /** @type {Settings["speed"]} */ (kept.speed);
  if (typeof kept.fourColour === "boolean") found.fourColour = kept.fourColour;
  if (SORTS.includes(/** @type {any} */ (kept.sort))) found.sort = /** @type {Settings["sort"]} */ (kept.sort);
  return found;
}

/** The settings as kept (the defaults where none are). */
export function settings() {
  try {
    return valid(JSON.parse(storage()?.getItem(KEPT) || "{}") ?? {});
  } catch {
    return { ...DEFAULTS };
  }
}

/** @type {Set<(now: Settings) => void>} */
const listeners = new Set();

/** One setting changed and kept; every part drawn with it is drawn again. */
export function change(/** @type {Partial<Settings>} */ changed) {
  const now = valid({ ...settings(), ...changed });
  storage()?.setItem(KEPT, JSON.stringify(now));
  for (const listener of listeners) listener(now);
}

/** The settings, drawn again when one changes. */
export function useSettings() {
  const [now, setNow] = useState(settings);
  useEffect(() => {
    listeners.add(setNow);
    return () => { listeners.delete(setNow); };
  }, []);
  return now;
}

/** The settings' form, folded away under its summary. */
export function SettingsPanel() {
  const now = useSettings();
  const pick = (/** @type {keyof Settings} */ name) => (/** @type {any} */ event) => change({ [name]: event.target.value });
  return html`
    <details class="settings" data-settings>
      <summary>${t("settings")}</summary>
      <div class="choices">
        <label>${t("settings_speed")} <select data-setting="speed" value=${now.speed} onChange=${pick("speed")}>
          ${Object.keys(SPEEDS).map((speed) => html`<option value=${speed}>${t(/** @type {any} */ (`speed_${speed}`))}</option>`)}
        </select></label>
        <label class="check"><input type="checkbox" data-setting="four-colour" checked=${now.fourColour}
          onChange=${(/** @type {any} */ event) => change({ fourColour: event.target.checked })} /> ${t("settings_four_colour")}</label>
        <label>${t("settings_sort")} <select data-setting="sort" value=${now.sort} onChange=${pick("sort")}>
          ${SORTS.map((sort) => html`<option value=${sort}>${t(/** @type {any} */ (`sort_${sort}`))}</option>`)}
        </select></label>
      </div>
    </details>`;
}
