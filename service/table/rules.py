"""The table's own rules, around the engine's: who acts when (the clock, bots and
autopilot, scheduled), the moves of every seat, rounds dealt and counted, seats taken
and left, and the match's end. Pure: each input (``move``, ``apply_due``, ``deal``,
``join``, ``leave``, ``end``) takes a table record and returns a ``Progress``, the new
record and its events, which the store saves (lichess's ``Progress``).

Scheduled actions: a seat to act has a due time in the clock record when something will
act for it, a bot's move (``think_seconds`` after its turn came to it) or a human's
clock running out, and ``next_action_at`` is the earliest of them. Whichever comes
first, a request touching the game or the worker, applies everything due, in due order
(``apply_due``).
"""

import copy
import dataclasses
import hashlib
import math
import time
import uuid
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from .. import bots, engine
from ..errors import (
    Forbidden,
    StaleVersion,
    TableFull,
    TooManyRequests,
    Unauthorized,
    WrongPhase,
)
from . import access, clock
from .records import Clock, Hold, MadeBy, Seat, SeatClock, Status, Table
from .render import standings

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# How long a rematch holds a seat for each person of the finished match: their pages
# sit down by themselves within a second; this is for who had stepped away.
HOLD = timedelta(minutes=2)
REACTIONS_PER_WINDOW = 3
REACTION_WINDOW = timedelta(seconds=10)
AUTOMATIC_MOVES = 25  # per request or per game of a worker's sweep
AUTOMATIC_SECONDS = 0.25


@dataclass(frozen=True)
class Action:
    """A scheduled action applied: who made it, where (``request`` or ``worker``), when
    it was due and when it was applied (for the metrics)."""

    by: MadeBy
    applied_in: str
    due: datetime | None
    at: datetime


@dataclass(frozen=True)
class Progress:
    """A change of a table: the record read (``origin``), the new one, the events it
    logged, and what the metrics count once it is saved: the moves applied (game type
    and who made each) and the scheduled actions."""

    origin: Table
    table: Table
    events: tuple[dict[str, Any], ...] = ()
    moves: tuple[MadeBy, ...] = ()
    actions: tuple[Action, ...] = ()
    # seats whose time to act began in this change, with the moment it was counted from,
    # until ``settle`` counts it from the commit instead
    timed_from: tuple[tuple[int, datetime], ...] = ()

    @property
    def changed(self) -> bool:
        """A new version, or events logged without one (a reaction's)."""
        return self.table.version != self.origin.version or bool(self.events)


class _Change:
    """A table being changed: a copy of the record read, changed in place as the rules
    go, and what the change made so far. Never seen outside this module."""

    def __init__(self, table: Table) -> None:
        self.origin = table
        self.table = copy.copy(table)
        self.events: list[dict[str, Any]] = []
        self.moves: list[MadeBy] = []
        self.actions: list[Action] = []
        self.timed_from: dict[int, datetime] = {}

    def progress(self) -> Progress:
        return Progress(
            self.origin,
            self.table,
            tuple(self.events),
            tuple(self.moves),
            tuple(self.actions),
            tuple(self.timed_from.items()),
        )


# -- the inputs ------------------------------------------------------------------------


def move(
    table: Table,
    seat: int,
    chosen: engine.Move,
    now: datetime,
    expected_version: int | None = None,
) -> Progress:
    """A seat's own move: what was due comes first, then ``If-Match`` is checked
    (``expected_version``), then the move; bots without thinking time answer at once.
    A player's own move resets her clock's count and ends autopilot; ``resume`` does
    only that."""
    change = _Change(table)
    _catch_up(change, now, "request")
    game = change.table
    if expected_version is not None and expected_version != game.version:
        raise StaleVersion(f"If-Match {expected_version}, but the game is at {game.version}")
    if game.status != Status.PLAYING:
        raise WrongPhase(f"the game is {game.status}; no moves now")
    resume = isinstance(chosen, engine.Resume)
    if resume and not game.on_autopilot(seat):
        raise engine.IllegalMove("resume is a move for a seat on autopilot")
    game.clock = game.clock.with_seat(seat, clock.after_own_move(game.clock.seats[seat]))
    if resume:
        _record(change, [engine.Event("resume", seat)], now, restart={seat})
    else:
        _apply_move(change, seat, chosen, now, by=MadeBy.PLAYER)
    _catch_up(change, now, "request")
    return change.progress()


