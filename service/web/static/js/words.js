// The table in words: the log ("Anna took a card from Bob"), the moves ("Play the eight
// of hearts and name ♠ spades"), the heading that says whose action it is, and every
// refusal. Each sentence is a template of i18n/<language>.js; nothing here needs a DOM.

import { cardName, colourName, rankForms, rankOf, ranksName, suitLabel, suitOf, theCard } from "./cards.js";
import { currentLanguage, declined, hasKey, t } from "./i18n.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Event"]} GameEvent */
/** @typedef {GameEvent["type"]} EventType */
/** @typedef {S["Move"]} Move */
/** @typedef {S["View"]} View */
/** @typedef {S["Game"]} Game */
/** @typedef {(seat: number | null | undefined) => string} Namer */
/** A seat as the object of a sentence, in its cases: "you" for the reader ("took a card
 * from you", Finnish "otti kortin sinulta"), else its name ("pelaajalta Ada").
 * @typedef {(seat: number | null | undefined) => import("./i18n.js").Forms} Objects */
/** @typedef {import("./i18n.js").Key} Key */
/** @typedef {Record<string, import("./i18n.js").Value>} Values */
/** A template and what fills it. @typedef {[Key, Values?]} Said */

/** "A, B and C" ("A, B ja C"); ``or``: "A or B". */
function listOf(/** @type {string[]} */ items, or = false) {
  const type = or ? "disjunction" : "conjunction";
  return new Intl.ListFormat(currentLanguage(), { type }).format(items);
}

const cards = (/** @type {string[] | undefined} */ list) => listOf((list || []).map((card) => theCard(card).nom));
const named = (/** @type {string} */ key) => (hasKey(key) ? t(/** @type {Key} */ (key)) : key);

/**
 * What each event kind says, from its data as the reader may see it: a template and its
 * values. Typed by the spec's event types, so a new kind fails `tsc` until it has words.
 * ``name`` names a seat as the subject, ``seat`` as an object (see `Objects`).
 * @type {{[K in EventType]: (data: Extract<GameEvent, {type: K}>["data"], name: Namer, own: boolean, seat: Objects) => Said}}
 */
