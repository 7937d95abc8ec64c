// The last move shown where it happened: a card flying from one seat to another or to
// the pile, a laid pair or book held up on the table before it goes, the question and
// its answer in speech bubbles by the seats, the die rolled; and, while another seat
// chooses which of your cards to take, those cards lifting one after another.
//
// Nothing waits for an animation: `animate` only queues the events; the next frame
// shows the burst's last move and what it caused (three animations at most) and
// forgets them. Every event's sentence stays in the log,
// and the last move's is said in a polite live region. With `prefers-reduced-motion:
// reduce` nothing moves: the seat or pile a move reached is outlined for a moment.
// Motion never hides words: a burst that ends the round (whose panel and verdict come
// next) moves nothing and stops what still moves; a bubble goes below its seat where
// above it would cover the turn's heading.
// Seats are found by `data-seat`, cards by `data-card`, piles by `data-pile` (else the
// middle of the table).

import { pictureOf } from "./cards.js";
import { t } from "./i18n.js";
import { SPEEDS, settings } from "./settings.js";
import { sentence } from "./words.js";

/** @typedef {import("api-schema").components["schemas"]["Event"]} GameEvent */
/** @typedef {number | "discard" | "stock" | "laid"} Place a seat, or a pile */

const SHOWN = 3; // animations a burst at most: from its last move on, then the moves before
const KEPT = 12; // events kept while no frame comes (a hidden tab): enough to name the last move
const STALE_MS = 1500; // events that waited longer for a frame (a hidden tab) are only said
const STAGGER_MS = 320; // between the animations of one burst, in the events' order
const FLIGHT_MS = 560;
const LAID_MS = 1800;
const BUBBLE_MS = 1500;
const BUBBLE_GAP_PX = 10; // between a bubble and its seat, its tail in it
const HIGHLIGHT_MS = 900;
const LIFT_MS = 520; // one card's lift while a seat hesitates over your cards
const LIFT_EVERY_MS = 320; // the next card's lift begins as the last one settles
const HESITATION_MS = 60_000; // a hesitation ends by itself after this, take or no take
const SAID = 3; // sentences in the live region at most: the last move and what it caused
// The events after which the round's end is shown: nothing flies over its words.
const ENDS = new Set(["round_over", "won", "game_over", "round_abandoned"]);
const TALKS = new Set(["ask", "go_fish", "roll"]); // shown in bubbles

// The die's pips on a 3 x 3 grid, [row, column], for each face.
const PIPS = /** @type {Record<number, [number, number][]>} */ ({
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [1, 3], [3, 1], [3, 3]],
  5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]],
  6: [[1, 1], [2, 1], [3, 1], [1, 3], [2, 3], [3, 3]],
});

/** @type {{event: GameEvent, at: number}[]} */
let waiting = [];
let scheduled = false;
let yourSeat = () => /** @type {number | null} */ (null); // read when used: the view may come later
const reduced = matchMedia("(prefers-reduced-motion: reduce)");

loadStyles();

/**
 * Show a burst of events as they arrive from the stream; returns at once.
 * @param {GameEvent[]} events
 * @param {() => number | null} seat your seat, if you have one, as the page knows it now
 */
export function animate(events, seat) {
  const now = performance.now();
  waiting.push(...events.slice(-KEPT).map((event) => ({ event, at: now })));
  waiting = waiting.slice(-KEPT);
  yourSeat = seat;
  region(); // in the page before its first sentence, so that the sentence is read
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(flush);
  }
}

/** One frame's work: say the last move, animate it and what it caused (or the moves
 * before it), hesitate over an offer. */
