// The lobby: every game of the catalogue with a button to play it against the computer
// (the opponents, their level and a clock chosen first), a form to create a table (its
// options drawn from the catalogue's option list and named in the catalogue's words, so
// a seventh game needs no code here), the public tables as they open, joining by code
// (at the top, within a phone's first screen), and the matches this browser sat at. The
// name last used is offered again.

import { html, useEffect, useState } from "../vendor/htm-3.1.1/standalone.module.js";
import { call, keepSeating, rememberName, rememberedName } from "./api.js";
import { currentLanguage, t } from "./i18n.js";
import { PlayNow } from "./quickplay.js";
import { Notice, RulesLink } from "./table.js";
import { YourGames } from "./your_games.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["CatalogEntry"]} Entry */
/** @typedef {S["Option"]} Option */
/** @typedef {{opponents: number, level: "basic" | "random", clock: string}} Versus */

const LOBBY_EVERY_MS = 4000;
const CLOCKS = ["", "10", "20", "30", "60"]; // seconds a turn; "": no clock
const OPPONENTS = 2; // the computer players offered first, where the game allows them

/** The game's title and rules summary in the page's language. */
const gameWords = (/** @type {Entry} */ entry) => entry.text[currentLanguage()];
/** The option's title, help and value titles in the page's language. */
const optionWords = (/** @type {Option} */ option) => option.text[currentLanguage()];

/** A whole match, not a sample of one: Spoons (P-I-G) over three lives, Crazy Eights to
 * its target score, Old Maid with more than four players by Family Night's rules. */
function matchOptions(/** @type {Entry} */ entry, /** @type {number} */ seats) {
  const target = entry.options.find((option) => option.name === "target_score");
  switch (entry.slug) {
    case "spoons":
      return { lives: 3 };
    case "crazy-eights":
      return { target_score: target?.default ?? 150 };
    case "old-maid":
      return seats > 4 ? { preset: "family" } : {};
    default:
      return {};
  }
}

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

  const playBots = (/** @type {Entry} */ entry, /** @type {Versus} */ versus) => attempt(async () => {
    const seats = versus.opponents + 1;
    const created = await createTable({
      type: entry.slug,
      seats,
      visibility: "private",
      turn_seconds: versus.clock ? Number(versus.clock) : null,
      options: matchOptions(entry, seats),
    }, rememberedName() || t("default_name"));
    await call("POST", `/games/${created.id}/deal`, {
      token: created.host_token,
      body: { fill_with_bots: versus.level },
    });
    open(created.id);
  });

  return html`
    <section class="lobby">
      <h1>${t("lobby_title")}</h1>
      <${Notice} error=${notice} />
      <${PlayNow} catalogue=${catalogue} />
      <${JoinByCode} attempt=${attempt} busy=${busy} />
      <${YourGames} catalogue=${catalogue} />
      <ul class="games">
        ${catalogue.map((entry) => html`
          <li class="game">
            <h2>${gameWords(entry).title}</h2>
            <p data-players>${playerCount(entry)}</p>
            <${VersusComputer} entry=${entry} busy=${busy} start=${playBots} />
            <details><summary>${t("rules")}</summary><p>${gameWords(entry).rules}</p>
              <p><${RulesLink} entry=${entry} /></p></details>
          </li>`)}
      </ul>
      <${CreateForm} catalogue=${catalogue} attempt=${attempt} busy=${busy} />
      <${PublicTables} catalogue=${catalogue} />
    </section>`;
}

/** "2 to 4 players", as the default options allow (Old Maid's online rules), and how
 * many other rules take, where they take more (its family game's 8). */
function playerCount(/** @type {Entry} */ entry) {
  const { by_default: usual, max } = entry.players;
  const range = t("players_range", usual);
  return max > usual.max ? `${range} ${t("players_other_rules", { n: max })}` : range;
}

/** "Play against the computer": the button starts at once with the choices shown in its
 * summary; opening the summary changes them. */
function VersusComputer(/** @type {{entry: Entry, busy: boolean, start: (entry: Entry, versus: Versus) => void}} */
  { entry, busy, start }) {
  const fewest = entry.players.min - 1;
  const most = entry.players.max - 1;
  const [versus, setVersus] = useState(/** @type {Versus} */ ({
    opponents: Math.max(fewest, Math.min(most, OPPONENTS)), level: "basic", clock: "",
  }));
  const opponents = Math.max(fewest, Math.min(most, Math.round(versus.opponents) || fewest));
  const set = (/** @type {keyof Versus} */ field, /** @type {(value: string) => unknown} */ read) =>
    (/** @type {any} */ event) => setVersus({ ...versus, [field]: read(event.target.value) });
  const clock = versus.clock ? t("seconds_a_turn", { n: versus.clock }) : t("no_clock");
  const level = t(`level_${versus.level}`);
  return html`
    <details class="versus" data-versus=${entry.slug}>
      <summary>${t("versus_summary", { n: opponents, level, clock })}</summary>
      <label>${t("opponents")} <input type="number" data-choice="opponents" min=${fewest} max=${most}
        value=${opponents} onInput=${set("opponents", Number)} /></label>
      <label>${t("opponents_level")} <select data-choice="level" value=${versus.level}
        onChange=${set("level", String)}>
        <option value="basic">${t("level_basic")}</option>
        <option value="random">${t("level_random")}</option>
      </select></label>
      <label>${t("turn_clock")} <select data-choice="clock" value=${versus.clock} onChange=${set("clock", String)}>
        ${CLOCKS.map((seconds) => html`<option value=${seconds}>${seconds || t("no_clock")}</option>`)}
      </select></label>
    </details>
    <button data-action="play-bots" data-game=${entry.slug} disabled=${busy}
      onClick=${() => start(entry, { ...versus, opponents })}>${t("play_bots")}</button>`;
}