def apply_due(table: Table, now: datetime, applied_in: str = "request") -> Progress:
    """The scheduled actions due by ``now``, applied at ``now``: whoever acts next has
    her full time from then on, however late the action was applied. At most
    ``AUTOMATIC_MOVES`` of them and for about ``AUTOMATIC_SECONDS``, so no request and no
    sweep of the worker is held by a table of bots: the rest stays due, for the worker.
    ``applied_in`` (``request`` or ``worker``) labels them in the metrics."""
    change = _Change(table)
    _catch_up(change, now, applied_in)
    return change.progress()


def is_due(table: Table, now: datetime) -> bool:
    due = clock.aware(table.next_action_at)
    return due is not None and due <= now and table.status == Status.PLAYING


def join(
    table: Table, name: str | None, bot: str | None, token_hash: str, now: datetime
) -> Progress:
    """A player (or the host's bot) takes the next seat of a waiting table."""
    if table.status != Status.WAITING:
        raise WrongPhase("the game has started; seats are taken")
    change = _Change(table)
    if len(table.seats) >= table.max_seats:
        _release_holds(change, now, lambda held: held.until <= now)
    if len(change.table.seats) >= table.max_seats:
        raise TableFull(f"all {table.max_seats} seats are taken")
    taken = _add_seat(change, name, bot, token_hash, now)
    _record(change, [_joined(taken)], now)
    return change.progress()


def deal(
    table: Table,
    token: str | None,
    now: datetime,
    fill_with_bots: str | None = None,
    new_token_hash: Callable[[], str] = lambda: access.new_token()[1],
) -> Progress:
    """Deal the first round (the host, who may fill the empty seats with bots, each
    with a token hash from ``new_token_hash``) or the next one (the host or any
    player)."""
    if token is None:
        raise Unauthorized("dealing needs a token as 'Authorization: Bearer <token>'")
    identity = access.identify(table, token)
    change = _Change(table)
    game = change.table
    rules = game.rules
    rng = engine.Rng(int(game.seed), game.rng_counter)
    if game.status == Status.WAITING:
        if not identity.host:
            raise Forbidden("only the host deals the first round")
        _release_holds(change, now, lambda held: True)  # who is not here does not play
        bots_added = []
        while fill_with_bots and len(game.seats) < game.max_seats:
            bots_added.append(_add_seat(change, None, fill_with_bots, new_token_hash(), now))
        players = len(game.seats)
        fewest = rules.player_range(game.options)[0]
        if players < fewest:
            raise WrongPhase(f"{rules.title} with these options needs {fewest} players to deal")
        if bots_added:  # in the log before the deal, in the round they joined (0)
            _record(change, [_joined(taken) for taken in bots_added], now)
        dealer = rules.first_dealer(players, rng)
        game.clock = Clock(tuple(clock.fresh(game.turn_seconds) for _ in game.seats))
    elif game.status == Status.ROUND_OVER:
        players = len(game.seats)
        game.clock = Clock(
            tuple(clock.at_new_deal(entry, game.turn_seconds) for entry in game.clock.seats)
        )
        dealer = _next_dealer(game, players)
    else:
        raise WrongPhase(f"the game is {game.status}; there is no round to deal")
    state, events = rules.deal(game.options, players, dealer, rng, game.finished_rounds())
    game.round += 1
    game.status = Status.PLAYING
    game.match = replace(game.match, dealer=dealer, round_moves=0)
    _save_round(change, state, rng, events)
    _schedule(change, state, now)
    _catch_up(change, now, "request")
    return change.progress()


def _next_dealer(game: Table, players: int) -> int:
    last = game.finished_rounds()[-1]
    dealer = game.match.dealer
    assert dealer is not None, "a round was dealt"
    if last.winners or last.losers:
        return game.rules.next_dealer(game.options, dealer, last, players)
    return (dealer + 1) % players  # an abandoned round decided nothing: the deal moves left