export const SENTENCES = {
  joined: (data) =>
    data.bot ? ["ev_joined_bot", { name: data.name, level: named(`level_${data.bot}`) }] : ["ev_joined", { name: data.name }],
  vacated: (data) => ["ev_vacated", { name: data.name }],
  deal: (data, name) => ["ev_deal", { who: name(data.dealer) }],
  hand: (data, _, own) =>
    data.hand ? [own ? "ev_hand_own" : "ev_hand_seen", { cards: cards(data.hand) }] : ["ev_hand", { n: data.cards }],
  // pairs apart by semicolons: each pair is itself "A and B"
  pairs: (data) => ["ev_pairs", { n: data.pairs.length, cards: data.pairs.map(cards).join("; ") }],
  offer: (data, _, __, seat) => ["ev_offer", { from: seat(data.from_seat), n: data.positions }],
  take: (data, _, __, seat) =>
    data.card ? ["ev_take_seen", { from: seat(data.from_seat), card: theCard(data.card) }] : ["ev_take", { from: seat(data.from_seat) }],
  safe: () => ["ev_safe"],
  out: () => ["ev_out"],
  play: (data) =>
    data.card.startsWith("8")
      ? ["ev_play_eight", { card: theCard(data.card), suit: suitLabel(data.suit) }]
      : ["ev_play", { card: theCard(data.card) }],
  draw: drawn,
  starter: (data) => ["ev_starter", { card: theCard(data.card) }],
  pass: (data, _, __, seat) => {
    if (data.to_seat === undefined) return ["ev_pass_turn"]; // Crazy Eights: the turn
    const to = seat(data.to_seat);
    return data.card ? ["ev_pass_seen", { to, card: theCard(data.card) }] : ["ev_pass", { to }];
  },
  ask: (data, _, __, seat) => ["ev_ask", { to: seat(data.seat), ranks: ranksName(data.rank) }],
  give: (data, _, __, seat) => {
    const to = seat(data.to_seat);
    if (data.cards) return ["ev_give_cards", { to, n: data.cards.length, cards: cards(data.cards) }]; // Go Fish: public
    return data.card ? ["ev_give_seen", { to, card: theCard(data.card) }] : ["ev_give", { to }];
  },
  // the seat is the one asked, who says it; the asker (to_seat) is the one who draws
  go_fish: (data, name) => ["ev_go_fish", { to: name(data.to_seat) }],
  book: (data) => ["ev_book", { ranks: ranksName(data.rank), rank: rankForms(data.rank) }],
  signal: (data) => ["ev_signal", { n: data.order }],
  pick: (data) => (data.card ? ["ev_pick_seen", { card: theCard(data.card) }] : ["ev_pick"]),
  roll: (data) => ["ev_roll", { die: data.die, space: named(`space_${data.space}`) }],
  piles: (data) => {
    const counts = { draw: t("cards_n", { n: data.draw_pile }), discard: t("cards_n", { n: data.discard_pile }) };
    return data.top ? ["ev_piles_top", { ...counts, card: theCard(data.top) }] : ["ev_piles", counts];
  },
  discard: (data) => ["ev_discard", { card: theCard(data.card) }],
  take_discard: (data) => ["ev_take_discard", { card: theCard(data.card) }],
  door: (data) => ["ev_door", { colour: colourName(data.colour), outcome: named(`outcome_${data.outcome}`) }],
  nothing: () => ["ev_nothing"],
  won: (data) => ["ev_won", { date: named(`outcome_${data.date}`) }],
  timeout: (data) => [data.autopilot ? "ev_autopilot" : "ev_timeout"],
  resume: () => ["ev_resume"],
  left: (data) => ["ev_left", { level: named(`level_${data.bot}`) }],
  round_over: roundOver,
  round_abandoned: () => ["ev_round_abandoned"],
  reserved: (data) => ["ev_reserved", { name: data.name }],
  rematch: () => ["ev_rematch"],
  reaction: (data) => ["ev_reaction", { reaction: named(`reaction_${data.reaction}`) }],
  game_over: (data) => [data.reason === "host_ended" ? "ev_game_over_ended" : data.reason === "target_reached" ? "ev_game_over_target" : "ev_game_over"],
};

/** A draw: Go Fish's and Crazy Eights' one card (seen by the drawer, or shown to all
 * when it is the rank asked for), Mystery Date's ``count`` cards. */
function drawn(/** @type {S["DrawData"]} */ data) {
  if (data.shown) return /** @type {Said} */ (["ev_draw_shown", { card: theCard(data.shown) }]);
  if (data.card) return /** @type {Said} */ (["ev_draw_seen", { card: theCard(data.card) }]);
  if (data.count === undefined) return /** @type {Said} */ (["ev_draw"]);
  if (data.count === 0) return /** @type {Said} */ (["ev_draw_none"]);
  if (data.cards) return /** @type {Said} */ (["ev_draw_n_seen", { n: data.count, cards: cards(data.cards) }]);
  return /** @type {Said} */ (["ev_draw_n", { n: data.count }]);
}

/** How a round ended, from what each game's round_over carries. */
function roundOver(/** @type {S["RoundOverData"]} */ data, /** @type {Namer} */ name) {
  if (data.odd_card) return /** @type {Said} */ (["ev_round_over_odd", { loser: name(data.loser), card: theCard(data.odd_card) }]);
  if (data.loser !== undefined) return /** @type {Said} */ (["ev_round_over_loser", { loser: name(data.loser) }]);
  if (data.winners?.length) {
    const winners = { n: data.winners.length, winners: listOf(data.winners.map(name)) };
    return /** @type {Said} */ ([data.blocked ? "ev_round_over_blocked" : "ev_round_over_won", winners]);
  }
  return /** @type {Said} */ (["ev_round_over"]);
}

