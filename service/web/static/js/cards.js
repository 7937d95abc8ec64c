// Cards: their names in words (for screen readers, the log and the choices) and their
// pictures, which the service draws at /play/cards/<id>.svg for any front end.

import { html } from "../vendor/htm-3.1.1/standalone.module.js";
import { API } from "./api.js";
import { declined, t } from "./i18n.js";
import { useSettings } from "./settings.js";

// The pictures come from the service, also when this page is served from elsewhere
// (asked when drawn: the names load without a page, as the words test runs them).
const service = () => new URL(API, location.href).origin;

const RANKS = /** @type {const} */ ({
  A: "rank_A", 2: "rank_2", 3: "rank_3", 4: "rank_4", 5: "rank_5", 6: "rank_6", 7: "rank_7",
  8: "rank_8", 9: "rank_9", 10: "rank_10", J: "rank_J", Q: "rank_Q", K: "rank_K",
});
const SUITS = /** @type {const} */ ({ C: "suit_C", D: "suit_D", H: "suit_H", S: "suit_S" });
const SUIT_SYMBOLS = /** @type {const} */ ({ C: "♣", D: "♦", H: "♥", S: "♠" });
const COLOURS = /** @type {const} */ ({
  pink: "colour_pink", green: "colour_green", blue: "colour_blue", orange: "colour_orange",
});

export const rankOf = (/** @type {string} */ card) => card.slice(0, -1);
export const suitOf = (/** @type {string} */ card) => card.slice(-1);

/** @typedef {import("./i18n.js").Forms} Forms */

/** "seven of hearts", "Jacob", "pink outfit, piece 2": the card's name in words. */
export const cardName = (/** @type {string} */ card) => cardForms(card).nom;

/** A card's name in every case its language declines it in (Finnish "ruutuvitonen",
 * "ruutuvitosen"), for a template to take the one it needs. */
export function cardForms(/** @type {string} */ card) {
  if (card === "JK") return declined("joker");
  const family = /^G(\d)-([MF])-(\d+)$/.exec(card);
  if (family) {
    const [, generation, sex, number] = family;
    if (card === "G1-M-01") return declined("person_jacob");
    if (card === "G1-F-01") return declined("person_emily");
    return declined(sex === "M" ? "family_man" : "family_woman", { generation, number: Number(number) });
  }
  const outfit = /^(pink|green|blue|orange)-(\d)$/.exec(card);
  if (outfit) {
    const colour = declined(COLOURS[/** @type {keyof typeof COLOURS} */ (outfit[1])]);
    return declined("outfit_piece", { colour, piece: outfit[2] });
  }
  const rank = RANKS[/** @type {keyof typeof RANKS} */ (rankOf(card))];
  return declined("card_name", { rank: rank ? declined(rank) : rankOf(card), suit: suitName(suitOf(card)) });
}

/** A card as a sentence names it: "the seven of hearts", but "Emily" (a person); in
 * every case, as ``cardForms``. */
export function theCard(/** @type {string} */ card) {
  const person = /^G1-[MF]-01$/.test(card);
  return declined(person ? "card_person" : "card_the", { card: cardForms(card) });
}

/** A rank in every case: Finnish "vitonen", "vitosta" ("neljä vitosta"). */
export function rankForms(/** @type {string} */ rank) {
  const key = RANKS[/** @type {keyof typeof RANKS} */ (rank)];
  return key ? declined(key) : { nom: rank };
}

export function rankName(/** @type {string} */ rank) {
  const key = RANKS[/** @type {keyof typeof RANKS} */ (rank)];
  return key ? t(key) : rank;
}

export function suitName(/** @type {string} */ suit) {
  const key = SUITS[/** @type {keyof typeof SUITS} */ (suit)];
  return key ? t(key) : suit;
}

/** "♠ spades", "♥ hertta": the suit's symbol and its name, as a choice or a suit to follow. */
export function suitLabel(/** @type {string} */ suit) {
  const symbol = SUIT_SYMBOLS[/** @type {keyof typeof SUIT_SYMBOLS} */ (suit)];
  return symbol ? t("suit_label", { symbol, suit: suitName(suit) }) : suitName(suit);
}

/** "sixes" (Finnish "kutosia", as asked for). */
export function ranksName(/** @type {string} */ rank) {
  if (!(rank in RANKS)) return rank;
  return t(/** @type {import("./i18n.js").Key} */ (`ranks_${rank}`));
}

export function colourName(/** @type {string} */ colour) {
  const key = COLOURS[/** @type {keyof typeof COLOURS} */ (colour)];
  return key ? t(key) : colour;
}

// The orders a hand is sorted in: ranks as the API lists them, suits alternating colours.
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_ORDER = ["S", "H", "C", "D"];

/**
 * A hand as the player sorts it: as dealt, by suit (then rank) or by rank (then suit).
 * Cards of no standard suit (the joker, Six Generations, Mystery Date) stay after, in
 * their own order.
 * @param {string[]} hand @param {"dealt" | "suit" | "rank"} sort
 */
export function sortHand(hand, sort) {
  if (sort === "dealt") return hand;
  const keys = (/** @type {string} */ card) => {
    const rank = RANK_ORDER.indexOf(rankOf(card));
    const suit = SUIT_ORDER.indexOf(suitOf(card));
    if (rank < 0 || suit < 0) return [Infinity, Infinity];
    return sort === "suit" ? [suit, rank] : [rank, suit];
  };
  const order = (/** @type {number[]} */ a, /** @type {number[]} */ b) => (a[0] - b[0]) || (a[1] - b[1]) || 0;
  return hand.map((card) => ({ card, key: keys(card) })).sort((a, b) => order(a.key, b.key)).map((each) => each.card);
}

/** Where a card's picture is (the four-colour deck's for a standard card, if chosen). */
export function pictureOf(/** @type {string | null | undefined} */ card, fourColour = false) {
  return `${service()}/play/cards/${fourColour ? "four-colour/" : ""}${card || "back"}.svg`;
}

/**
 * A card's picture; face down without an id. ``small`` for the others' piles and the
 * log. Its name is its alternative text.
 * @param {{card?: string | null, small?: boolean}} props
 */
export function Card({ card, small = false }) {
  const { fourColour } = useSettings();
  const name = card ? cardName(card) : t("face_down");
  const src = pictureOf(card, fourColour);
  return html`<img class=${small ? "card small" : "card"} src=${src} alt=${name} title=${name} />`;
}