def leave(table: Table, seat: int, now: datetime, bot_token_hash: str) -> Progress:
    """Leave a waiting table (later seats move up one), or hand a running game's seat to
    a bot (with a token hash nobody knows), which plays it from then on."""
    if table.status == Status.FINISHED:
        raise WrongPhase("the match is over")
    change = _Change(table)
    game = change.table
    if game.status == Status.WAITING:
        _vacate(change, seat, now)
        return change.progress()
    game.seats = tuple(
        replace(held, bot="basic", token_hash=bot_token_hash) if held.seat == seat else held
        for held in game.seats
    )
    _record(change, [engine.Event("left", seat, {"bot": "basic"})], now, restart={seat})
    _catch_up(change, now, "request")
    return change.progress()


def sit_again(
    table: Table,
    before: tuple[Seat, ...],
    seat_before: int,
    token_hash: str,
    now: datetime,
    new_token_hash: Callable[[], str],
) -> Progress:
    """A seat of a finished match sits down at its rematch (``table``): at the first
    call, the table is set as the match sat (``before``): its bots at their seats, and
    each person's seat held for them for ``HOLD``, so that nobody else takes it; then the
    caller (who had ``seat_before``) takes hers, with ``token_hash``. Again: nothing
    changes. Her seat given up (the first round dealt without her): ``WrongPhase``."""
    change = _Change(table)
    game = change.table
    if not game.seats and game.status == Status.WAITING:
        _hold_seats(change, before, now, new_token_hash)
    for place in game.seats:
        if place.token_hash == token_hash:
            return change.progress()  # sat down already
        if place.held is not None and place.held.seat_before == seat_before:
            taken = replace(place, token_hash=token_hash, joined_at=now, held=None)
            game.seats = tuple(taken if s.seat == place.seat else s for s in game.seats)
            _record(change, [_joined(taken)], now)
            return change.progress()
    raise WrongPhase("your seat at the rematch was given up: the table went on without you")


def _hold_seats(
    change: _Change, before: tuple[Seat, ...], now: datetime, new_token_hash: Callable[[], str]
) -> None:
    game = change.table
    game.seats = tuple(
        Seat(
            s.seat,
            s.name,
            s.bot,
            new_token_hash(),
            now,
            None if s.bot else Hold(s.seat, now + HOLD),
        )
        for s in before
    )
    events = [_joined(s) if s.held is None else _reserved(s) for s in game.seats]
    _record(change, events, now)


def _release_holds(change: _Change, now: datetime, release: Callable[[Hold], bool]) -> None:
    """Give up the seats held for people who did not come (``release``): later seats
    move up, as when a player leaves a waiting table."""
    for place in reversed(change.table.seats):
        if place.held is not None and release(place.held):
            _vacate(change, place.seat, now)


def rematch_made(table: Table, game_id: uuid.UUID, seat: int, now: datetime) -> Progress:
    """The finished match names the table it is played again at (once), with an event,
    so that its seats' pages learn it from the log."""
    change = _Change(table)
    if table.next_game_id is None:
        change.table.next_game_id = game_id
        _log(change, [engine.Event("rematch", seat, {"game_id": str(game_id)})])
    return change.progress()


def react(table: Table, seat: int, reaction: str, now: datetime) -> Progress:
    """A seat's reaction, for everyone at the table: at most ``REACTIONS_PER_WINDOW`` a
    seat in ``REACTION_WINDOW``, whatever the game's phase."""
    recent = [at for at in table.match.reacted.get(str(seat), ()) if at > now - REACTION_WINDOW]
    if len(recent) >= REACTIONS_PER_WINDOW:
        wait = (min(recent) + REACTION_WINDOW - now).total_seconds()
        raise TooManyRequests(
            f"at most {REACTIONS_PER_WINDOW} reactions in {REACTION_WINDOW.seconds} s",
            max(1, math.ceil(wait)),
        )
    change = _Change(table)
    game = change.table
    game.match = replace(game.match, reacted={**game.match.reacted, str(seat): (*recent, now)})
    _log(change, [engine.Event("reaction", seat, {"reaction": reaction})], new_version=False)
    return change.progress()