/**
 * Seats said to the reader: ``key`` with ``{seats}`` ("Bob and Eve won", the verb by
 * their count), or ``<key>_you`` with ``{others}`` when the reader is one of them ("You
 * won", "You and Bob won").
 * @param {Key} key @param {number[]} seats @param {Namer} name @param {number | null} [own]
 * @param {Values} [values]
 */
export function aboutSeats(key, seats, name, own = null, values = {}) {
  const others = seats.filter((seat) => seat !== own);
  const counted = { ...values, n: seats.length };
  if (others.length === seats.length) return t(key, { ...counted, seats: listOf(seats.map(name)) });
  return t(/** @type {Key} */ (`${key}_you`), { ...counted, others: listOf(others.map(name)) });
}

/**
 * The end of a round in sentences, from the data of what ended it (its `round_over`, or
 * Mystery Date's `won`): who won or lost, and why; "you" for the reader's own seat.
 * @param {Record<string, any>} outcome @param {Namer} name @param {number | null} [own]
 */
export function roundVerdict(outcome, name, own = null) {
  const { loser, odd_card: oddCard, winners, winner, blocked, signals } = outcome;
  const lines = [];
  const about = (/** @type {Key} */ key, /** @type {number[]} */ seats, /** @type {Values} */ values = {}) =>
    lines.push(aboutSeats(key, seats, name, own, values));
  if (blocked) lines.push(t("blocked"));
  if (winner !== undefined) about("date_winner", [winner]);
  if (winners?.length) about("round_won_by", winners);
  if (loser !== undefined && oddCard) about("round_lost_with", [loser], { card: theCard(oddCard) });
  else if (loser !== undefined && signals) about("spoons_loser", [loser]);
  else if (loser !== undefined) about("round_lost_by", [loser]);
  return lines;
}

/**
 * One event as a sentence, as the seat reading it may see it (``mySeat``: "You were
 * dealt" for the reader's own hand, "You took" for the reader's own move). Never throws: an event this page has no words for
 * is said by its type.
 * @param {GameEvent} event @param {Namer} name @param {number | null} [mySeat]
 */
export function sentence(event, name, mySeat = null) {
  const data = /** @type {Record<string, any>} */ (event.data || {});
  // the event's own data, as the type says: one signature for the lookup
  const say = /** @type {(data: any, name: Namer, own: boolean, seat: Objects) => Said} */ (SENTENCES[event.type]);
  if (!say) return `${name(event.seat)}: ${event.type}`;
  const own = mySeat !== null && mySeat !== undefined && event.seat === mySeat;
  /** @type {Objects} */
  const seat = (which) =>
    mySeat !== null && which === mySeat ? declined("seat_you") : declined("seat_named", { name: name(which) });
  const [key, values = {}] = say(data, name, own, seat);
  // the reader's own move in the second person ("You took", "Otit"), where it has words
  const yours = own && hasKey(`${key}_you`) ? /** @type {Key} */ (`${key}_you`) : key;
  const text = t(yours, { who: name(event.seat), ...values });
  // who made the move after the sentence, where it says more than the seat does: a
  // computer player's seat says it is one, a person's move by the autopilot or the clock not
  return event.by && event.by !== "player" && event.by !== "bot" ? `${text} (${named(`by_${event.by}`)})` : text;
}

/**
 * A line of the log: the event's own number (``seq``, as the service counts them, not
 * renumbered) and its sentence.
 * @param {GameEvent} event @param {Namer} name @param {number | null} [mySeat]
 * @returns {{seq: number, text: string}}
 */
export function logLine(event, name, mySeat = null) {
  return { seq: event.seq, text: sentence(event, name, mySeat) };
}

/**
 * A move as the words of its button.
 * @param {Move} move @param {Namer} name
 */