function flush() {
  scheduled = false;
  const batch = waiting;
  waiting = [];
  const events = batch.map((item) => item.event);
  const move = lastMove(events);
  say(events.slice(move, move + SAID));
  stopHesitating();
  const now = performance.now();
  const showable = batch.filter((item) => now - item.at < STALE_MS && SHOWS[item.event.type]);
  const after = showable.filter((item) => events.indexOf(item.event) >= move).slice(0, SHOWN);
  const before = showable.filter((item) => events.indexOf(item.event) < move);
  const animated = [...before.slice(before.length - (SHOWN - after.length)), ...after];
  const ends = events.some((event) => ENDS.has(event.type));
  if (ends) stopMoving();
  const pace = SPEEDS[settings().speed]; // 0: the player turned motion off
  const still = reduced.matches || ends || pace === 0;
  // at a round's end a seat's place is outlined, but no bubble is left over its verdict
  const shows = ends ? animated.filter(({ event }) => !TALKS.has(event.type)) : animated;
  shows.forEach(({ event }, index) => SHOWS[event.type]?.(event, index * STAGGER_MS * pace, still));
  const last = events[events.length - 1];
  if (last?.type === "offer" && !still) hesitate(last, Math.min(animated.length * STAGGER_MS, FLIGHT_MS));
}

/** The index of the burst's last move (an event with `by`), else of its last event. */
function lastMove(/** @type {GameEvent[]} */ events) {
  for (let index = events.length - 1; index >= 0; index--) if (events[index].by) return index;
  return events.length - 1;
}

// --- the live region ------------------------------------------------------------------

/** The last move's sentence and those of what it caused, in the live region. */
function say(/** @type {GameEvent[]} */ events) {
  if (events.length) region().textContent = events.map((event) => sentence(event, nameOf)).join(" ");
}

let spoken = /** @type {HTMLElement | null} */ (null);

function region() {
  if (!spoken || !spoken.isConnected) {
    spoken = document.createElement("p");
    spoken.className = "motion-said";
    spoken.dataset.motion = "said";
    spoken.setAttribute("role", "status");
    spoken.setAttribute("aria-live", "polite");
    spoken.setAttribute("aria-atomic", "true");
    document.body.append(spoken);
  }
  return spoken;
}

/** A seat's name as its seat on the page shows it (without "(you)"). */
function nameOf(/** @type {number | null | undefined} */ seat) {
  if (seat === null || seat === undefined) return t("nobody");
  const shown = seatElement(seat)?.querySelector(".name")?.firstChild?.textContent?.trim();
  return shown || t("seat_n", { n: seat + 1 });
}

// --- what each event shows ------------------------------------------------------------

/** @typedef {(event: GameEvent, delay: number, still: boolean) => void} Show */

const data = (/** @type {GameEvent} */ event) => /** @type {Record<string, any>} */ (event.data || {});
const some = (/** @type {unknown[]} */ ...cards) =>
  /** @type {string[]} */ (cards.flat(3).filter((card) => typeof card === "string"));

/** @type {Partial<Record<GameEvent["type"], Show>>} */
const SHOWS = {
  take: (event, delay, still) =>
    flight("take", some(data(event).card), data(event).from_seat, event.seat, delay, still),
  pass: (event, delay, still) => {
    const to = data(event).to_seat; // Crazy Eights' pass goes nowhere
    if (to !== null && to !== undefined) flight("pass", some(data(event).card), event.seat, to, delay, still);
  },
  give: (event, delay, still) =>
    flight("give", some(data(event).cards, data(event).card), event.seat, data(event).to_seat, delay, still),
  play: (event, delay, still) => flight("play", some(data(event).card), event.seat, "discard", delay, still),
  discard: (event, delay, still) =>
    flight("discard", some(data(event).card), event.seat, "discard", delay, still),
  draw: (event, delay, still) =>
    flight("draw", some(data(event).card ?? data(event).shown), "stock", event.seat, delay, still),
  take_discard: (event, delay, still) =>
    flight("take_discard", some(data(event).card), "discard", event.seat, delay, still),
  pairs: (event, delay, still) => laid("pairs", some(data(event).pairs), event.seat, delay, still),
  book: (event, delay, still) => laid("book", some(data(event).cards), event.seat, delay, still),
  ask: (event, delay, still) => {
    const ranks = t(/** @type {import("./i18n.js").Key} */ (`ranks_${data(event).rank}`));
    bubble("ask", event.seat, t("bubble_ask", { ranks }), delay, still);
  },
  go_fish: (event, delay, still) => bubble("go_fish", event.seat, t("bubble_go_fish"), delay, still),
  roll: (event, delay, still) => bubble("roll", event.seat, die(Number(data(event).die)), delay, still),
};