def end(table: Table, token: str | None, now: datetime) -> Progress:
    """The host ends the match: the game is finished and the log reveals everything."""
    if token is None:
        raise Unauthorized("ending the match needs the host token")
    if not access.identify(table, token).host:
        raise Forbidden("only the host ends the match")
    if table.status == Status.FINISHED:
        raise WrongPhase("the match is already finished")
    change = _Change(table)
    change.table.status = Status.FINISHED
    _record(change, [_game_over(change.table, "host_ended")], now)
    return change.progress()


def settle(progress: Progress, moment: datetime) -> Progress:
    """Date what the change did at ``moment``, when it is saved: its events, and every
    turn it began, whose time runs from that moment (RULES.md), not from when the
    request began, however long it waited for the CPU or the row lock."""
    events = tuple(row if row["at"] else {**row, "at": moment} for row in progress.events)
    table = progress.table
    if progress.changed:
        table = replace(table, updated_at=moment)
    if progress.timed_from:
        seats = list(table.clock.seats)
        for seat, began in progress.timed_from:
            due = seats[seat].due
            if due is not None:
                seats[seat] = replace(seats[seat], due=due + (moment - began))
        next_action = min(filter(None, (entry.due for entry in seats)), default=None)
        table = replace(table, clock=Clock(tuple(seats)), next_action_at=next_action)
    return replace(progress, table=table, events=events, timed_from=())


# -- moves and what is due -------------------------------------------------------------


def _apply_move(
    change: _Change,
    seat: int,
    chosen: engine.Move,
    at: datetime,
    before: list[engine.Event] | None = None,
    by: MadeBy = MadeBy.PLAYER,
) -> None:
    """Check and apply one move of ``seat`` at time ``at``, made ``by`` the seat's player,
    a bot, autopilot or the clock."""
    game = change.table
    before = before or []
    rules = game.rules
    state = game.dealt_state()
    rng = engine.Rng(int(game.seed), game.rng_counter)
    made = engine.play(rules, state, seat, chosen, rng)
    events = [*before, *made]
    moves = game.match.round_moves + 1
    game.match = replace(game.match, round_moves=moves)
    own = len(before) + _own_event(made, chosen)  # its row says who made the move
    _save_round(
        change, state, rng, events, runaway=moves >= rules.moves_per_round, made_by={own: by}
    )
    change.moves.append(by)
    _schedule(change, state, at, restart=rules.restarted(state, seat, events))


def _own_event(events: list[engine.Event], chosen: engine.Move) -> int:
    """Where the move's own event is among those it made: the first of its kind (a Spoons
    holder's pass comes after the pick that brings the card in), else the first."""
    return next((n for n, event in enumerate(events) if event.type == chosen.kind), 0)


def _catch_up(change: _Change, now: datetime, applied_in: str) -> None:
    budget_ends = time.monotonic() + AUTOMATIC_SECONDS
    for _ in range(AUTOMATIC_MOVES):
        game = change.table
        if not is_due(game, now) or time.monotonic() > budget_ends:
            return
        state = game.dealt_state(read_only=True)  # the bot's view; the move plays on a copy
        seat = _first_due(game, state)
        by = _made_by(game, seat)
        change.actions.append(Action(by, applied_in, clock.due(game, seat), now))
        before = [_time_out(game, seat)] if by == MadeBy.CLOCK else []
        level = game.seats[seat].bot or "basic"
        rng = engine.Rng(int(game.seed), game.rng_counter)
        # the game's own moves: autopilot never chooses to resume
        legal = game.rules.legal_moves(state, seat)
        view = game.rules.view(state, seat)
        chosen = bots.choose(game.type, level, view, legal, game.match.memory, rng)
        game.rng_counter = rng.counter  # the bot's draws are part of the game's stream
        _apply_move(change, seat, chosen, now, before, by)


def _first_due(game: Table, state: "DataclassInstance") -> int:
    """The seat whose action is due first (by due time, then seat)."""
    due = {seat: entry.due for seat, entry in enumerate(game.clock.seats) if entry.due}
    if not due:  # scheduled before each seat kept its own due time: one seat acted
        return game.rules.to_act(state)[0]
    return min(due, key=lambda seat: (due[seat], seat))