export function moveLabel(move, name) {
  switch (move.type) {
    case "take":
      return t("mv_take", { position: move.position + 1, from: name(move.from_seat) });
    case "play":
      return move.suit
        ? t("mv_play_eight", { card: cardName(move.card), suit: suitLabel(move.suit) })
        : t("mv_play", { card: cardName(move.card) });
    case "pass":
      return move.card ? t("mv_pass_card", { card: cardName(move.card) }) : t("mv_pass");
    case "ask":
      return t("mv_ask", { seat: name(move.seat), ranks: ranksName(move.rank) });
    case "discard":
      return t("mv_discard", { card: cardName(move.card) });
    case "give":
      return t("mv_give", { card: cardName(move.card), seat: name(move.seat) });
    case "show":
      return t("mv_show", { colour: colourName(move.colour) });
    case "draw":
    case "pick":
    case "signal":
    case "roll":
    case "take_discard":
    case "resume":
      return t(`mv_${move.type}`);
    default:
      return unknownMove(move);
  }
}

/** A move kind this page does not know: the spec grew, and tsc says so here. */
function unknownMove(/** @type {never} */ move) {
  return JSON.stringify(move);
}

/** The hand card a move is about, if any (an ask is about the rank of its cards). */
export function cardOfMove(/** @type {Move} */ move) {
  return "card" in move && move.card ? move.card : null;
}

/**
 * The heading: whose action it is and what. An order ("Your turn: roll the die") only
 * to ``mySeat`` when it may act; anyone else reads who acts ("Bob rolls the die",
 * "Anna takes a card from you").
 * @param {View} view @param {Game} game @param {number | null | undefined} mySeat
 * @param {Namer} name
 */
export function heading(view, game, mySeat, name) {
  if (view.status === "waiting") {
    const free = game.max_seats - game.seats.length;
    return free > 0 ? t("head_waiting", { n: free }) : t("head_waiting_full");
  }
  if (view.type === "mystery-date" && view.winner !== null && view.winner !== undefined) {
    return view.winner === mySeat ? t("head_won_you") : t("head_won", { who: name(view.winner) });
  }
  if (view.status === "round_over") return t("head_round_over");
  if (view.status === "finished") return t("head_finished");
  const me = mySeat ?? null;
  const mine = me !== null && view.to_act.includes(me);
  // a seat on autopilot may always resume (render.py's legal_moves); its turn is played for it
  const types = view.legal_moves.map((move) => move.type);
  if (mine && types.includes("resume")) return t("head_autopilot");
  const moves = mine ? types : [];
  const acting = view.to_act.filter((seat) => seat !== me);
  if (!mine && !acting.length && view.type !== "spoons") return t("head_round_over");
  const turn = { mine, me, moves, who: name(mine ? me : acting[0]), name };
  return GAME_HEADINGS[view.type]?.(/** @type {any} */ (view), turn) ?? fallbackHeading(turn, acting);
}

/** @typedef {{mine: boolean, me: number | null, moves: string[], who: string, name: Namer}} Turn */

/** A game this page has no heading for: whose turn it is. */
function fallbackHeading(/** @type {Turn} */ turn, /** @type {number[]} */ acting) {
  return turn.mine ? t("head_mine") : t("head_other", { who: listOf(acting.map(turn.name)) });
}

/** Old Maid, Family Night and Blind Date: one seat takes a face-down card from another. */
function passingHeading(/** @type {S["OldMaidView"] | S["BlindDateView"]} */ view, /** @type {Turn} */ turn) {
  const from = view.offer?.from_seat;
  if (turn.mine) return t("head_take_mine", { from: turn.name(from) });
  if (from === turn.me) return t("head_take_from_you", { who: turn.who });
  return t("head_take", { who: turn.who, from: turn.name(from) });
}

/** Crazy Eights: the card to play on, and after an eight the suit it named, which is
 * what must be followed ("play ♣ clubs or an eight (the eight of spades named ♣ clubs)"). */
