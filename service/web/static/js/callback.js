// Your turn calls you back: when the turn comes to this seat while the tab is hidden,
// the tab's title and icon say so, a short beep sounds (unless muted here), a phone
// vibrates, and a notification shows (if the player allowed them). The title and icon
// are put back once the tab is seen again, or once the turn has passed.

import { html, useEffect, useRef, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { t } from "./i18n.js";

const MUTED = "card-table:muted";
const MARKED_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
  + '<circle cx="8" cy="8" r="7" fill="#c1121f" stroke="#fff" stroke-width="1.5"/></svg>');
const BEEP_SECONDS = 0.25;

export const isMuted = () => localStorage.getItem(MUTED) === "1";

/** The tab's own title and icon while it calls, to put back; null when it does not. */
let calledFrom = /** @type {{title: string, icon: string} | null} */ (null);
let notification = /** @type {Notification | null} */ (null);
/** Made at the player's first click or key press: a page may not start sound before. */
let audio = /** @type {AudioContext | null} */ (null);

function iconLink() {
  let link = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

const canNotify = () => typeof Notification !== "undefined";

/** @param {string} game the game's title @param {string} says what the turn asks for */
function callBack(game, says) {
  const link = iconLink();
  calledFrom ??= { title: document.title, icon: link.href };
  document.title = t("turn_title", { game });
  link.href = MARKED_ICON;
  if (!isMuted()) beep();
  navigator.vibrate?.([150, 80, 150]);
  if (canNotify() && Notification.permission === "granted") {
    notification = new Notification(t("turn_title", { game }), { body: says, tag: "card-table-turn" });
    notification.onclick = () => window.focus();
  }
}

function putBack() {
  notification?.close();
  notification = null;
  if (!calledFrom) return;
  document.title = calledFrom.title;
  iconLink().href = calledFrom.icon;
  calledFrom = null;
}

function beep() {
  if (!audio) return;
  audio.resume();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  const now = audio.currentTime;
  tone.frequency.value = 880;
  volume.gain.setValueAtTime(0.2, now);
  volume.gain.exponentialRampToValueAtTime(0.001, now + BEEP_SECONDS);
  tone.connect(volume).connect(audio.destination);
  tone.start(now);
  tone.stop(now + BEEP_SECONDS);
}

function prepareSound() {
  if (!audio && typeof AudioContext !== "undefined") audio = new AudioContext();
}

/**
 * Calls the player back when ``yours`` turns true while the tab is hidden.
 * @param {boolean} yours whether the seat is to play now
 * @param {string} game the game's title @param {string} says the heading: what to do
 */
export function useTurnCallback(yours, game, says) {
  const before = useRef(yours);
  useEffect(() => {
    const was = before.current;
    before.current = yours;
    if (yours && !was && document.hidden) callBack(game, says);
    if (!yours) putBack();
  }, [yours]);
  useEffect(() => {
    const seen = () => { if (!document.hidden) putBack(); };
    document.addEventListener("visibilitychange", seen);
    document.addEventListener("pointerdown", prepareSound, { once: true });
    document.addEventListener("keydown", prepareSound, { once: true });
    return () => {
      document.removeEventListener("visibilitychange", seen);
      document.removeEventListener("pointerdown", prepareSound);
      document.removeEventListener("keydown", prepareSound);
      putBack();
    };
  }, []);
}

/** The sound's switch, kept in this browser, and the button that asks to allow
 * notifications (only where the browser has them and has not been asked yet). */
export function CallbackSettings() {
  const [muted, setMuted] = useState(isMuted);
  const [permission, setPermission] = useState(canNotify() ? Notification.permission : "denied");
  const switchSound = () => {
    localStorage.setItem(MUTED, muted ? "0" : "1");
    setMuted(!muted);
  };
  const ask = () => Notification.requestPermission().then(setPermission, () => {});
  return html`<p class="callback">
    <button class="quiet" data-action="turn-sound" aria-pressed=${String(!muted)} onClick=${switchSound}>
      ${t("turn_sound")}</button>
    ${permission === "default" && html`<button class="quiet" data-action="notify" onClick=${ask}>
      ${t("turn_notify")}</button>`}
  </p>`;
}
