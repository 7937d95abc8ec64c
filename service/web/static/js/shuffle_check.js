// The shuffle, checked in this browser: a finished match's log reveals the seed and the
// nonce; the page hashes them as the commitment the table showed before the first deal,
// and re-derives from the seed every deal, offer, die, door and draw the log records,
// with WebCrypto, exactly as docs/random.md defines the stream (service/verify.py makes
// the same check in Python, with the engine). One module, no page in it: `checkShuffle`
// answers the disagreements, none when the cards were dealt as promised.

/** @typedef {import("api-schema").components["schemas"]} S */
/** @typedef {S["Game"]} Game */
/** @typedef {{seq: number, type: string, seat?: number | null, by?: string | null,
 *   data: Record<string, any>}} LoggedEvent */

const SPACE = 2n ** 64n;
const CHUNK = 64; // blocks made at once, signed side by side
const AUTOMATIC = new Set(["bot", "autopilot", "clock"]);
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["C", "D", "H", "S"];
const OLD_MAID_REMOVED = /** @type {Record<string, string[]>} */ ({
  "queen,1": ["QC"], "queen,3": ["QC", "QD", "QH"], "jack,null": ["JC"], "joker,null": [],
});
const BLIND_DATE_COPIES = [1, 1, 2, 4, 8, 20]; // per sex, generations 1 to 6
const DATE_COLOURS = ["pink", "green", "blue", "orange"];
const DATE_OUTCOMES = ["formal_dance", "bowling", "skiing", "beach", "dud"];

/** The generator of docs/random.md: block i is HMAC-SHA256(seed in decimal, i). */
export class Stream {
  /** @param {CryptoKey} key */
  constructor(key) {
    this.key = key;
    this.counter = 0;
    /** @type {bigint[]} */
    this.words = [];
  }

  static async of(/** @type {string} */ seed) {
    const raw = new TextEncoder().encode(seed);
    const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Stream(key);
  }

  /** The next block's first 8 bytes, as a big-endian unsigned integer. */
  async word() {
    if (!this.words.length) await this.refill();
    return /** @type {bigint} */ (this.words.shift());
  }

  async refill() {
    const first = this.counter;
    this.counter += CHUNK;
    const blocks = await Promise.all(Array.from({ length: CHUNK }, (_, i) => {
      const message = new DataView(new ArrayBuffer(8));
      message.setBigUint64(0, BigInt(first + i));
      return crypto.subtle.sign("HMAC", this.key, message);
    }));
    this.words.push(...blocks.map((block) => new DataView(block).getBigUint64(0)));
  }

  /** A uniform integer below n: a block in the incomplete last bucket is drawn again. */
  async below(/** @type {number} */ n) {
    const size = BigInt(n);
    const limit = SPACE - (SPACE % size);
    for (;;) {
      const word = await this.word();
      if (word < limit) return Number(word % size);
    }
  }

  /** Fisher-Yates from the end, in place. */
  async shuffle(/** @type {unknown[]} */ items) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = await this.below(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }
}

/** SHA-256 of the nonce (16 bytes, big-endian; none for tables made before nonces)
 * followed by the seed in decimal, in hex. */
export async function commitment(/** @type {string} */ seed, /** @type {string | null} */ nonce) {
  const seedBytes = new TextEncoder().encode(seed);
  const prefix = nonce === null ? new Uint8Array(0) : bigEndian(BigInt(nonce), 16);
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array([...prefix, ...seedBytes]));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function bigEndian(/** @type {bigint} */ value, /** @type {number} */ size) {
  const bytes = new Uint8Array(size);
  for (let i = size - 1; i >= 0; i--, value >>= 8n) bytes[i] = Number(value & 0xffn);
  return bytes;
}

/**
 * The disagreements between a finished match's record and the stream of its revealed
 * seed: none when every deal and draw is the seed's.
 * @param {Game} game @param {LoggedEvent[]} log
 * @returns {Promise<string[]>}
 */