function eightsHeading(/** @type {S["CrazyEightsView"]} */ view, /** @type {Turn} */ turn) {
  const top = view.top ?? "";
  const suit = view.suit ?? suitOf(top);
  const pile = { card: top ? theCard(top) : "", suit: suitLabel(suit) };
  const named = rankOf(top) === "8" && suit !== suitOf(top);
  if (!turn.mine) return t(named ? "head_play_eight" : "head_play", { who: turn.who, ...pile });
  if (turn.moves.includes("play")) return t(named ? "head_play_mine_eight" : "head_play_mine", pile);
  return turn.moves.includes("draw") ? t("head_draw_mine") : t("head_pass_mine");
}

const fishHeading = (/** @type {S["GoFishView"]} */ _, /** @type {Turn} */ turn) =>
  turn.mine ? t("head_ask_mine") : t("head_ask", { who: turn.who });

/** Spoons, Pig and Tongue: everyone at once, so the heading is about the reader. */
function spoonsHeading(/** @type {S["SpoonsView"]} */ view, /** @type {Turn} */ turn) {
  const first = (view.signals ?? [])[0];
  if (turn.moves.includes("signal")) {
    return first === undefined ? t("head_signal_four_mine") : t("head_signal_mine", { who: turn.name(first) });
  }
  if (first !== undefined) return t("head_spoons_signalled", { who: turn.name(first) });
  if (turn.moves.includes("pick")) return t("head_pick_mine");
  if (turn.moves.includes("pass")) return t("head_pass_card_mine", { to: turn.name(leftOf(view, turn.me)) });
  return t("head_spoons");
}

/** The next seat still in play to the left, who gets the cards one passes. */
function leftOf(/** @type {S["SpoonsView"]} */ view, /** @type {number | null} */ seat) {
  const players = view.players ?? [];
  for (let step = 1; seat !== null && step < players.length; step++) {
    const next = players[(seat + step) % players.length];
    if (!next.out) return next.seat;
  }
  return null;
}

/** Mystery Date: the turn's phase says what its seat is choosing. */
function dateHeading(/** @type {S["MysteryDateView"]} */ view, /** @type {Turn} */ turn) {
  const { mine, who, name, me } = turn;
  const others = view.swap_with ?? [];
  switch (view.phase) {
    case "give": {
      if (mine) return t("head_give_mine", { to: listOf(others.map(name), true) });
      if (others.length > 1) return t("head_give_any", { who });
      return others[0] === me ? t("head_give_you", { who }) : t("head_give", { who, to: name(others[0]) });
    }
    case "take": {
      const from = others[0];
      if (mine) return t("head_take_mine", { from: name(from) });
      return from === me ? t("head_take_from_you", { who }) : t("head_take", { who, from: name(from) });
    }
    case "roll":
    case "discard":
    case "pile":
    case "outfit":
      return mine ? t(`head_${view.phase}_mine`) : t(`head_${view.phase}`, { who });
    default:
      return mine ? t("head_mine") : t("head_other", { who });
  }
}

/** @type {Record<View["type"], (view: any, turn: Turn) => string>} */
const GAME_HEADINGS = {
  "old-maid": passingHeading,
  "blind-date": passingHeading,
  "crazy-eights": eightsHeading,
  "go-fish": fishHeading,
  spoons: spoonsHeading,
  "mystery-date": dateHeading,
};

/**
 * A refusal in words: the problem's ``code`` in the page's language; a code this page
 * has no words for is said by the problem's own ``title``. Takes a problem document or
 * api.js's `Problem` (or anything thrown) and never throws.
 * @param {unknown} problem
 */
export function problemText(problem) {
  try {
    const { code, title, message, until, retryAfter } = /** @type {Record<string, any>} */ (problem ?? {});
    if (code === "too_many_requests") {
      const seconds = typeof until === "number" ? (until - Date.now()) / 1000 : Number(retryAfter) || 1;
      return t("problem_too_many_requests", { n: Math.max(1, Math.ceil(seconds)) });
    }
    if (typeof code === "string" && hasKey(`problem_${code}`)) return t(/** @type {Key} */ (`problem_${code}`));
    const said = [title, message].find((text) => typeof text === "string" && text);
    return said ?? t("problem_unknown");
  } catch {
    return t("problem_unknown");
  }
}
