// The table as it was after each event of a finished match's log, every hand face up:
// a finished match's log reveals every card, so each hand follows from its deal and the
// cards that came and went. Each step shares what did not change with the one before,
// so a 10,000-event match costs little more than its log. Beside the hands: where each
// Mystery Date piece stands and each Spoons seat's incoming pile.

/** @typedef {{seq: number, round: number, type: string, seat?: number | null, by?: string | null,
 *   data: Record<string, any>}} LoggedEvent */
/** ``positions``: each seat's Mystery Date space, null where the log cannot tell (a
 * seat that never rolls in its round); ``piles``: each seat's incoming Spoons pile, the
 * card a pick takes first.
 * @typedef {{round: number, hands: string[][], laid: number[], top: string | null,
 *   given: string | null, positions: (number | null)[], piles: string[][]}} Moment */

/** @type {Moment} */
const BEFORE = Object.freeze({ round: 0, hands: [], laid: [], top: null, given: null, positions: [], piles: [] });

const SPACES = 32; // Mystery Date's loop: a roll moves a piece on, modulo its length

/** The table after each event of ``log``, in order (one moment per event). */
export function moments(/** @type {LoggedEvent[]} */ log) {
  /** @type {Moment[]} */
  const out = [];
  let now = BEFORE;
  log.forEach((event, index) => {
    now = event.type === "deal" ? dealt(event, starts(log, index)) : after(now, event);
    out.push(now);
  });
  return out;
}

/** The index of each round's deal in ``log``: [round, index] in order. */
export function roundStarts(/** @type {LoggedEvent[]} */ log) {
  return log.flatMap((event, index) => (event.type === "deal" ? [[event.round, index]] : []));
}

/** The table as ``deal`` leaves it, the pieces on ``positions``. @returns {Moment} */
function dealt(/** @type {LoggedEvent} */ deal, /** @type {(number | null)[]} */ positions) {
  const seats = deal.data.counts.length;
  return {
    round: deal.round, hands: Array(seats).fill([]), laid: Array(seats).fill(0), top: null, given: null,
    positions, piles: Array(seats).fill([]),
  };
}

/**
 * Where each seat's piece stands as the round dealt at ``log[deal]`` begins: the log
 * never says, but a roll gives the die and the space reached, so a seat's first roll of
 * the round tells where it stood before (the engine's start spaces are not repeated
 * here). Null for a seat that never rolls before the next deal, and for every seat of a
 * game without rolls.
 * @param {LoggedEvent[]} log @param {number} deal @returns {(number | null)[]}
 */
function starts(log, deal) {
  /** @type {(number | null)[]} */
  const found = Array(log[deal].data.counts.length).fill(null);
  let missing = found.length;
  for (let i = deal + 1; i < log.length && missing && log[i].type !== "deal"; i++) {
    const { type, seat, data } = log[i];
    if (type === "roll" && typeof seat === "number" && found[seat] === null) {
      found[seat] = (((data.position - data.die) % SPACES) + SPACES) % SPACES;
      missing -= 1;
    }
  }
  return found;
}

/** @param {Moment} now @param {LoggedEvent} event @returns {Moment} */
function after(now, event) {
  const change = CHANGES[event.type];
  if (!change) return now;
  const next = { ...now, hands: [...now.hands], laid: [...now.laid] };
  change(next, event.seat ?? 0, event.data);
  return next;
}

/** How each event moves cards; hands are replaced, never changed in place. */
const CHANGES = /** @type {Record<string, (m: Moment, seat: number, data: any) => void>} */ ({
  hand: (m, seat, data) => { m.hands[seat] = data.hand; },
  pairs: (m, seat, data) => {
    leave(m, seat, data.pairs.flat());
    m.laid[seat] += data.pairs.length;
  },
  book: (m, seat, data) => {
    leave(m, seat, data.cards);
    m.laid[seat] += 1;
  },
  discard: (m, seat, data) => {
    leave(m, seat, [data.card]);
    m.top = data.card;
  },
  play: (m, seat, data) => {
    leave(m, seat, [data.card]);
    m.top = data.card;
  },
  starter: (m, _, data) => { m.top = data.card; },
  piles: (m, _, data) => { m.top = data.top; },
  draw: (m, seat, data) => join(m, seat, data.cards ?? [data.card ?? data.shown]),
  // a Spoons pass lands at the back of the left neighbour's pile and a pick takes the
  // oldest card of the picker's own (spoons.py); a Crazy Eights pass moves no card
  pick: (m, seat, data) => {
    join(m, seat, [data.card]);
    m.piles = [...m.piles];
    m.piles[seat] = (m.piles[seat] || []).slice(1);
  },
  take_discard: (m, seat, data) => join(m, seat, [data.card]),
  pass: (m, seat, data) => {
    if (data.to_seat === undefined) return;
    leave(m, seat, [data.card]);
    m.piles = [...m.piles];
    m.piles[data.to_seat] = [...(m.piles[data.to_seat] || []), data.card];
  },
  roll: (m, seat, data) => {
    m.positions = [...m.positions];
    m.positions[seat] = data.position;
  },
  door: (m, seat, data) => { if (data.outcome === "dud") leave(m, seat, data.cards); },
  // Go Fish gives cards to the asker; a Mystery Date swap's given card joins the other
  // hand only after the take, so that it cannot be taken back
  give: (m, seat, data) => {
    if (data.cards) {
      leave(m, seat, data.cards);
      join(m, data.to_seat, data.cards);
    } else {
      leave(m, seat, [data.card]);
      m.given = data.card;
    }
  },
  take: (m, seat, data) => {
    leave(m, data.from_seat, [data.card]);
    join(m, seat, [data.card]);
    if (m.given) join(m, data.from_seat, [m.given]);
    m.given = null;
  },
});

/** ``cards`` leave ``seat``'s hand, each from its first place. */
function leave(/** @type {Moment} */ m, /** @type {number} */ seat, /** @type {string[]} */ cards) {
  const hand = [...(m.hands[seat] || [])];
  for (const card of cards) {
    const at = hand.indexOf(card);
    if (at >= 0) hand.splice(at, 1);
  }
  m.hands[seat] = hand;
}

function join(/** @type {Moment} */ m, /** @type {number} */ seat, /** @type {string[]} */ cards) {
  m.hands[seat] = [...(m.hands[seat] || []), ...cards];
}
