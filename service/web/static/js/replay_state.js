// The table as it was after each event of a finished match's log, every hand face up:
// a finished match's log reveals every card, so each hand follows from its deal and the
// cards that came and went. Each step shares what did not change with the one before,
// so a 10,000-event match costs little more than its log.

/** @typedef {{seq: number, round: number, type: string, seat?: number | null, by?: string | null,
 *   data: Record<string, any>}} LoggedEvent */
/** @typedef {{round: number, hands: string[][], laid: number[], top: string | null,
 *   given: string | null}} Moment */

/** @type {Moment} */
const BEFORE = Object.freeze({ round: 0, hands: [], laid: [], top: null, given: null });

/** The table after each event of ``log``, in order (one moment per event). */
export function moments(/** @type {LoggedEvent[]} */ log) {
  /** @type {Moment[]} */
  const out = [];
  let now = BEFORE;
  for (const event of log) {
    now = after(now, event);
    out.push(now);
  }
  return out;
}

/** The index of each round's deal in ``log``: [round, index] in order. */
export function roundStarts(/** @type {LoggedEvent[]} */ log) {
  return log.flatMap((event, index) => (event.type === "deal" ? [[event.round, index]] : []));
}

/** @param {Moment} now @param {LoggedEvent} event @returns {Moment} */
function after(now, event) {
  const change = CHANGES[event.type];
  if (event.type === "deal") {
    const seats = event.data.counts.length;
    return { round: event.round, hands: Array(seats).fill([]), laid: Array(seats).fill(0), top: null, given: null };
  }
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
  pick: (m, seat, data) => join(m, seat, [data.card]),
  take_discard: (m, seat, data) => join(m, seat, [data.card]),
  pass: (m, seat, data) => leave(m, seat, [data.card]),
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
