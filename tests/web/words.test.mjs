// The web table's words under Node (run by test_words.py): every event of recorded real
// games (record_events.py) as each seat, a spectator and anyone after the match read it,
// every heading of the views met on the way, every problem code, in both languages.
// A sentence fails on a raw key, an unfilled place, a fallback, undefined/NaN/null or a
// wrong plural.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

// The little of a browser that api.js and cards.js touch as they load.
globalThis.document = /** @type {any} */ ({ querySelector: () => null, documentElement: {} });
globalThis.location = /** @type {any} */ ({ href: "http://localhost/play" });

const STATIC = "../../service/web/static/js";
const { LANGUAGES, setLanguage, t } = await import(`${STATIC}/i18n.js`);
const { aboutSeats } = await import(`${STATIC}/words.js`);
const { SENTENCES, heading, logLine, moveLabel, problemText, roundVerdict, sentence } = await import(`${STATIC}/words.js`);
const { Problem } = await import(`${STATIC}/api.js`);

const read = (/** @type {string} */ name) => JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8"));
const { tables } = read("./recorded_events.json");
const problemCodes = read("./problem_codes.json");
const LANGS = /** @type {const} */ (["en", "fi"]);

// What a finished sentence never holds.
const BROKEN = [
  [/\{\w*\}/, "an unfilled place"],
  [/\b(undefined|NaN|null)\b|\[object/, "a missing value"],
  [/\b(ev|mv|head|problem|rank|ranks|ranks_from|suit|space|outcome|level|by|colour|phase|reaction)_[A-Za-z0-9_]+/, "a raw key"],
  [/\s[.,:;]|\s{2}|^\s|\s$/, "stray spacing"],
  [/\bthe (Jacob|Emily)\b/, "an article before a name"],
];
// Counts with the wrong form: "1 cards", "2 card"; "1 korttia", "2 kortti".
const WRONG_PLURALS = {
  en: [/\b1 (cards|lives|books|seats|pairs|seconds|players)\b/, /\b([02-9]|\d\d+) (card|life|book|seat|pair|second)\b/],
  fi: [/\b1 (korttia|elämää|nelikkoa|paikkaa|paria|sekuntia)\b/, /\b([02-9]|\d\d+) (kortti|kortin|elämä|nelikko|paikka|pari|sekunti)\b/],
};
// How each language says "sixes" when asking for them, and in "a book of sixes" (Finnish:
// "nelikon: neljä kutosta", a book being a nelikko as the catalogue's rules call it).
const RANKS_ASKED = {
  en: { A: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines", 10: "tens", J: "jacks", Q: "queens", K: "kings" },
  fi: { A: "ässiä", 2: "kakkosia", 3: "kolmosia", 4: "nelosia", 5: "vitosia", 6: "kutosia", 7: "seiskoja", 8: "kaseja", 9: "ysejä", 10: "kymppejä", J: "jätkiä", Q: "rouvia", K: "kuninkaita" },
};
const RANKS_BOOKED = {
  en: RANKS_ASKED.en,
  fi: { A: "neljä ässää", 2: "neljä kakkosta", 3: "neljä kolmosta", 4: "neljä nelosta", 5: "neljä vitosta", 6: "neljä kutosta", 7: "neljä seiskaa", 8: "neljä kasia", 9: "neljä ysiä", 10: "neljä kymppiä", J: "neljä jätkää", Q: "neljä rouvaa", K: "neljä kuningasta" },
};

// The events that name the seat by the name it took or gave up, also to itself.
const NAMED_EVENTS = new Set(["joined", "vacated", "reserved", "left"]);
// The events whose sentence has a seat as its object (from_seat, to_seat, the seat asked).
const OBJECT_EVENTS = new Set(["offer", "take", "pass", "give", "ask"]);

/** What is wrong with a sentence shown to a player, if anything. */
function faults(/** @type {string} */ text, /** @type {"en" | "fi"} */ lang) {
  const found = BROKEN.filter(([pattern]) => pattern.test(text)).map(([, what]) => what);
  if (!text.trim()) found.push("nothing said");
  if (WRONG_PLURALS[lang].some((pattern) => pattern.test(text))) found.push("a wrong plural");
  return found;
}

function assertSaid(/** @type {string} */ text, /** @type {"en" | "fi"} */ lang, /** @type {string} */ where) {
  assert.deepEqual(faults(text, lang), [], `${where}: ${JSON.stringify(text)}`);
}

const namer = (/** @type {any} */ table) => (/** @type {number | null | undefined} */ seat) =>
  seat === null || seat === undefined ? t("nobody") : table.seats[seat]?.name ?? t("seat_n", { n: seat + 1 });

/** An event as the service sends it to ``seat``: the rule of service/engine/base.py's
 * `Event.seen_by`, the secret part for its audience and for anyone after the match. */
function seenBy(/** @type {any} */ stored, /** @type {number | null} */ seat, revealAll = false) {
  const { secret, audience, ...event } = stored;
  const shown = secret && (revealAll || audience.includes(seat));
  return { ...event, data: shown ? { ...event.data, ...secret } : event.data };
}

/** A table's log as each seat, a spectator and anyone after the end read it. */
function readings(/** @type {any} */ table) {
  const seats = table.seats.map((/** @type {any} */ seat) => seat.seat);
  const as = (/** @type {string} */ reader, /** @type {number | null} */ mySeat, revealAll = false) =>
    ({ reader, mySeat, events: table.log.map((/** @type {any} */ event) => seenBy(event, mySeat, revealAll)) });
  return [...seats.map((/** @type {number} */ seat) => as(`seat ${seat}`, seat)), as("a spectator", null), as("anyone after the end", null, true)];
}

test("the checks catch what players saw", () => {
  assert.deepEqual(faults("Player:no books yet{n}", "en"), ["an unfilled place"]);
  assert.deepEqual(faults("1 cards", "en"), ["a wrong plural"]);
  assert.deepEqual(faults("basic bot 3 ev_nothing", "en"), ["a raw key"]);
  assert.deepEqual(faults("Draw pile undefined", "en"), ["a missing value"]);
  assert.deepEqual(faults("2 kortti", "fi"), ["a wrong plural"]);
});

for (const lang of LANGS) {
  test(`every recorded event reads as a sentence (${lang})`, () => {
    setLanguage(lang);
    for (const table of tables) {
      const name = namer(table);
      for (const { reader, mySeat, events } of readings(table)) {
        for (const event of events) {
          assert.ok(SENTENCES[event.type], `${event.type} has no template`);
          const text = sentence(event, name, mySeat);
          assertSaid(text, lang, `${table.type} #${event.seq} ${event.type} as ${reader}`);
          assert.deepEqual(logLine(event, name, mySeat), { seq: event.seq, text });
          // the reader's own moves are "you" ("You took", "Otit"), never her own name, and
          // so is she where a move is about her ("took a card from you", "sinulta")
          const about = [event.data?.from_seat, event.data?.to_seat, event.type === "ask" ? event.data?.seat : null];
          const hers = event.seat === mySeat || (OBJECT_EVENTS.has(event.type) && about.includes(mySeat));
          if (mySeat !== null && hers && !NAMED_EVENTS.has(event.type)) {
            assert.ok(!text.includes(name(mySeat)), `${table.type} #${event.seq} as ${reader}: ${text}`);
          }
          // a computer player's seat says it is one: its lines are not signed "(computer)"
          if (event.by === "bot") assert.ok(!text.endsWith(`(${t("by_bot")})`), text);
        }
      }
    }
  });

  test(`every recorded round's end reads as the round-end panel's verdict (${lang})`, () => {
    setLanguage(lang);
    for (const table of tables) {
      const name = namer(table);
      const ends = table.log.filter((/** @type {any} */ event) => event.type === "round_over" || event.type === "won");
      assert.ok(ends.length, `${table.type}: a round's end recorded`);
      for (const event of ends.map((/** @type {any} */ stored) => seenBy(stored, null))) {
        const lines = roundVerdict(event.data, name);
        assert.ok(lines.length, `${table.type} #${event.seq}: nothing said`);
        for (const line of lines) assertSaid(line, lang, `${table.type} #${event.seq} verdict`);
      }
    }
  });

  test(`Go Fish says who asks for what, who fishes, what was given (${lang})`, () => {
    setLanguage(lang);
    for (const table of tables.filter((/** @type {any} */ each) => each.type === "go-fish")) {
      const name = namer(table);
      for (const event of table.log.map((/** @type {any} */ stored) => seenBy(stored, null))) {
        const text = sentence(event, name);
        if (event.type === "ask") assert.ok(text.includes(RANKS_ASKED[lang][event.data.rank]), text);
        if (event.type === "book") assert.ok(text.includes(RANKS_BOOKED[lang][event.data.rank]), text);
        // the asker, to_seat, draws: the sentence starts with her
        if (event.type === "go_fish") assert.ok(text.startsWith(name(event.data.to_seat)), text);
        if (event.type === "give") {
          if (event.data.cards.length > 1) assert.ok(text.includes(String(event.data.cards.length)), text);
          for (const card of event.data.cards) assert.ok(text.includes(rankWord(card, lang)), text);
        }
      }
    }
  });

  test(`every recorded view has a heading, an order only for the seat to act (${lang})`, () => {
    setLanguage(lang);
    const yourTurn = t("head_mine");
    const orders = Object.keys(LANGUAGES.en).filter((key) => key.startsWith("phase_")).map((key) => t(key));
    for (const table of tables) {
      const name = namer(table);
      const game = { ...table, status: "playing" };
      for (const view of table.views) {
        const me = view.seat;
        const text = heading(view, game, me, name);
        const where = `${table.type} heading for ${me} (${JSON.stringify(view.legal_moves.map((m) => m.type))}, ${view.phase ?? ""})`;
        assertSaid(text, lang, where);
        assert.ok(!orders.includes(text), `${where}: ${text}`);
        const acting = me !== null && view.to_act.includes(me) && view.legal_moves.length > 0;
        if (!acting) assert.ok(!text.includes(yourTurn), `${where}: ${text}`);
        if (view.type === "spoons" || view.status !== "playing") continue;
        if (acting) assert.ok(text.startsWith(yourTurn), `${where}: ${text}`);
        else assert.ok(text.includes(name(view.to_act[0])), `${where}: ${text}`);
      }
    }
  });

  test(`headings for a waiting table and a table on autopilot (${lang})`, () => {
    setLanguage(lang);
    const table = tables[0];
    const view = { ...table.views[0], status: "waiting" };
    const name = namer(table);
    assertSaid(heading(view, { ...table, max_seats: 4, seats: table.seats.slice(0, 3) }, 0, name), lang, "one free");
    assertSaid(heading(view, { ...table, max_seats: 5, seats: table.seats.slice(0, 3) }, 0, name), lang, "two free");
    const acting = table.views.find((/** @type {any} */ each) => each.seat !== null && each.to_act.includes(each.seat));
    // as service/table/render.py gives them: resume, then the seat's own moves
    const onAutopilot = { ...acting, legal_moves: [{ type: "resume" }, ...acting.legal_moves] };
    assert.equal(heading(onAutopilot, table, acting.seat, name), t("head_autopilot"));
    const waiting = table.views.find((/** @type {any} */ each) => each.seat !== null && !each.to_act.includes(each.seat));
    const waitingOnAutopilot = { ...waiting, legal_moves: [{ type: "resume" }] };
    assert.equal(heading(waitingOnAutopilot, table, waiting.seat, name), heading(waiting, table, waiting.seat, name));
  });

  test(`every problem code has words, an unknown one its title (${lang})`, () => {
    setLanguage(lang);
    for (const code of [...problemCodes.service, ...problemCodes.page]) {
      const text = problemText({ code, title: "The service's title", status: 409 });
      assert.notEqual(text, "The service's title", `${code} has no words`);
      assertSaid(text, lang, code);
    }
    assert.equal(problemText({ code: "something_new", title: "Something new" }), "Something new");
    for (const odd of [undefined, null, "text", 409, new Error(""), { code: 409 }, { code: "conflict", title: null }]) {
      assertSaid(problemText(odd), lang, JSON.stringify(odd));
    }
    const waiting = problemText({ code: "too_many_requests", until: Date.now() + 1000 });
    assertSaid(waiting, lang, "too_many_requests");
    // as the page gets them: api.js's Problem, from a 409 the players saw
    assert.equal(problemText(new Problem(409, { code: "conflict", title: "The game changed" }, 0)), t("problem_conflict"));
    assert.equal(problemText(new Problem(409, { code: "brand_new", title: "Brand new", detail: "more" }, 0)), "Brand new");
  });

  test(`plurals: every plural entry has its forms, every count its form (${lang})`, () => {
    setLanguage(lang);
    const catalogue = LANGUAGES[lang];
    for (const [key, entry] of Object.entries(LANGUAGES.en)) {
      assert.ok(key in catalogue, `${lang} has no ${key}`);
      if (typeof entry === "string") continue;
      const places = Object.fromEntries([...JSON.stringify(entry).matchAll(/\{(\w+)(?::\w+)?\}/g)].map(([, place]) => [place, "Anna"]));
      for (const n of [0, 1, 2, 3, 5, 11, 21, 22, 23]) assertSaid(t(key, { ...places, n }), lang, `${key} ${n}`);
    }
    assert.equal(t("cards_n", { n: 1 }), lang === "en" ? "1 card" : "1 kortti");
    assert.equal(t("cards_n", { n: 2 }), lang === "en" ? "2 cards" : "2 korttia");
  });

  test(`the 8's suit is named with its symbol (${lang})`, () => {
    setLanguage(lang);
    const label = moveLabel({ type: "play", card: "8H", suit: "S" }, () => "Bob");
    assert.ok(label.includes(`♠ ${lang === "en" ? "spades" : "pata"}`), label);
  });
}

test("Go Fish's books read with a space after the name", async () => {
  setLanguage("en");
  const { FishBoard } = await import(`${STATIC}/games/go_fish.js`);
  const view = { type: "go-fish", stock: 0, players: [{ seat: 0, cards: 3, books: [] }, { seat: 1, cards: 2, books: ["6"] }] };
  const board = FishBoard(/** @type {any} */ ({ view, name: (/** @type {number} */ seat) => ["Anna", "Bob"][seat] }));
  const text = textOf(board);
  assert.ok(text.includes("Bob: six"), text);
  const none = { ...view, players: view.players.map((player) => ({ ...player, books: [] })) };
  assert.ok(textOf(FishBoard(/** @type {any} */ ({ view: none, name: () => "Anna" }))).includes(t("no_books")));
});

/** The text of a tree of htm nodes, components left out. */
function textOf(/** @type {any} */ node) {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node !== "object") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  return typeof node.type === "string" ? textOf(node.props.children) : "";
}

test("a missing key comes back as itself, never as a crash", () => {
  assert.equal(t(/** @type {any} */ ("no_such_key")), "no_such_key");
});

/** The rank word of a card's name, as the give sentence names the card. */
function rankWord(/** @type {string} */ card, /** @type {"en" | "fi"} */ lang) {
  return t(`rank_${card.slice(0, -1)}`);
}

// Finnish builds its sentences with the cases they need: a card taken, played or drawn is
// the object ("otti ruutuvitosen", not "otti kortin ruutuvitonen"); a name after
// "pelaajalta" stays as it is, so no name is "Pelaaja"; several winners take a plural verb.
const FI_CARD_OBJECTS = /** @type {const} */ ([
  [{ type: "take", seat: 1, data: { from_seat: 0, card: "5D" } }, "Bob otti ruutuvitosen pelaajalta Ada."],
  [{ type: "play", seat: 1, data: { card: "5D" } }, "Bob pelasi ruutuvitosen."],
  [{ type: "play", seat: 1, data: { card: "8S", suit: "C" } }, "Bob pelasi patakasin; maa on nyt ♣ risti."],
  [{ type: "draw", seat: 1, data: { card: "KH" } }, "Bob nosti herttakuninkaan."],
  [{ type: "pass", seat: 1, data: { to_seat: 0, card: "QS" } }, "Bob antoi patarouvan pelaajalle Ada."],
  [{ type: "give", seat: 1, data: { to_seat: 0, card: "G1-F-01" } }, "Bob antoi Emilyn pelaajalle Ada."],
  [{ type: "discard", seat: 1, data: { card: "blue-2" } }, "Bob poisti sinisen asun osan 2."],
  [{ type: "pick", seat: 1, data: { card: "JK" } }, "Bob otti pinostaan jokerin."],
  [{ type: "take_discard", seat: 1, data: { card: "AC" } }, "Bob otti poistopinosta ristiässän."],
  [{ type: "book", seat: 1, data: { rank: "6" } }, "Bob laski pöytään nelikon: neljä kutosta."],
]);
const ADA_BOB_EVE = (/** @type {number | null | undefined} */ seat) => ["Ada", "Bob", "Eve"][seat ?? 0];

test("Finnish: a card as the object, a name after pelaajalta", () => {
  setLanguage("fi");
  for (const [event, said] of FI_CARD_OBJECTS) assert.equal(sentence(event, ADA_BOB_EVE), said);
  assert.equal(moveLabel({ type: "take", from_seat: 0, position: 2 }, ADA_BOB_EVE), "Ota kortti 3 pelaajalta Ada");
  assert.equal(moveLabel({ type: "play", card: "5D" }, ADA_BOB_EVE), "Pelaa ruutuvitonen"); // an order: nominative
  assert.doesNotMatch(t("default_name"), /^pelaaja/i, "pelaajalta Pelaaja");
  assert.doesNotMatch(JSON.stringify(LANGUAGES.fi), /\bkirj(a|an|aa|at|oja)\b/, "a Go Fish book is a nelikko, as the catalogue says");
  for (const table of tables) {
    for (const seat of table.seats.filter((/** @type {any} */ each) => each.bot)) {
      assert.match(seat.name, /^\p{Lu}\p{Ll}+$/u, `${seat.name}: a computer player's name reads as a name`);
    }
  }
});

test("several winners take a plural verb, the reader is you", () => {
  setLanguage("fi");
  assert.deepEqual(roundVerdict({ winners: [0] }, ADA_BOB_EVE), ["Ada voitti kierroksen."]);
  assert.deepEqual(roundVerdict({ winners: [0, 2] }, ADA_BOB_EVE), ["Ada ja Eve voittivat kierroksen."]);
  assert.deepEqual(roundVerdict({ winners: [0, 2] }, ADA_BOB_EVE, 2), ["Sinä ja Ada voititte kierroksen."]);
  assert.deepEqual(roundVerdict({ loser: 1, odd_card: "QS" }, ADA_BOB_EVE, 1), ["Hävisit kierroksen: käteen jäi patarouva."]);
  assert.equal(aboutSeats("match_won_score", [0, 1], ADA_BOB_EVE, null, { score: 7 }), "Ada ja Bob voittivat ottelun pisteillä 7.");
  assert.equal(aboutSeats("match_won_rounds", [1], ADA_BOB_EVE, 1, { won: 2, lost: 0 }), "Voitit ottelun (voitetut kierrokset: 2, hävityt: 0).");
  setLanguage("en");
  assert.deepEqual(roundVerdict({ winners: [0] }, ADA_BOB_EVE, 0), ["You won the round."]);
  assert.deepEqual(roundVerdict({ winner: 2 }, ADA_BOB_EVE, 2), ["You found the dream date!"]);
  assert.equal(aboutSeats("match_won_score", [0, 1], ADA_BOB_EVE, 1, { score: 7 }), "You and Ada won the match, with a score of 7.");
});

test("after an eight, the heading names the suit to follow", () => {
  const view = { type: "crazy-eights", status: "playing", top: "8S", suit: "C", to_act: [0], legal_moves: [{ type: "draw" }, { type: "play", card: "3C" }] };
  const game = { max_seats: 2, seats: [] };
  setLanguage("en");
  assert.equal(heading(view, game, 0, ADA_BOB_EVE), "Your turn: play ♣ clubs or an eight (the eight of spades named ♣ clubs)");
  assert.equal(heading(view, game, 1, ADA_BOB_EVE), "Ada plays ♣ clubs or an eight (the eight of spades named ♣ clubs)");
  assert.equal(heading({ ...view, top: "5C" }, game, 0, ADA_BOB_EVE), "Your turn: play a card on the five of clubs (♣ clubs)");
  setLanguage("fi");
  assert.equal(heading(view, game, 0, ADA_BOB_EVE), "Sinun vuorosi: pelaa ♣ risti tai kasi (patakasin jälkeen maa on ♣ risti)");
  assert.equal(heading({ ...view, top: "5C" }, game, 0, ADA_BOB_EVE), "Sinun vuorosi: pelaa kortti ristivitosen päälle (♣ risti)");
});

test("one name for each computer level, in the lobby and at the table", () => {
  for (const lang of LANGS) {
    assert.deepEqual(Object.keys(LANGUAGES[lang]).filter((key) => /level_(basic|random)$/.test(key)), ["level_basic", "level_random"]);
  }
});

test("the reader is you where a move is about her", () => {
  const otto = { type: "take", seat: 1, data: { from_seat: 0, card: "5D" } };
  setLanguage("en");
  assert.equal(sentence(otto, ADA_BOB_EVE, 0), "Bob took the five of diamonds from you.");
  assert.equal(sentence({ type: "offer", seat: 1, data: { from_seat: 0, positions: 1 } }, ADA_BOB_EVE, 0), "Bob is to take your last card.");
  assert.equal(sentence({ type: "offer", seat: 1, data: { from_seat: 2, positions: 3 } }, ADA_BOB_EVE, 0), "Bob is to pick one of Eve's 3 cards.");
  setLanguage("fi");
  assert.equal(sentence(otto, ADA_BOB_EVE, 0), "Bob otti ruutuvitosen sinulta.");
  assert.equal(sentence(otto, ADA_BOB_EVE, 2), "Bob otti ruutuvitosen pelaajalta Ada.");
  assert.equal(sentence({ type: "give", seat: 1, data: { to_seat: 0, cards: ["6H", "6S"] } }, ADA_BOB_EVE, 0),
    "Bob antoi sinulle 2 korttia: herttakutonen ja patakutonen.");
  assert.equal(sentence({ type: "ask", seat: 0, data: { seat: 1, rank: "6" } }, ADA_BOB_EVE, 0), "Pyysit pelaajalta Bob kutosia.");
});