/** Cards (face up where their ids are known, else one face down) from one place to another. */
function flight(
  /** @type {string} */ kind, /** @type {(string | null)[]} */ cards,
  /** @type {Place | null | undefined} */ from, /** @type {Place | null | undefined} */ to,
  /** @type {number} */ delay, /** @type {boolean} */ still,
) {
  const start = place(from);
  const end = place(to);
  if (!shown(start) || !shown(end)) return;
  if (still) return highlight(end, delay);
  const [a, b] = [centre(start), centre(end)];
  const group = mark(document.createElement("div"), "motion-flight", kind, from, to);
  group.append(...(cards.length ? cards : [null]).slice(0, 4).map(picture));
  at(group, a);
  layer().append(group);
  const moved = `translate(calc(-50% + ${b.x - a.x}px), calc(-50% + ${b.y - a.y}px))`;
  const keyframes = [
    { transform: "translate(-50%, -50%) scale(0.85)", opacity: 0 },
    { transform: "translate(-50%, -50%) scale(1)", opacity: 1, offset: 0.12 },
    { transform: `${moved} scale(1)`, opacity: 1, offset: 0.85 },
    { transform: `${moved} scale(0.85)`, opacity: 0 },
  ];
  settle(group, group.animate(keyframes, timing(kind, FLIGHT_MS, delay)));
}

/** A laid pair or book: from the seat to the middle of the table, held there a moment,
 * then on to the laid cards' place (or the pile) as it fades. */
function laid(
  /** @type {string} */ kind, /** @type {(string | null)[]} */ cards, /** @type {number | null} */ seat,
  /** @type {number} */ delay, /** @type {boolean} */ still,
) {
  const start = seatElement(seat);
  const middle = first(".middle", ".board");
  if (!shown(start) || !shown(middle) || !cards.length) return;
  if (still) return highlight(start, delay);
  const end = place("laid") ?? middle;
  const [a, b, c] = [centre(start), centre(middle), centre(end)];
  const group = mark(document.createElement("div"), "motion-flight motion-laid", kind, seat, "laid");
  group.append(...cards.slice(0, 4).map(picture));
  at(group, a);
  layer().append(group);
  const to = (/** @type {{x: number, y: number}} */ p, scale = 1) =>
    `translate(calc(-50% + ${p.x - a.x}px), calc(-50% + ${p.y - a.y}px)) scale(${scale})`;
  const keyframes = [
    { transform: to(a, 0.7), opacity: 0 },
    { transform: to(b, 1.1), opacity: 1, offset: 0.25 },
    { transform: to(b, 1.1), opacity: 1, offset: 0.7 },
    { transform: to(c, 0.5), opacity: 0 },
  ];
  settle(group, group.animate(keyframes, timing(kind, LAID_MS, delay)));
}

/** Whatever still moves, gone at once (its move is in the log and was said). */
function stopMoving() {
  for (const moving of shelf?.querySelectorAll(".motion-flight, .motion-bubble") ?? []) moving.remove();
}

/** The lowest edge of the words above the table (its header, the turn's heading): a
 * bubble above a seat must not reach higher. */
function ceiling() {
  const words = [...document.querySelectorAll(".turn-heading, .table-head")];
  return Math.max(0, ...words.map((element) => element.getBoundingClientRect().bottom));
}

/** A bubble's height, drawn unseen in the layer (and taken out again). */
function measuredHeight(/** @type {HTMLElement} */ note) {
  note.className = "motion-bubble";
  note.style.visibility = "hidden";
  layer().append(note);
  const height = note.offsetHeight;
  note.remove();
  note.style.visibility = "";
  return height;
}