def _made_by(game: Table, seat: int) -> MadeBy:
    if game.seats[seat].bot:
        return MadeBy.BOT
    return MadeBy.AUTOPILOT if game.on_autopilot(seat) else MadeBy.CLOCK


def _time_out(game: Table, seat: int) -> engine.Event:
    """The clock ran out: a move is chosen for her, and the policy counts it."""
    entry = clock.after_timeout(game.clock.seats[seat], game.turn_seconds)
    game.clock = game.clock.with_seat(seat, entry)
    policy = engine.TimeoutData(entry.timeouts, entry.seconds, entry.autopilot)
    return engine.Event("timeout", seat, dataclasses.asdict(policy))


# -- the schedule ----------------------------------------------------------------------


def _schedule(
    change: _Change,
    state: "DataclassInstance",
    at: datetime,
    restart: AbstractSet[int] = frozenset(),
) -> None:
    """Give every seat to act a due time counted from ``at``, the moment the change is
    applied; when it is saved it is counted from then instead (``settle``). A seat that
    was already to act keeps its due time, unless it is in ``restart`` (it just acted, or
    changed hands)."""
    game = change.table
    acting = set(game.rules.to_act(state)) if game.status == Status.PLAYING else set()
    seats = list(game.clock.seats)
    for seat, entry in enumerate(seats):
        if seat not in acting:
            if entry.due is not None:
                seats[seat] = replace(entry, due=None)
            change.timed_from.pop(seat, None)
        elif entry.due is None or seat in restart:
            seconds = _seconds_to_act(game, seat, entry)
            due = None if seconds is None else at + timedelta(seconds=seconds)
            seats[seat] = replace(entry, due=due)
            if due is None:
                change.timed_from.pop(seat, None)
            else:
                change.timed_from[seat] = at
    game.clock = Clock(tuple(seats))
    game.next_action_at = min(filter(None, (entry.due for entry in seats)), default=None)


def _seconds_to_act(game: Table, seat: int, entry: SeatClock) -> float | None:
    """A bot's or autopilot's thinking time, a human's clock, or None: no clock."""
    if game.seats[seat].bot or entry.autopilot:
        return game.think_seconds * _reaction(game, seat)
    return entry.seconds if game.turn_seconds is not None else None


def _reaction(game: Table, seat: int) -> float:
    """Where several seats act at once, each bot reacts after a delay of its own, from
    half to one and a half times the table's ``think_seconds`` (so a quick human beats
    them and a slow one loses to them). Drawn from a hash of the game, seat and log
    position, not from the game's generator, whose stream the moves alone decide."""
    if not game.rules.simultaneous:
        return 1.0
    digest = hashlib.sha256(f"{game.id}:{seat}:{game.last_seq}".encode()).digest()
    return 0.5 + int.from_bytes(digest[:8]) / 2**64


# -- rounds, events and the match ------------------------------------------------------


def _save_round(
    change: _Change,
    state: "DataclassInstance",
    rng: engine.Rng,
    events: list[engine.Event],
    runaway: bool = False,
    made_by: dict[int, MadeBy] | None = None,
) -> None:
    """Keep the new state, the generator's position and the events (``made_by``: who
    made the event at each index, if anyone); when the round is over (or a runaway round
    reached the move limit), record its result and end the match if that decides it."""
    game = change.table
    rules = game.rules
    game.state = rules.dump_state(state)
    game.rng_counter = rng.counter
    result = rules.result(state)
    if result is None and runaway:
        result = rules.abandoned(len(game.seats))
        events = [*events, engine.Event("round_abandoned", None, dict(result.detail))]
    if result is not None:
        game.rounds = (*game.finished_rounds(), result)
        game.match = game.match.counting(result, len(game.seats))
        game.status = Status.ROUND_OVER
        if rules.match_over(game.options, list(game.rounds)):
            game.status = Status.FINISHED
            events = [*events, _game_over(game, "target_reached")]
    _log(change, events, made_by)


