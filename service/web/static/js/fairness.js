// The shuffle of a finished match, checked in this browser (shuffle_check.js) and said
// in plain words: dealt as promised before the first card was seen, or loudly not.
// `data-verified` is "yes" or "no" once the check is done.

import { html, useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { wholeLog } from "./api.js";
import { t } from "./i18n.js";
import { Unchecked, checkShuffle } from "./shuffle_check.js";

/** @typedef {import("api-schema").components["schemas"]} S */

/** @typedef {"checking" | "yes" | "no" | "unchecked" | "failed"} Verdict */

/**
 * @param {{game: S["Game"], log?: S["Event"][] | null}} props ``log``: the whole log,
 *   read here if not given
 */
export function ShuffleCheck({ game, log = null }) {
  const [verdict, setVerdict] = useState(/** @type {Verdict} */ ("checking"));
  const [problems, setProblems] = useState(/** @type {string[]} */ ([]));
  useEffect(() => {
    let gone = false;
    const check = async () => {
      const found = await checkShuffle(game, log ?? (await wholeLog(game.id)));
      if (gone) return;
      setProblems(found);
      setVerdict(found.length ? "no" : "yes");
    };
    // no log to read (the network), or no check for the game: no verdict either way
    check().catch((error) => {
      if (!gone) setVerdict(error instanceof Unchecked ? "unchecked" : "failed");
    });
    return () => { gone = true; };
  }, [game.id, log]);
  const known = verdict === "yes" || verdict === "no";
  return html`<section class=${`shuffle-check ${verdict}`} data-verified=${known ? verdict : undefined}
    role=${verdict === "no" ? "alert" : "status"}>
    <p><strong>${t(`shuffle_${verdict}`)}</strong></p>
    ${known && html`<p>${t(`shuffle_${verdict}_why`)}</p>`}
    ${problems.length > 0 && html`<details><summary>${t("shuffle_details")}</summary>
      <ul>${problems.slice(0, 5).map((problem) => html`<li><code>${problem}</code></li>`)}</ul></details>`}
  </section>`;
}