/** Words (or the die) in a bubble by a seat: above it where there is room below the
 * turn's heading, else below it. */
function bubble(
  /** @type {string} */ kind, /** @type {number | null} */ seat, /** @type {string | Node} */ content,
  /** @type {number} */ delay, /** @type {boolean} */ still,
) {
  const anchor = seatElement(seat);
  if (!shown(anchor)) return;
  const box = anchor.getBoundingClientRect();
  const note = document.createElement("div");
  note.append(content);
  const above = box.top - measuredHeight(note) - BUBBLE_GAP_PX >= ceiling();
  mark(note, `motion-bubble ${above ? "above" : "below"}`, kind, seat, seat);
  at(note, { x: box.left + box.width / 2, y: above ? box.top : box.bottom });
  const by = `translate(-50%, ${above ? `calc(-100% - ${BUBBLE_GAP_PX}px)` : `${BUBBLE_GAP_PX}px`})`;
  if (still) {
    note.style.transform = by;
    window.setTimeout(() => layer().append(note), delay);
    window.setTimeout(() => note.remove(), delay + BUBBLE_MS);
    return;
  }
  layer().append(note);
  const turn = kind === "roll" ? " rotate(-300deg)" : "";
  const keyframes = [
    { transform: `${by} scale(0.5)${turn}`, opacity: 0 },
    { transform: `${by} scale(1)`, opacity: 1, offset: 0.2 },
    { transform: `${by} scale(1)`, opacity: 1, offset: 0.85 },
    { transform: `${by} scale(1)`, opacity: 0 },
  ];
  settle(note, note.animate(keyframes, timing(kind, BUBBLE_MS, delay)));
}

/** The die's face, drawn with pips. */
function die(/** @type {number} */ face) {
  const shown = document.createElement("span");
  shown.className = "motion-die";
  for (const [row, column] of PIPS[face] ?? []) {
    const pip = document.createElement("span");
    pip.className = "pip";
    pip.style.gridRow = String(row);
    pip.style.gridColumn = String(column);
    shown.append(pip);
  }
  return shown;
}

/** Reduced motion: the place a move reached, outlined for a moment instead. */
function highlight(/** @type {Element} */ element, /** @type {number} */ delay) {
  window.setTimeout(() => {
    element.setAttribute("data-motion-highlight", "");
    window.setTimeout(() => element.removeAttribute("data-motion-highlight"), HIGHLIGHT_MS);
  }, delay);
}

// --- hesitation -------------------------------------------------------------------------

let hesitation = 0; // the current hesitation's number: a later burst ends it
let lifted = /** @type {Animation | null} */ (null);

/** Another seat is to take a card: the cards it chooses from (yours, or the backs of the
 * seat it takes from) lift one after another until its take comes (the next burst).
 * The cards are looked up at each lift: the page may have drawn them again meanwhile. */
function hesitate(/** @type {GameEvent} */ offer, /** @type {number} */ delay) {
  const from = data(offer).from_seat;
  if (from === null || from === undefined) return;
  const cards = () => (from === yourSeat() ? handCards() : seatCards(from));
  const current = hesitation;
  const ends = performance.now() + delay + HESITATION_MS;
  let step = 0;
  const lift = () => {
    if (current !== hesitation || performance.now() > ends || offer.seat === yourSeat()) return;
    const choices = cards();
    if (!choices.length) {
      window.setTimeout(lift, LIFT_EVERY_MS); // the page is drawing them again
      return;
    }
    const keyframes = [{ transform: "none" }, { transform: "translateY(-0.45rem)" }, { transform: "none" }];
    const card = choices[step++ % choices.length];
    lifted = card.animate(keyframes, { duration: LIFT_MS, easing: "ease-in-out", id: "motion-hesitate" });
    window.setTimeout(lift, LIFT_EVERY_MS); // the next lifts while this one settles
  };
  window.setTimeout(lift, delay);
}

function stopHesitating() {
  hesitation += 1;
  lifted?.cancel();
  lifted = null;
}