export async function checkShuffle(game, log) {
  const over = [...log].reverse().find((event) => event.type === "game_over");
  if (game.status !== "finished" || !over) return ["the match is not finished: its seed is not revealed yet"];
  const { seed, nonce } = over.data;
  const problems = [];
  if (await commitment(String(seed), nonce ?? null) !== game.seed_commitment) {
    problems.push("the seed and nonce do not match the commitment");
  }
  const Walker = WALKERS[game.type];
  if (!Walker) throw new Unchecked(game.type);
  const levels = game.seats.map((seat) => seat.bot ?? null);
  const walker = new Walker(await Stream.of(String(seed)), game.options, levels);
  for (const event of log) {
    if (problems.length) break;
    await walker.step(event, (/** @type {string} */ what) => problems.push(`event ${event.seq}: ${what}`));
  }
  return problems;
}

/** A match of a game this page has no check for (service/verify.py checks any). */
export class Unchecked extends Error {}

/** @typedef {(what: string) => void} Complain */

/** What every game's walk shares: the first dealer drawn, hands compared with the deal. */
class Walk {
  /** @param {Stream} rng @param {Record<string, any>} options @param {(string | null)[]} levels */
  constructor(rng, options, levels) {
    this.rng = rng;
    this.options = options;
    this.levels = levels;
    this.players = levels.length;
    this.dealt = 0; // rounds dealt so far
    /** @type {string[][]} */
    this.hands = [];
  }