/** @param {{catalogue: Entry[], attempt: (task: () => Promise<void>) => void, busy: boolean}} props */
function CreateForm({ catalogue, attempt, busy }) {
  const [slug, setSlug] = useState(catalogue[0]?.slug ?? "");
  const entry = catalogue.find((item) => item.slug === slug) || catalogue[0];
  const [choices, setChoices] = useState(/** @type {Record<string, unknown>} */ ({}));
  const [form, setForm] = useState({
    seats: 4, visibility: "public", clock: "", think: "1", bots: "basic", name: rememberedName(),
  });
  if (!entry) return null;
  const set = (/** @type {string} */ field) => (/** @type {any} */ event) =>
    setForm({ ...form, [field]: event.target.value });
  const seats = Math.max(entry.players.min, Math.min(entry.players.max, Number(form.seats)));

  const submit = (/** @type {Event} */ event) => {
    event.preventDefault();
    attempt(async () => {
      rememberName(form.name);
      const created = await createTable({
        type: entry.slug,
        seats,
        visibility: form.visibility,
        turn_seconds: form.clock ? Number(form.clock) : null,
        think_seconds: Number(form.think),
        options: choices,
      }, form.name || t("default_name"));
      open(created.id);
    });
  };

  return html`
    <form class="create" data-action="create" onSubmit=${submit}>
      <h2>${t("create_table")}</h2>
      <label>${t("game")} <select value=${slug} onChange=${(/** @type {any} */ e) => { setSlug(e.target.value); setChoices({}); }}>
        ${catalogue.map((item) => html`<option value=${item.slug}>${gameWords(item).title}</option>`)}
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
        ${entry.options.map((option) => html`<${OptionField} option=${option} id=${`option-${entry.slug}-${option.name}`}
          value=${choices[option.name]} onChange=${(/** @type {unknown} */ value) => setChoices({ ...choices, [option.name]: value })} />`)}
      </fieldset>
      <button disabled=${busy}>${t("create")}</button>
    </form>`;
}

/** One option of the catalogue, in the catalogue's words: a number where it has a range
 * (empty for none, where none is allowed), else a choice among its allowed values. */
function OptionField(/** @type {{option: Option, id: string, value: unknown, onChange: (value: unknown) => void}} */
  { option, id, value, onChange }) {
  const words = optionWords(option);
  const help = html`<small class="help" id=${`${id}-help`}>${words.help}</small>`;
  const values = /** @type {unknown[]} */ (option.allowed || []);
  const titleOf = (/** @type {number} */ n) => words.values[n] || String(values[n]);
  const ranged = option.minimum !== null && option.minimum !== undefined;
  if (values.length && !ranged) {
    const index = value === undefined ? values.indexOf(option.default) : values.indexOf(value);
    return html`<div class="option"><label>${words.title} <select value=${String(index)}
      aria-describedby=${`${id}-help`}
      onChange=${(/** @type {any} */ e) => onChange(values[Number(e.target.value)])}>
      ${values.map((_, n) => html`<option value=${String(n)}>${titleOf(n)}</option>`)}
    </select></label> ${help}</div>`;
  }
  const none = values.indexOf(null); // the empty field: the value null, if allowed
  return html`<div class="option"><label>${words.title} <input type="number" min=${option.minimum ?? undefined}
    max=${option.maximum ?? undefined} aria-describedby=${`${id}-help`}
    value=${value === undefined ? String(option.default ?? "") : value === null ? "" : String(value)}
    placeholder=${none >= 0 ? titleOf(none) : undefined}
    onInput=${(/** @type {any} */ e) => onChange(e.target.value === "" ? (none >= 0 ? null : undefined) : Number(e.target.value))} /></label> ${help}</div>`;
}

/** @param {{attempt: (task: () => Promise<void>) => void, busy: boolean}} props */
function JoinByCode({ attempt, busy }) {
  const [code, setCode] = useState("");
  const [name, setName] = useState(rememberedName);
  const submit = (/** @type {Event} */ event) => {
    event.preventDefault();
    attempt(async () => {
      rememberName(name);
      const joined = await call("POST", "/tables/join", { body: { code: code.trim(), name: name || t("default_name") } });
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
  const title = (/** @type {string} */ slug) => {
    const entry = catalogue.find((item) => item.slug === slug);
    return entry ? gameWords(entry).title : slug;
  };
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
