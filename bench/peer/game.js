// Four-seat Crazy Eights for boardgame.io, the rules of service/engine/crazy_eights.py
// (alone, to 150 points): play a card matching the top by suit or rank, or a wild 8
// naming a suit; draw whenever the stock has a card (the drawer keeps the turn); pass
// only with an empty stock and nothing that fits; a full circle of passes blocks the
// round. Between rounds seat 0 deals, as the bench's players do on the service.
const { INVALID_MOVE } = require('boardgame.io/core');

const SUITS = ['C', 'D', 'H', 'S'];
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const DECK = SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit));
const HAND = 5; // three or four players
const TARGET = 150;
const FACES = { A: 1, J: 10, Q: 10, K: 10, 8: 50 };

const rank = (card) => card.slice(0, -1);
const suit = (card) => card.slice(-1);
const points = (card) => FACES[rank(card)] || Number(rank(card));

function deal(random, players, dealer) {
  const stock = random.Shuffle(DECK);
  const hands = Array.from({ length: players }, () => []);
  for (let i = 0; i < HAND * players; i++) hands[(dealer + 1 + i) % players].push(stock.pop());
  let starter = stock.pop();
  while (rank(starter) === '8') {
    // "buried in the stock at a random position"
    stock.splice(random.Die(stock.length + 1) - 1, 0, starter);
    starter = stock.pop();
  }
  return { hands, stock, discard: [starter], suit: suit(starter), dealer, passes: 0, over: null };
}

function fits(card, G) {
  const top = G.discard[G.discard.length - 1];
  if (rank(card) === '8' || suit(card) === G.suit) return true;
  return rank(top) !== '8' && rank(card) === rank(top);
}

// Every move the seat may make, as the service's legal_moves lists them: an 8 once
// for each suit it may name.
function legalMoves(G, seat) {
  const plays = G.hands[seat]
    .filter((card) => fits(card, G))
    .flatMap((card) =>
      rank(card) === '8'
        ? SUITS.map((named) => ({ move: 'play', args: [card, named] }))
        : [{ move: 'play', args: [card] }],
    );
  if (G.stock.length) return [...plays, { move: 'draw', args: [] }];
  return plays.length ? plays : [{ move: 'pass', args: [] }];
}

function roundOver(G, blocked) {
  const left = G.hands.map((hand) => hand.reduce((sum, card) => sum + points(card), 0));
  const low = Math.min(...left);
  // blocked: the lowest hands win the difference to each other hand
  const winners = blocked
    ? left.flatMap((value, seat) => (value === low ? [seat] : []))
    : [G.hands.findIndex((hand) => !hand.length)];
  const base = blocked ? low : 0;
  const losers = left.filter((value, seat) => !winners.includes(seat));
  const won = losers.reduce((sum, value) => sum + value - base, 0);
  G.over = { winners, blocked, hands: G.hands.map((hand) => [...hand]) };
  for (const seat of winners) G.scores[seat] += won;
}

const seatOf = (playerID) => Number(playerID);

function play({ G, events, playerID }, card, named) {
  const hand = G.hands[seatOf(playerID)];
  if (!hand.includes(card) || !fits(card, G) || (rank(card) === '8') !== SUITS.includes(named)) {
    return INVALID_MOVE;
  }
  hand.splice(hand.indexOf(card), 1);
  G.discard.push(card);
  G.suit = named || suit(card);
  G.passes = 0;
  if (!hand.length) roundOver(G, false);
  else events.endTurn();
}

function draw({ G, playerID }) {
  if (!G.stock.length) return INVALID_MOVE;
  G.hands[seatOf(playerID)].push(G.stock.pop());
  G.passes = 0;
}

function pass({ G, ctx, events, playerID }) {
  if (G.stock.length || G.hands[seatOf(playerID)].some((card) => fits(card, G))) {
    return INVALID_MOVE;
  }
  G.passes += 1;
  if (G.passes >= ctx.numPlayers) roundOver(G, true);
  else events.endTurn();
}

function dealNext({ G, ctx, events, random }) {
  const next = deal(random, ctx.numPlayers, (G.dealer + 1) % ctx.numPlayers);
  Object.assign(G, next);
  events.endPhase();
}

// What a seat sees: its own hand, the others' sizes, the stock's size, and its moves.
function playerView({ G, ctx, playerID }) {
  const seat = playerID == null ? null : seatOf(playerID);
  const playing = ctx.phase === 'play' && ctx.currentPlayer === playerID;
  let legal = [];
  if (playing) legal = legalMoves(G, seat);
  else if (ctx.phase === 'score' && seat === 0) legal = [{ move: 'dealNext', args: [] }];
  return {
    hand: seat === null ? null : G.hands[seat],
    cards: G.hands.map((hand) => hand.length),
    stock: G.stock.length,
    discard: G.discard,
    suit: G.suit,
    dealer: G.dealer,
    passes: G.passes,
    scores: G.scores,
    over: G.over,
    legal,
  };
}

const CrazyEights = {
  name: 'crazy-eights',
  minPlayers: 4,
  maxPlayers: 4,
  setup: ({ ctx, random }) => ({
    ...deal(random, ctx.numPlayers, 0),
    scores: Array(ctx.numPlayers).fill(0),
  }),
  playerView,
  phases: {
    play: {
      start: true,
      moves: { play, draw, pass },
      turn: {
        order: {
          first: ({ G, ctx }) => (G.dealer + 1) % ctx.numPlayers,
          next: ({ ctx }) => (ctx.playOrderPos + 1) % ctx.numPlayers,
        },
      },
      endIf: ({ G }) => G.over !== null,
      next: 'score',
    },
    score: {
      moves: { dealNext },
      turn: { order: { first: () => 0, next: () => 0 } },
      next: 'play',
    },
  },
  endIf: ({ G }) => (Math.max(...G.scores) >= TARGET ? { scores: G.scores } : undefined),
};

module.exports = { CrazyEights, legalMoves };
