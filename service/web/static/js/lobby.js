// The lobby: every game of the catalogue with a button to play it against the computer,
// a form to create a table (its options drawn from the catalogue's option list, so a
// seventh game needs no code here), the public tables as they open, and joining by code.

import { html, useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { API, call, keepSeating } from "./api.js";
import { t } from "./i18n.js";
import { Notice, RulesLink } from "./table.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["CatalogEntry"]} Entry */
/** @typedef {S["Option"]} Option */

const LOBBY_EVERY_MS = 4000;

const open = (/** @type {string} */ gameId) => location.assign(`/play/table/${gameId}`);

/** A new table: the host token and code kept, the creator seated (if ``name``). */
async function createTable(/** @type {Record<string, unknown>} */ body, /** @type {string} */ name) {
  const created = await call("POST", "/games", { body });
  keepSeating(created.id, { host: created.host_token, code: created.code ?? undefined });
  const joined = await call("POST", `/games/${created.id}/players`, {
    body: created.code ? { name, code: created.code } : { name },
  });
  keepSeating(created.id, { seat: joined.seat, token: joined.token });
  return created;
}

/** @param {{catalogue: Entry[]}} props */
export function Lobby({ catalogue }) {
  const [notice, setNotice] = useState(/** @type {unknown} */ (null));
  const [busy, setBusy] = useState(false);

  async function attempt(/** @type {() => Promise<void>} */ task) {
    setBusy(true);
    setNotice(null);
    try {
      await task();
    } catch (error) {
      setNotice(error);
      setBusy(false);
    }
  }

  const playBots = (/** @type {Entry} */ entry) => attempt(async () => {
    const seats = Math.max(entry.players.min, Math.min(entry.players.max, 3));
    const created = await createTable({ type: entry.slug, seats, visibility: "private" }, t("player"));
    await call("POST", `/games/${created.id}/deal`, {
      token: created.host_token,
      body: { fill_with_bots: "basic" },
    });
    open(created.id);
  });

  return html`
    <section class="lobby">
      <h1>${t("lobby_title")}</h1>
      <${Notice} error=${notice} />
      <ul class="games">
        ${catalogue.map((entry) => html`
          <li class="game">
            <h2>${entry.title}</h2>
            <p>${t("players_range", { min: entry.players.min, max: entry.players.max })}</p>
            <button data-action="play-bots" data-game=${entry.slug} disabled=${busy}
              onClick=${() => playBots(entry)}>${t("play_bots")}</button>
            <details><summary>${t("rules")}</summary><p>${entry.rules}</p>
              <p><${RulesLink} entry=${entry} /></p></details>
          </li>`)}
      </ul>
      <${CreateForm} catalogue=${catalogue} attempt=${attempt} busy=${busy} />
      <${JoinByCode} attempt=${attempt} busy=${busy} />
      <${PublicTables} catalogue=${catalogue} />
    </section>`;
}

/** @param {{catalogue: Entry[], attempt: (task: () => Promise<void>) => void, busy: boolean}} props */
function CreateForm({ catalogue, attempt, busy }) {
  const [slug, setSlug] = useState(catalogue[0]?.slug ?? "");
  const entry = catalogue.find((item) => item.slug === slug) || catalogue[0];
  const [choices, setChoices] = useState(/** @type {Record<string, unknown>} */ ({}));
  const [form, setForm] = useState({
    seats: 4, visibility: "public", clock: "", think: "1", bots: "basic", name: "",
  });
  if (!entry) return null;
  const set = (/** @type {string} */ field) => (/** @type {any} */ event) =>
    setForm({ ...form, [field]: event.target.value });
  const seats = Math.max(entry.players.min, Math.min(entry.players.max, Number(form.seats)));

  const submit = (/** @type {Event} */ event) => {
    event.preventDefault();
    attempt(async () => {
      const created = await createTable({
        type: entry.slug,
        seats,
        visibility: form.visibility,
        turn_seconds: form.clock ? Number(form.clock) : null,
        think_seconds: Number(form.think),
        options: choices,
      }, form.name || t("player"));
      open(created.id);
    });
  };

  return html`
    <form class="create" data-action="create" onSubmit=${submit}>
      <h2>${t("create_table")}</h2>
      <label>${t("game")} <select value=${slug} onChange=${(/** @type {any} */ e) => { setSlug(e.target.value); setChoices({}); }}>
        ${catalogue.map((item) => html`<option value=${item.slug}>${item.title}</option>`)}
      </select></label>
      <${RulesLink} entry=${entry} />
      <label>${t("seats")} <input type="number" min=${entry.players.min} max=${entry.players.max}
        value=${seats} onInput=${set("seats")} /></label>
      <label>${t("visibility")} <select value=${form.visibility} onChange=${set("visibility")}>
        <option value="public">${t("public")}</option><option value="private">${t("private")}</option>
      </select></label>
      <label>${t("turn_clock")} <input type="number" min="5" max="600" placeholder=${t("no_clock")}
        value=${form.clock} onInput=${set("clock")} /></label>
      <label>${t("think_seconds")} <input type="number" min="0" max="10" step="0.1"
        value=${form.think} onInput=${set("think")} /></label>
      <label>${t("your_name")} <input maxlength="40" value=${form.name} onInput=${set("name")} /></label>
      <fieldset><legend>${t("options")}</legend>
        ${entry.options.map((option) => html`<${OptionField} option=${option}
          value=${choices[option.name]} onChange=${(/** @type {unknown} */ value) => setChoices({ ...choices, [option.name]: value })} />`)}
      </fieldset>
      <button disabled=${busy}>${t("create")}</button>
    </form>`;
}

/** One option of the catalogue: a number where it has a range (empty for none, where
 * none is allowed), else a choice among its allowed values. */
function OptionField(/** @type {{option: Option, value: unknown, onChange: (value: unknown) => void}} */
  { option, value, onChange }) {
  const label = html`<span title=${option.description}>${option.name}</span>`;
  const ranged = option.minimum !== null && option.minimum !== undefined;
  const none = (/** @type {unknown[]} */ (option.allowed || [])).includes(null); // empty: none
  if (option.allowed && !ranged) {
    const values = /** @type {unknown[]} */ (option.allowed);
    const index = value === undefined ? values.indexOf(option.default) : values.indexOf(value);
    return html`<label>${label} <select value=${String(index)}
      onChange=${(/** @type {any} */ e) => onChange(values[Number(e.target.value)])}>
      ${values.map((allowed, n) => html`<option value=${String(n)}>${allowed === null ? "–" : String(allowed)}</option>`)}
    </select></label>`;
  }
  return html`<label>${label} <input type="number" min=${option.minimum ?? undefined} max=${option.maximum ?? undefined}
    value=${value === undefined ? String(option.default ?? "") : String(value)}
    placeholder=${none ? "–" : undefined}
    onInput=${(/** @type {any} */ e) => onChange(e.target.value === "" ? (none ? null : undefined) : Number(e.target.value))} /></label>`;
}

/** @param {{attempt: (task: () => Promise<void>) => void, busy: boolean}} props */
function JoinByCode({ attempt, busy }) {
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const submit = (/** @type {Event} */ event) => {
    event.preventDefault();
    attempt(async () => {
      const joined = await call("POST", "/tables/join", { body: { code: code.trim(), name: name || t("player") } });
      keepSeating(joined.game_id, { seat: joined.seat, token: joined.token, code: code.trim() });
      open(joined.game_id);
    });
  };
  return html`
    <form class="join" onSubmit=${submit}>
      <h2>${t("join_by_code")}</h2>
      <label>${t("table_code")} <input data-action="join-code" required maxlength="16" value=${code}
        onInput=${(/** @type {any} */ e) => setCode(e.target.value)} /></label>
      <label>${t("your_name")} <input maxlength="40" value=${name} onInput=${(/** @type {any} */ e) => setName(e.target.value)} /></label>
      <button disabled=${busy}>${t("join")}</button>
    </form>`;
}

/** The public tables, newest first, looked at again every few seconds. */
function PublicTables(/** @type {{catalogue: Entry[]}} */ { catalogue }) {
  const [games, setGames] = useState(/** @type {S["Game"][]} */ ([]));
  useEffect(() => {
    let stopped = false;
    const look = async () => {
      try {
        const page = await call("GET", "/games?limit=20");
        if (!stopped) setGames(page.games);
      } catch {
        // the next look will tell
      }
    };
    look();
    const timer = window.setInterval(look, LOBBY_EVERY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, []);
  const title = (/** @type {string} */ slug) => catalogue.find((entry) => entry.slug === slug)?.title ?? slug;
  return html`
    <section class="public">
      <h2>${t("public_tables")}</h2>
      ${games.length === 0 && html`<p>${t("no_public_tables")}</p>`}
      <ul>${games.map((game) => html`<li>
        <a href=${`/play/table/${game.id}`}>${title(game.type)}</a>
        · ${t(/** @type {import("./i18n.js").Key} */ (`status_${game.status}`))}
        · ${t("seated_of", { n: game.seats.length, max: game.max_seats })}
        ${game.seeded ? ` · ${t("seeded_table")}` : ""}</li>`)}</ul>
    </section>`;
}