const handCards = () => all(".hand [data-card]", ".hand img.card");

const seatCards = (/** @type {number} */ seat) => {
  const found = all(`[data-seat="${seat}"] [data-card]`, `[data-seat="${seat}"] img.card`);
  const element = seatElement(seat);
  return found.length ? found : element ? [element] : [];
};

// --- the page's places ------------------------------------------------------------------

const seatElement = (/** @type {number | null | undefined} */ seat) =>
  seat === null || seat === undefined ? null : document.querySelector(`[data-seat="${seat}"]`);

/** Where each pile is (the boards' `data-pile`); else the middle of the table. */
const PILES = {
  discard: ['[data-pile="discard"]'],
  stock: ['[data-pile="stock"]', '[data-pile="draw"]'],
  laid: ['[data-pile="laid"]', '[data-pile="discard"]'],
};

/** A seat's element, or a pile's. */
function place(/** @type {Place | null | undefined} */ where) {
  if (typeof where === "string") return first(...PILES[where], ".middle", ".board");
  return seatElement(where);
}

/** The first element found by the first selector that finds one. */
function first(/** @type {string[]} */ ...selectors) {
  for (const selector of selectors) {
    const found = document.querySelector(selector);
    if (found) return found;
  }
  return null;
}

/** Every element of the first selector that finds any. */
function all(/** @type {string[]} */ ...selectors) {
  for (const selector of selectors) {
    const found = [...document.querySelectorAll(selector)];
    if (found.length) return found;
  }
  return [];
}

/** @returns {element is Element} the element is drawn (a seat may be hidden on a phone) */
function shown(/** @type {Element | null} */ element) {
  return Boolean(element && element.getClientRects().length);
}

function centre(/** @type {Element} */ element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// --- the layer the moving things live in --------------------------------------------------

let shelf = /** @type {HTMLElement | null} */ (null);

/** Over the page, hidden from screen readers (the live region says it), never in the way. */
function layer() {
  if (!shelf || !shelf.isConnected) {
    shelf = document.createElement("div");
    shelf.className = "motion-layer";
    shelf.setAttribute("aria-hidden", "true");
    document.body.append(shelf);
  }
  return shelf;
}

/**
 * The element's class and what it shows, for tests and styles: `data-motion` (the
 * event's type), `data-from` and `data-to` (a seat, or a pile: "discard", "stock", "laid").
 * @template {HTMLElement} E @param {E} element @param {string} className @param {string} kind
 * @param {Place | null | undefined} from @param {Place | null | undefined} to @returns {E}
 */
function mark(element, className, kind, from, to) {
  element.className = className;
  element.dataset.motion = kind;
  element.dataset.from = String(from);
  element.dataset.to = String(to);
  return element;
}

/** A card's picture (face down without an id), as cards.js draws it. */
function picture(/** @type {string | null} */ card) {
  const image = document.createElement("img");
  image.className = "card";
  image.alt = "";
  image.src = pictureOf(card, settings().fourColour);
  return image;
}

function at(/** @type {HTMLElement} */ element, /** @type {{x: number, y: number}} */ point) {
  element.style.left = `${point.x}px`;
  element.style.top = `${point.y}px`;
}

/** @returns {KeyframeAnimationOptions} */
const timing = (/** @type {string} */ kind, /** @type {number} */ duration, /** @type {number} */ delay) =>
  ({ duration: duration * SPEEDS[settings().speed], delay, easing: "ease-in-out", fill: "backwards", id: `motion-${kind}` });

/** The element goes when its animation ends, or is cancelled. */
function settle(/** @type {HTMLElement} */ element, /** @type {Animation} */ animation) {
  animation.finished.then(() => element.remove(), () => element.remove());
}

/** motion.css, beside play.css, added by this module so that play.css stays as it is. */
function loadStyles() {
  const href = new URL("../motion.css", import.meta.url).href;
  if ([...document.querySelectorAll("link")].some((link) => link.href === href)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}
