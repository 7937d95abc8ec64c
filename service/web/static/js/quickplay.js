// "Play now": a seat at the next table of a game with whoever else presses it, computer
// players taking the seats nobody took after a while (unless people only). The ticket
// (`POST /quickplay`) is long-polled until it is seated; its token is then the seat's,
// kept as every seat's is, and the page goes to the table. Cancel leaves the queue.

import { html, useEffect, useRef, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { API, Problem, backoff, call, keepSeating, pause, rememberName, rememberedName } from "./api.js";
import { currentLanguage, t } from "./i18n.js";
import { goTo } from "./route.js";
import { useTick } from "./seats.js";
import { Notice } from "./table.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["CatalogEntry"]} Entry */
/** @typedef {S["CreatedTicket"]} Ticket the ticket as taken, with its token */

const WAIT_S = 25; // each long poll of the ticket
const USUAL_SEATS = 4; // the service's default, or the nearest the game takes
const RETRIED = [0, 408, 429, 502, 503, 504]; // a poll refused otherwise: the ticket is gone

const titleOf = (/** @type {Entry | undefined} */ entry) => entry?.text[currentLanguage()].title ?? "";
const usualSeats = (/** @type {Entry} */ entry) =>
  Math.max(entry.players.min, Math.min(entry.players.max, USUAL_SEATS));

/** "Play now" at the top of the lobby: the choice, then the wait for a table. */
export function PlayNow(/** @type {{catalogue: Entry[]}} */ { catalogue }) {
  const [slug, setSlug] = useState(catalogue[0]?.slug ?? "");
  const entry = catalogue.find((item) => item.slug === slug) ?? catalogue[0];
  const [seats, setSeats] = useState(/** @type {number | null} */ (null)); // null: the usual
  const [name, setName] = useState(rememberedName);
  const [peopleOnly, setPeopleOnly] = useState(false);
  const [ticket, setTicket] = useState(/** @type {Ticket | null} */ (null));
  const [notice, setNotice] = useState(/** @type {unknown} */ (null));
  const [busy, setBusy] = useState(false);
  if (!entry) return null;
  const players = seats ?? usualSeats(entry);

  async function start(/** @type {Event} */ event) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const who = name.trim() || t("default_name");
      rememberName(who);
      const body = { type: entry.slug, seats: players, name: who, bots: !peopleOnly };
      setTicket(await call("POST", "/quickplay", { body }));
    } catch (error) {
      setNotice(error);
    } finally {
      setBusy(false);
    }
  }

  const stopped = (/** @type {unknown} */ why) => {
    setTicket(null);
    setNotice(why);
  };
  const range = Array.from({ length: entry.players.max - entry.players.min + 1 }, (_, i) => entry.players.min + i);
  return html`
    <section class="play-now" aria-labelledby="play-now-title">
      <h2 id="play-now-title">${t("play_now")}</h2>
      <${Notice} error=${notice} />
      ${ticket
        ? html`<${Queue} ticket=${ticket} title=${titleOf(entry)} stopped=${stopped} />`
        : html`<form data-action="play-now" onSubmit=${start}>
          <p>${t("play_now_intro")}</p>
          <label>${t("game")} <select data-choice="game" value=${entry.slug}
            onChange=${(/** @type {any} */ e) => { setSlug(e.target.value); setSeats(null); }}>
            ${catalogue.map((item) => html`<option value=${item.slug}>${titleOf(item)}</option>`)}
          </select></label>
          <label>${t("players")} <select data-choice="seats" value=${String(players)}
            onChange=${(/** @type {any} */ e) => setSeats(Number(e.target.value))}>
            ${range.map((n) => html`<option value=${String(n)}>${n}</option>`)}
          </select></label>
          <label>${t("your_name")} <input maxlength="40" value=${name}
            onInput=${(/** @type {any} */ e) => setName(e.target.value)} /></label>
          <label class="people-only"><input type="checkbox" checked=${peopleOnly}
            onChange=${(/** @type {any} */ e) => setPeopleOnly(e.target.checked)} /> ${t("play_now_people_only")}</label>
          <button class="primary" disabled=${busy}>${t("play_now")}</button>
        </form>`}
    </section>`;
}

/**
 * Waiting in the queue: for whom, until when the computer players come, and Cancel. The
 * ticket is long-polled meanwhile (a ticket nobody polls is passed over); once seated,
 * the page goes to the table. Leaving the page leaves the queue.
 * @param {{ticket: Ticket, title: string, stopped: (why: unknown) => void}} props
 */
function Queue({ ticket, title, stopped }) {
  const [busy, setBusy] = useState(false);
  const heading = useRef(/** @type {HTMLElement | null} */ (null));
  useTick(ticket.fill_at ? 1000 : 0);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    let done = false;
    const leave = () => {
      if (!done) fetch(`${API}/quickplay/${ticket.id}`, { method: "DELETE", keepalive: true, headers: { Authorization: `Bearer ${ticket.token}` } });
    };
    addEventListener("pagehide", leave);
    (async () => {
      for (let failures = 0; !done; ) {
        try {
          /** @type {S["Ticket"]} */
          const now = await call("GET", `/quickplay/${ticket.id}?wait=${WAIT_S}`, { token: ticket.token });
          failures = 0;
          if (done || now.status !== "seated" || !now.game_id) continue;
          done = true;
          keepSeating(now.game_id, { seat: now.seat, token: ticket.token });
          goTo(`/play/table/${now.game_id}`);
        } catch (error) {
          if (done) return;
          if (error instanceof Problem && !RETRIED.includes(error.status)) {
            done = true;
            stopped(error.status === 404 ? new Error(t("play_now_lost")) : error);
            return;
          }
          failures++;
          await pause(Math.max(error instanceof Problem ? error.retryAfter : 0, backoff(failures)));
        }
      }
    })();
    return () => {
      done = true;
      removeEventListener("pagehide", leave);
    };
  }, [ticket.id]);

  async function cancel() {
    setBusy(true);
    try {
      await call("DELETE", `/quickplay/${ticket.id}`, { token: ticket.token });
      stopped(null);
    } catch (error) {
      // seated meanwhile (409): the poll goes to the table
      if (!(error instanceof Problem && error.status === 409)) stopped(error);
    } finally {
      setBusy(false);
    }
  }

  const left = ticket.fill_at ? Math.max(0, Math.ceil((Date.parse(ticket.fill_at) - Date.now()) / 1000)) : 0;
  return html`
    <div class="queue" data-ticket=${ticket.id}>
      <h3 ref=${heading} tabindex="-1">${t("play_now_looking", { game: title, n: ticket.seats })}</h3>
      <p class="fill">${!ticket.bots
        ? t("play_now_people_wait")
        : left > 0
          ? html`<span role="timer">${t("play_now_bots_in", { n: left })}</span>`
          : t("play_now_bots_now")}</p>
      <p>${t("play_now_cancel_hint")}</p>
      <button data-action="cancel-play-now" disabled=${busy} onClick=${cancel}>${t("cancel")}</button>
    </div>`;
}