def _log(
    change: _Change,
    events: list[engine.Event],
    made_by: dict[int, MadeBy] | None = None,
    new_version: bool = True,
) -> None:
    """Log the events, a new version of the game (but for what leaves the game as it was:
    ``If-Match`` still names it)."""
    if new_version:
        _new_version(change)
    game = change.table
    made_by = made_by or {}
    for index, event in enumerate(events):
        game.last_seq += 1
        change.events.append(
            {
                "seq": game.last_seq,
                "round": game.round,
                "type": event.type,
                "seat": event.seat,
                "by": made_by.get(index),
                "data": event.data,
                "secret": event.secret,
                "audience": list(event.audience),
                "at": None,  # the moment it is saved (settle)
            }
        )
    _remember(game, events)


def _record(
    change: _Change,
    events: list[engine.Event],
    at: datetime,
    restart: AbstractSet[int] = frozenset(),
) -> None:
    """The service's own events (``joined``, ``vacated``, ``resume``, ``left``,
    ``game_over``) go the way a move's do: logged, and the schedule brought up to date
    from ``at``."""
    _log(change, events)
    state = change.table.dealt_state()
    if state is not None:
        _schedule(change, state, at, restart)
    else:
        change.table.next_action_at = None


def _new_version(change: _Change) -> None:
    """Every change of a table makes one new version of it: each move, each event of the
    service's own, a seat taken or left."""
    change.table.version += 1


def _remember(game: Table, events: list[engine.Event]) -> None:
    """The bots' memory of the public log, kept as it grows (never re-read)."""
    if game.type in bots.REMEMBER:
        memory = copy.deepcopy(game.match.memory)
        bots.remember(game.type, memory, events)
        game.match = replace(game.match, memory=memory)


def _game_over(game: Table, reason: str) -> engine.Event:
    """The last event: why the match ended (``target_reached`` or ``host_ended``), the
    standings, and the seed and nonce as decimal strings, so anyone can check the
    commitment and re-derive every shuffle (docs/random.md)."""
    data = {"reason": reason, "standings": standings(game), "seed": game.seed, "nonce": game.nonce}
    return engine.Event("game_over", None, data)


# A computer player's name when it is given none: names that read as names in English
# and in Finnish alike (a sentence says "pelaajalta Otto"), not a level and a seat number
# ("basic bot 2" reads as if there were a bot 1). The seat's `bot` says it is a computer.
BOT_NAMES = (
    "Otto",
    "Ella",
    "Leo",
    "Iris",
    "Oskar",
    "Mia",
    "Eino",
    "Aino",
    "Noa",
    "Vera",
    "Kai",
    "Lea",
    "Sara",
)


def bot_name(seats: tuple[Seat, ...]) -> str:
    """The first of BOT_NAMES nobody at the table has (numbered past them all)."""
    held = {seat.name for seat in seats}
    free = [name for name in BOT_NAMES if name not in held]
    return free[0] if free else f"{BOT_NAMES[0]} {len(seats) + 1}"


def _add_seat(
    change: _Change, name: str | None, bot: str | None, token_hash: str, now: datetime
) -> Seat:
    game = change.table
    number = len(game.seats)
    taken = Seat(number, name or bot_name(game.seats), bot, token_hash, now)
    game.seats = (*game.seats, taken)
    return taken


def _vacate(change: _Change, seat: int, now: datetime) -> None:
    """A seat of a waiting table given up: every later seat moves up one."""
    game = change.table
    later = [replace(held, seat=held.seat - 1) for held in game.seats[seat + 1 :]]
    vacated = engine.VacatedData(game.seats[seat].name)
    game.seats = (*game.seats[:seat], *later)
    _record(change, [engine.Event("vacated", seat, dataclasses.asdict(vacated))], now)


def _reserved(held: Seat) -> engine.Event:
    assert held.held is not None
    reserved = engine.ReservedData(held.name, held.held.until.isoformat())
    return engine.Event("reserved", held.seat, dataclasses.asdict(reserved))


def _joined(taken: Seat) -> engine.Event:
    """A seat taken, for everyone at the table to see: names are public."""
    joined = engine.JoinedData(taken.name, taken.bot)
    return engine.Event("joined", taken.seat, dataclasses.asdict(joined))