  /** The level of the computer player that chose ``event``'s move, else null (a person). */
  chooser(/** @type {LoggedEvent} */ event) {
    if (!event.by || !AUTOMATIC.has(event.by)) return null;
    return event.by === "bot" ? this.levels[event.seat ?? 0] ?? "basic" : "basic";
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async step(event, complain) {
    if (event.type === "deal") {
      if (this.dealt++ === 0 && await this.rng.below(this.players) !== this.firstDealer(event)) {
        complain("the first dealer is not the seed's");
      }
      await this.deal(event, complain);
    } else if (event.type === "hand") {
      if (!sameCards(this.hands[event.seat ?? 0] || [], event.data.hand)) complain("a hand is not the one the seed deals");
    } else {
      await this.move(event, complain);
    }
  }

  firstDealer(/** @type {LoggedEvent} */ event) {
    return event.data.dealer;
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async deal(event, complain) {}

  /** @param {LoggedEvent} event @param {Complain} complain */
  async move(event, complain) {}

  /** The card that leaves ``seat``'s hand from its first place. */
  remove(/** @type {number} */ seat, /** @type {string} */ card, /** @type {Complain} */ complain) {
    const at = this.hands[seat].indexOf(card);
    if (at < 0) complain(`${card} is not in the hand it leaves`);
    else this.hands[seat].splice(at, 1);
  }
}

/** Old Maid and Blind Date: the deck dealt round from its front, each offer shuffled. */
class PassingWalk extends Walk {
  /** @param {LoggedEvent} event */
  async deal(event) {
    const deck = this.deck(event.data.counts.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0));
    await this.rng.shuffle(deck);
    this.hands = Array.from({ length: this.players }, () => []);
    deck.forEach((card, i) => this.hands[(event.data.dealer + 1 + i) % this.players].push(card));
  }

  deck(/** @type {number} */ size) {
    const removed = OLD_MAID_REMOVED[`${this.options.odd_card},${this.options.remove_queens ?? null}`] || [];
    const deck = standardDeck().filter((card) => !removed.includes(card));
    return this.options.odd_card === "joker" ? [...deck, "JK"] : deck;
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async move(event, complain) {
    const seat = event.seat ?? 0;
    const { data } = event;
    if (event.type === "discard") this.remove(seat, data.card, complain);
    else if (event.type === "pairs") data.pairs.flat().forEach((/** @type {string} */ card) => this.remove(seat, card, complain));
    else if (event.type === "offer") {
      if (this.hands[data.from_seat].length !== data.positions) complain("the offer is not the hand's size");
      await this.rng.shuffle(this.hands[data.from_seat]);
    } else if (event.type === "take") {
      // a computer player of either level draws the position it takes
      if (this.chooser(event) && await this.rng.below(this.hands[data.from_seat].length) !== data.position) {
        complain("the computer's take is not the seed's");
      }
      const [card] = this.hands[data.from_seat].splice(data.position, 1);
      if (card !== data.card) complain(`the card taken is ${data.card}, the seed's shuffle offered ${card}`);
      this.hands[seat].push(card);
    }
  }
}

class BlindDateWalk extends PassingWalk {
  /** By generation, men before women, then number: 72 cards, or 32 without generation 6. */
  deck(/** @type {number} */ size) {
    const generations = size === 72 ? 6 : 5;
    const deck = [];
    for (let generation = 1; generation <= generations; generation++) {
      for (const sex of ["M", "F"]) {
        for (let n = 1; n <= BLIND_DATE_COPIES[generation - 1]; n++) {
          deck.push(`G${generation}-${sex}-${String(n).padStart(2, "0")}`);
        }
      }
    }
    return deck;
  }
}

/** Crazy Eights and Go Fish: a 52-card deck dealt from its top, the rest the stock. */
class StockWalk extends Walk {
  /** @param {LoggedEvent} event @param {Complain} complain */
  async deal(event, complain) {
    const deck = standardDeck();
    await this.rng.shuffle(deck);
    this.hands = dealFromTop(deck, this.players, event.data.dealer, this.players === 2 ? 7 : 5);
    this.stock = deck;
    await this.afterDeal(event, complain);
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async afterDeal(event, complain) {}

  /** @param {LoggedEvent} event @param {Complain} complain */
  async move(event, complain) {
    const seat = event.seat ?? 0;
    if (this.chooser(event) === "random") {
      const moves = this.legalMoves(seat);
      if (moves[await this.rng.below(moves.length)] !== this.moveOf(event)) complain("the computer's move is not the seed's");
    }
    if (event.type === "draw") {
      const card = this.stock?.pop();
      if (card !== (event.data.card ?? event.data.shown)) complain(`the card drawn is not the stock's top, ${card}`);
      this.hands[seat].push(/** @type {string} */ (card));
    } else {
      await this.other(event, complain);
    }
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async other(event, complain) {}

  /** The seat's legal moves in the rules' order (docs/random.md), each as `moveOf` says
   * it: a random player draws over them. @returns {string[]} */
  legalMoves(/** @type {number} */ seat) {
    return [];
  }

  /** The move whose own event ``event`` is, as `legalMoves` says it. */
  moveOf(/** @type {LoggedEvent} */ event) {
    return event.type;
  }
}

class CrazyEightsWalk extends StockWalk {
  /** The starter: the next card, an 8 buried in the stock at a drawn place. */
  async afterDeal() {
    const stock = /** @type {string[]} */ (this.stock);
    let starter = /** @type {string} */ (stock.pop());
    while (starter.startsWith("8")) {
      stock.splice(await this.rng.below(stock.length + 1), 0, starter);
      starter = /** @type {string} */ (stock.pop());
    }
    this.starter = starter;
    this.top = starter;
    this.suit = starter.slice(-1);
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async other(event, complain) {
    if (event.type === "starter" && event.data.card !== this.starter) complain("the starter is not the seed's");
    if (event.type !== "play") return;
    this.remove(event.seat ?? 0, event.data.card, complain);
    this.top = event.data.card;
    this.suit = event.data.suit;
  }

  /** The plays of each card that fits, in showing order (an 8 names each suit); then
   * the draw while the stock lasts, else a pass when nothing fits. */
  legalMoves(/** @type {number} */ seat) {
    const topRank = rankOf(/** @type {string} */ (this.top));
    const fits = (/** @type {string} */ card) =>
      rankOf(card) === "8" || card.slice(-1) === this.suit || (topRank !== "8" && rankOf(card) === topRank);
    const plays = showingOrder(this.hands[seat].filter(fits)).flatMap((card) =>
      (rankOf(card) === "8" ? SUITS.map((suit) => `play ${card} ${suit}`) : [`play ${card} ${card.slice(-1)}`]));
    if (this.stock?.length) return [...plays, "draw"];
    return plays.length ? plays : ["pass"];
  }

  moveOf(/** @type {LoggedEvent} */ event) {
    return event.type === "play" ? `play ${event.data.card} ${event.data.suit}` : event.type;
  }
}

class GoFishWalk extends StockWalk {
  /** "Randomly choose a player to go first": the next draw. */
  async afterDeal() {
    this.first = await this.rng.below(this.players);
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async other(event, complain) {
    const seat = event.seat ?? 0;
    if (event.type === "give") {
      event.data.cards.forEach((/** @type {string} */ card) => this.remove(seat, card, complain));
      this.hands[event.data.to_seat].push(...event.data.cards);
    } else if (event.type === "book") {
      event.data.cards.forEach((/** @type {string} */ card) => this.remove(seat, card, complain));
    } else if (event.type === "ask" && this.first !== undefined) {
      if (seat !== this.first) complain("the first to ask is not the seed's");
      this.first = undefined;
    }
  }

  /** An ask of each other seat, in seat order, for each rank she holds, A to K. */
  legalMoves(/** @type {number} */ seat) {
    const held = RANKS.filter((rank) => this.hands[seat].some((card) => rankOf(card) === rank));
    return this.hands.flatMap((_, other) => (other === seat ? [] : held.map((rank) => `ask ${other} ${rank}`)));
  }

  moveOf(/** @type {LoggedEvent} */ event) {
    return event.type === "ask" ? `ask ${event.data.seat} ${event.data.rank}` : event.type;
  }
}

/** Spoons: four cards of a rank for each player still in, dealt from the deck's end. */
class SpoonsWalk extends Walk {
  /** @type {string[][]} */
  piles = [];
  /** @type {number[]} */
  signals = [];
  /** @type {number | null} who signalled first, holding four of a kind */
  holder = null;
  /** @type {number | null} the holder, whose pick is logged before her pass */
  picked = null;
  /** @type {string[] | null} her legal moves before that pick */
  before = null;

  /** @param {LoggedEvent} event */
  async deal(event) {
    const counts = /** @type {number[]} */ (event.data.counts);
    const inPlay = counts.filter((count) => count > 0).length;
    const deck = RANKS.slice(0, inPlay).flatMap((rank) => SUITS.map((suit) => rank + suit));
    await this.rng.shuffle(deck);
    this.hands = counts.map(() => []);
    this.piles = counts.map(() => []);
    [this.signals, this.holder, this.picked, this.before] = [[], null, null, null];
    for (let seat = event.data.dealer; deck.length;) {
      do seat = (seat + 1) % counts.length; while (!counts[seat]);
      this.hands[seat].push(/** @type {string} */ (deck.pop()));
    }
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async move(event, complain) {
    const seat = event.seat ?? 0;
    const level = this.chooser(event);
    // the holder's pass (with pass_after_signal) logs the pick that brings its card first
    if (event.type === "pick" && !event.by) [this.picked, this.before] = [seat, this.legalMoves(seat)];
    if (level === "random") await this.randomMove(seat, event, complain);
    if (event.type === "signal") {
      if (!this.signals.length && fourOfAKind(this.hands[seat])) this.holder = seat;
      this.signals.push(seat);
    } else if (event.type === "pick") {
      if (this.piles[seat].shift() !== event.data.card) complain("the card picked up is not the front of the pile");
      this.hands[seat].push(event.data.card);
    } else if (event.type === "pass") {
      if (level === "basic") await this.botPass(seat, event, complain);
      [this.picked, this.before] = [null, null];
      this.remove(seat, event.data.card, complain);
      this.piles[event.data.to_seat].push(event.data.card);
    }
  }

  /** A random player's move: drawn over its legal moves, as they were before it. */
  async randomMove(/** @type {number} */ seat, /** @type {LoggedEvent} */ event, /** @type {Complain} */ complain) {
    const moves = this.before ?? this.legalMoves(seat);
    const move = event.type === "pass" ? `pass ${event.data.card}` : event.type;
    if (moves[await this.rng.below(moves.length)] !== move) complain("the computer's move is not the seed's");
  }

  /** Signal when she may; the holder's pass of her pile's front card; else a pass of
   * each different card of four in showing order, or a pick from her pile. */
  legalMoves(/** @type {number} */ seat) {
    const hand = this.hands[seat];
    const signalled = this.signals.includes(seat);
    const moves = !signalled && (this.signals.length || fourOfAKind(hand)) ? ["signal"] : [];
    const front = this.piles[seat][0];
    const keepPassing = this.options.pass_after_signal;
    if (seat === this.holder && keepPassing) return front ? [...moves, `pass ${front}`] : moves;
    if (signalled && !keepPassing) return moves;
    if (hand.length === 4) return [...moves, ...showingOrder([...new Set(hand)]).map((card) => `pass ${card}`)];
    return front ? [...moves, "pick"] : moves;
  }

  /** The basic player's pass: a draw below 8, and on a 0 the card passed, drawn too. */
  async botPass(/** @type {number} */ seat, /** @type {LoggedEvent} */ event, /** @type {Complain} */ complain) {
    if (await this.rng.below(8) !== 0) return;
    const choices = this.picked === seat ? [event.data.card] : showingOrder([...new Set(this.hands[seat])]);
    if (choices[await this.rng.below(choices.length)] !== event.data.card) complain("the computer's pass is not the seed's");
  }
}

/** Mystery Date: the outfit deck, the die, the doors, the swaps and the reshuffles. */
class MysteryDateWalk extends Walk {
  /** @type {string | null} the space of the last roll */
  space = null;
  /** @type {number | null} the player given a card, whose hand is offered */
  offeredBy = null;

  /** @param {LoggedEvent} event */
  async deal(event) {
    const deck = DATE_COLOURS.flatMap((colour) => [1, 2, 3].flatMap((n) => Array(4).fill(`${colour}-${n}`)));
    await this.rng.shuffle(deck);
    this.hands = dealFromTop(deck, this.players, event.data.dealer, 2);
    this.discard = [/** @type {string} */ (deck.pop())];
    this.draw = deck;
    this.given = null;
  }

  /** @param {LoggedEvent} event @param {Complain} complain */
  async move(event, complain) {
    const seat = event.seat ?? 0;
    const { data } = event;
    const level = this.chooser(event);
    if (level === "random") {
      const moves = this.legalMoves(seat, event.type);
      if (moves[await this.rng.below(moves.length)] !== dateMove(event)) complain("the computer's move is not the seed's");
    }
    const step = this.steps[event.type];
    if (step) await step.call(this, seat, data, complain, level);
  }

  /** The seat's legal moves, in the rules' order, in the phase the move's own event
   * shows: a roll alone; a discard of each different card, in text order; a give for
   * each seat she may swap with, each card; a take of each position; draw, then take
   * the discard; show each complete outfit, pink, green, blue, orange. */
  legalMoves(/** @type {number} */ seat, /** @type {string} */ type) {
    const hand = [...new Set(this.hands[seat])].sort();
    if (type === "discard") return hand.map((card) => `discard ${card}`);
    if (type === "give") return this.swapWith(seat).flatMap((other) => hand.map((card) => `give ${other} ${card}`));
    if (type === "take") return Object.keys(this.hands[this.offeredBy ?? 0]).map((p) => `take ${p}`);
    if (type === "draw" || type === "take_discard") return this.discard?.length ? ["draw", "take_discard"] : ["draw"];
    if (type === "door") return DATE_COLOURS.filter((c) => [1, 2, 3].every((n) => hand.includes(`${c}-${n}`))).map((c) => `show ${c}`);
    return [type];
  }

  /** Who the swap space she stopped on lets her swap with: the players holding cards. */
  swapWith(/** @type {number} */ seat) {
    const sides = /** @type {Record<string, number[]>} */ ({
      swap_right: [(seat - 1 + this.players) % this.players],
      swap_left: [(seat + 1) % this.players],
      swap_any: [...this.hands.keys()].filter((other) => other !== seat),
    })[this.space ?? ""] ?? [];
    return sides.filter((other) => this.hands[other].length);
  }

  get steps() {
    return /** @type {Record<string, (seat: number, data: any, complain: Complain, level: string | null) => Promise<void>>} */ ({
      roll: async (_, data, complain) => {
        if (await this.rng.below(6) + 1 !== data.die) complain("the die is not the seed's");
        this.space = data.space;
      },
      door: async (seat, data, complain) => {
        if (DATE_OUTCOMES[await this.rng.below(DATE_OUTCOMES.length)] !== data.outcome) complain("the door is not the seed's");
        if (data.outcome !== "dud") return;
        for (const card of data.cards) {
          this.remove(seat, card, complain);
          this.discard?.push(card);
        }
      },
      discard: async (seat, data, complain) => {
        this.remove(seat, data.card, complain);
        this.discard?.push(data.card);
      },
      give: async (seat, data, complain) => {
        this.remove(seat, data.card, complain);
        this.given = data.card;
        this.offeredBy = data.to_seat;
        await this.rng.shuffle(this.hands[data.to_seat]);
      },
      take: async (seat, data, complain, level) => {
        const offered = this.hands[data.from_seat];
        // the basic player draws the position it takes (a random one drew its move above)
        if (level === "basic" && await this.rng.below(offered.length) !== data.position) complain("the computer's take is not the seed's");
        const [card] = offered.splice(data.position, 1);
        if (card !== data.card) complain(`the card taken is ${data.card}, the seed's shuffle offered ${card}`);
        this.hands[seat].push(card);
        if (this.given) offered.push(this.given);
        this.given = null;
      },
      take_discard: async (seat, data, complain) => {
        const card = this.discard?.pop();
        if (card !== data.card) complain("the card taken is not the discard pile's top");
        this.hands[seat].push(data.card);
        this.refillDiscard();
      },
      draw: async (seat, data, complain) => {
        const drawn = [];
        while (drawn.length < data.cards.length) {
          if (!this.draw?.length) await this.reshuffle();
          if (!this.draw?.length) break;
          drawn.push(/** @type {string} */ (this.draw.pop()));
        }
        if (drawn.join() !== data.cards.join()) complain(`the cards drawn are not the draw pile's, ${drawn.join(" ")}`);
        this.hands[seat].push(...drawn);
        this.refillDiscard();
      },
    });
  }

  /** An empty draw pile: the discards less the top one, shuffled. */
  async reshuffle() {
    const discard = /** @type {string[]} */ (this.discard);
    if (discard.length < 2) return;
    this.draw = discard.slice(0, -1);
    this.discard = discard.slice(-1);
    await this.rng.shuffle(this.draw);
  }

  refillDiscard() {
    if (!this.discard?.length && this.draw?.length) this.discard = [/** @type {string} */ (this.draw.pop())];
  }
}

const WALKERS = /** @type {Record<string, typeof Walk>} */ ({
  "old-maid": PassingWalk,
  "blind-date": BlindDateWalk,
  "crazy-eights": CrazyEightsWalk,
  "go-fish": GoFishWalk,
  spoons: SpoonsWalk,
  "mystery-date": MysteryDateWalk,
});

/** A Mystery Date move as `legalMoves` lists it, from its own event. */
function dateMove(/** @type {LoggedEvent} */ event) {
  const { data } = event;
  if (event.type === "discard") return `discard ${data.card}`;
  if (event.type === "give") return `give ${data.to_seat} ${data.card}`;
  if (event.type === "take") return `take ${data.position}`;
  if (event.type === "door") return `show ${data.colour}`;
  return event.type;
}

const standardDeck = () => SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit));

/** One card at a time from the deck's end (its top), from the dealer's left. */
function dealFromTop(/** @type {string[]} */ deck, /** @type {number} */ players, /** @type {number} */ dealer,
  /** @type {number} */ each) {
  /** @type {string[][]} */
  const hands = Array.from({ length: players }, () => []);
  for (let i = 0; i < each * players; i++) hands[(dealer + 1 + i) % players].push(/** @type {string} */ (deck.pop()));
  return hands;
}

const rankOf = (/** @type {string} */ card) => card.slice(0, -1);
const showingPlace = (/** @type {string} */ card) => RANKS.indexOf(rankOf(card)) * 4 + SUITS.indexOf(card.slice(-1));
const showingOrder = (/** @type {string[]} */ cards) => [...cards].sort((a, b) => showingPlace(a) - showingPlace(b));
const fourOfAKind = (/** @type {string[]} */ hand) => hand.length === 4 && new Set(hand.map(rankOf)).size === 1;
const sameCards = (/** @type {string[]} */ a, /** @type {string[]} */ b) => [...a].sort().join() === [...b].sort().join();
