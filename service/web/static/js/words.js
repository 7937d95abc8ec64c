// The log and the moves in words: "Anna took a card from Bot 2", "Play the eight of
// hearts and name spades".

import { cardName, colourName, rankName, suitName } from "./cards.js";
import { t } from "./i18n.js";

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Event"]} GameEvent */
/** @typedef {S["Move"]} Move */
/** @typedef {(seat: number | null | undefined) => string} Namer */
/** @typedef {import("./i18n.js").Key} Key */

const cards = (/** @type {string[] | undefined} */ list) => (list || []).map(cardName).join(", ");

/**
 * One event as a sentence, as the seat reading it may see it.
 * @param {GameEvent} event @param {Namer} name
 */
export function sentence(event, name) {
  const who = name(event.seat);
  const data = /** @type {Record<string, any>} */ (event.data || {});
  const by = event.by && event.by !== "player" ? ` (${t(`by_${event.by}`)})` : "";
  const say = (/** @type {import("./i18n.js").Key} */ key, values = {}) =>
    t(key, { who, ...values }) + by;
  switch (event.type) {
    case "deal":
      return t("ev_deal", { who: name(data.dealer) });
    case "hand":
      return data.hand ? t("ev_hand_own", { cards: cards(data.hand) }) : say("ev_hand", { n: data.cards });
    case "pairs":
      return say("ev_pairs", { cards: (data.pairs || []).map(cards).join("; ") });
    case "offer":
      return say("ev_offer", { from: name(data.from_seat), n: data.positions });
    case "take":
      return data.card
        ? say("ev_take_seen", { from: name(data.from_seat), card: cardName(data.card) })
        : say("ev_take", { from: name(data.from_seat) });
    case "safe":
      return say("ev_safe");
    case "out":
      return say("ev_out");
    case "play":
      return data.suit && data.card?.startsWith("8")
        ? say("ev_play_eight", { card: cardName(data.card), suit: suitName(data.suit) })
        : say("ev_play", { card: cardName(data.card) });
    case "draw":
      return data.card ? say("ev_draw_seen", { card: cardName(data.card) }) : say("ev_draw");
    case "starter":
      return t("ev_starter", { card: cardName(data.card) });
    case "pass":
      return data.card
        ? say("ev_pass_seen", { card: cardName(data.card), to: name(data.to_seat) })
        : say("ev_pass", { to: name(data.to_seat) });
    case "ask":
      return say("ev_ask", { to: name(data.seat), rank: rankName(data.rank) });
    case "go_fish":
      return say("ev_go_fish");
    case "book":
      return say("ev_book", { rank: rankName(data.rank) });
    case "signal":
      return say("ev_signal", { n: data.order });
    case "pick":
      return data.card ? say("ev_pick_seen", { card: cardName(data.card) }) : say("ev_pick");
    case "roll":
      return say("ev_roll", { die: data.die, space: data.space ? t(/** @type {Key} */ (`space_${data.space}`)) : "" });
    case "piles":
      return t("ev_piles", { draw: data.draw_pile, discard: data.discard_pile });
    case "discard":
      return say("ev_discard", { card: cardName(data.card) });
    case "give":
      return data.card
        ? say("ev_give_seen", { card: cardName(data.card), to: name(data.to_seat) })
        : say("ev_give", { to: name(data.to_seat) });
    case "take_discard":
      return say("ev_take_discard", { card: cardName(data.card) });
    case "door":
      return say("ev_door", { colour: colourName(data.colour), outcome: t(/** @type {Key} */ (`outcome_${data.outcome}`)) });
    case "won":
      return say("ev_won", { date: t(/** @type {Key} */ (`outcome_${data.date}`)) });
    case "timeout":
      return t(data.autopilot ? "ev_autopilot" : "ev_timeout", { who });
    case "resume":
      return say("ev_resume");
    case "left":
      return say("ev_left");
    case "round_over":
      return t("ev_round_over");
    case "round_abandoned":
      return t("ev_round_abandoned");
    case "game_over":
      return t("ev_game_over");
    default:
      return `${who} ${event.type}`;
  }
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
        ? t("mv_play_eight", { card: cardName(move.card), suit: suitName(move.suit) })
        : t("mv_play", { card: cardName(move.card) });
    case "pass":
      return move.card ? t("mv_pass_card", { card: cardName(move.card) }) : t("mv_pass");
    case "ask":
      return t("mv_ask", { seat: name(move.seat), rank: rankName(move.rank) });
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
