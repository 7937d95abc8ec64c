// Reactions: a seated player's quick word without words (👍 👏 🤝 😂 😮 😬 👋), sent with
// `POST /games/{id}/reactions` and shown to everyone at the table for a moment, as a
// bubble at the seat that sent it (said to screen readers too). Each person may hide
// the others' reactions, kept in this browser; a seat that sends too many is told to
// wait, in a note that goes by itself.

import { html, useEffect, useRef, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { Problem, call } from "./api.js";
import { t } from "./i18n.js";
import { problemText, sentence } from "./words.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Reaction"]} Reaction */
/** @typedef {S["Event"]} GameEvent */
/** @typedef {S["ReactionEvent"]} ReactionEvent */
/** @typedef {(seat: number | null | undefined) => string} Namer */
/** @typedef {import("./i18n.js").Key} Key */

/** @type {Record<Reaction, string>} */
export const REACTIONS = {
  thumbs_up: "👍", well_played: "👏", good_game: "🤝", laugh: "😄", wow: "😮", oops: "😬", hello: "👋",
};
const BUBBLE_MS = 2500;
const NOTE_MS = 3000;
const MUTED = "card-table:reactions-muted";

const wordsOf = (/** @type {Reaction} */ reaction) => t(/** @type {Key} */ (`reaction_${reaction}`));
const mutedHere = () => localStorage.getItem(MUTED) === "yes";

/** @type {Set<(event: ReactionEvent) => void>} the tables' pages listening */
const listeners = new Set();

/** Events that happened while the page looked on: each reaction among them is shown. */
export function heard(/** @type {GameEvent[]} */ events) {
  for (const event of events) {
    if (event.type === "reaction") listeners.forEach((listener) => listener(event));
  }
}

/**
 * The reactions shown now: a bubble for each seat that reacted in the last moments (the
 * others' none while hidden), the last one for screen readers, and the hiding.
 * @param {number | null} own
 */
export function useReactions(own) {
  const [shown, setShown] = useState(/** @type {Record<number, ReactionEvent>} */ ({}));
  const [muted, setMutedHere] = useState(mutedHere);
  const ownSeat = useRef(own);
  ownSeat.current = own;
  useEffect(() => {
    /** @type {Set<number>} */
    const timers = new Set();
    const listener = (/** @type {ReactionEvent} */ event) => {
      const seat = event.seat;
      if (seat === null || (mutedHere() && seat !== ownSeat.current)) return;
      setShown((old) => ({ ...old, [seat]: event }));
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        setShown((old) => (old[seat] === event ? without(old, seat) : old));
      }, BUBBLE_MS);
      timers.add(timer);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);
  const setMuted = (/** @type {boolean} */ hide) => {
    localStorage.setItem(MUTED, hide ? "yes" : "no");
    setMutedHere(hide);
    if (hide) setShown((old) => (own !== null && old[own] ? { [own]: old[own] } : {}));
  };
  const bubbles = Object.fromEntries(Object.entries(shown).map(([seat, event]) => [seat, html`
    <span class="reaction-bubble" key=${event.seq} data-reaction=${event.data.reaction}
      role="img" aria-label=${wordsOf(event.data.reaction)}>${REACTIONS[event.data.reaction]}</span>`]));
  const last = Object.values(shown).sort((a, b) => b.seq - a.seq)[0] ?? null;
  return { bubbles, last, muted, setMuted };
}

/** @param {Record<number, ReactionEvent>} shown @param {number} seat */
function without(shown, seat) {
  const rest = { ...shown };
  delete rest[seat];
  return rest;
}

/**
 * The reactions bar: a button for each (a seated player's), hiding the others', and a
 * short note when the service says to wait.
 * @param {{gameId: string, token: string | null, name: Namer,
 *   reactions: ReturnType<typeof useReactions>}} props
 */
export function ReactionBar({ gameId, token, name, reactions }) {
  const [note, setNote] = useState(/** @type {string | null} */ (null));
  useEffect(() => {
    if (!note) return;
    const timer = window.setTimeout(() => setNote(null), NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [note]);
  const send = (/** @type {Reaction} */ reaction) =>
    call("POST", `/games/${gameId}/reactions`, { token, body: { reaction } }).catch((error) =>
      setNote(error instanceof Problem && error.status === 429
        ? t("reactions_wait", { n: Math.max(1, Math.ceil(error.retryAfter)) })
        : problemText(error)));
  const { last, muted, setMuted } = reactions;
  return html`
    <section class="reactions" aria-label=${t("reactions")}>
      ${token && html`<span class="reaction-buttons" role="group" aria-label=${t("react")}>
        ${Object.entries(REACTIONS).map(([reaction, emoji]) => html`<button class="reaction"
          data-reaction=${reaction} aria-label=${wordsOf(/** @type {Reaction} */ (reaction))}
          title=${wordsOf(/** @type {Reaction} */ (reaction))}
          onClick=${() => send(/** @type {Reaction} */ (reaction))}><span aria-hidden="true">${emoji}</span></button>`)}
      </span>`}
      <label class="mute"><input type="checkbox" data-action="mute-reactions" checked=${muted}
        onChange=${(/** @type {any} */ e) => setMuted(e.target.checked)} /> ${t("reactions_mute")}</label>
      <p class="reaction-note" role="status">${note ?? ""}</p>
      <p class="reaction-said" role="status">${last ? sentence(last, name) : ""}</p>
    </section>`;
}
