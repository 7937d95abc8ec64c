"""Use cases on a table. Each loads the game row under a lock, checks, changes and
commits once; an exception leaves the database untouched (the caller rolls back)."""

import base64
import hashlib
import hmac
import logging
import re
import secrets
import socket
import time
import uuid
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.orm import Session, joinedload, selectinload

from .. import engine
from ..engine.base import canonical
from ..errors import (
    BadCode,
    Forbidden,
    IdempotencyConflict,
    NotFound,
    ServiceError,
    StaleVersion,
    TableFull,
    Unauthorized,
    ValidationFailed,
    WrongPhase,
)
from . import changes, clock, limits, play
from .db import DATABASE_AWAY, deadline
from .models import EventRow, Game, IdempotentAnswer, Seat, utcnow
from .render import (
    is_resume,
    on_autopilot,
    render_event,
    results,
    rules_of,
    summary,
    view,
)

SEED_BITS = 128
# No 0/O or 1/I: read aloud or copied by hand without doubt. 8 of 32 symbols = 40 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 8
LOOK_SECONDS = 5.0  # the database work of one look of a waiting request
log = logging.getLogger(__name__)
IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,200}")  # 200: the column's width


@dataclass(frozen=True)
class Identity:
    """Who a request's token names: a seat, the host, both, or nobody (a spectator)."""

    seat: int | None = None
    host: bool = False


def new_token() -> tuple[str, str]:
    token = secrets.token_urlsafe(24)
    return token, _hash(token)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


# --- reading ---------------------------------------------------------------------------


def load(session: Session, game_id: uuid.UUID, lock: bool = False) -> Game:
    """The game; locked, or else with its seats in the same statement, so that who holds
    which seat is read at the same moment as the game (a seat can change hands between
    two reads: a player leaves a waiting table and the later seats move up)."""
    query = select(Game).where(Game.id == game_id).execution_options(populate_existing=True)
    query = query.with_for_update() if lock else query.options(joinedload(Game.seats))
    game = session.scalars(query).unique().one_or_none()
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game


def load_current(session: Session, game_id: uuid.UUID) -> Game:
    """The game with whatever is due applied first: a read, too, moves bots and clocks."""
    game = load(session, game_id)
    if play.is_due(game, clock.now()):
        game = load(session, game_id, lock=True)
        play.catch_up(session, game, clock.now())
        session.commit()
    return game


def identify(game: Game, token: str | None) -> Identity:
    """A missing token is a spectator; a token that names nobody here is refused."""
    if token is None:
        return Identity()
    digest = _hash(token)
    host = hmac.compare_digest(digest, game.host_token_hash)
    seat = next((s.seat for s in game.seats if hmac.compare_digest(digest, s.token_hash)), None)
    if seat is None and not host:
        raise Unauthorized("this token belongs to no seat of this game")
    return Identity(seat=seat, host=host)


def require_seat(game: Game, token: str | None) -> int:
    identity = identify(game, token)
    if token is None:
        raise Unauthorized("send your seat token as 'Authorization: Bearer <token>'")
    if identity.seat is None:
        raise Forbidden("the host token plays no seat; use a seat token")
    return identity.seat


def events_page(
    session: Session, game: Game, seat: int | None, after: int, limit: int
) -> dict[str, Any]:
    rows = session.scalars(
        select(EventRow)
        # only what the loaded game knows of: a later event may belong to seats as they
        # are after a change the loaded game has not seen
        .where(EventRow.game_id == game.id, EventRow.seq > after, EventRow.seq <= game.last_seq)
        .order_by(EventRow.seq)
        .limit(limit)
    )
    return {
        "events": [render_event(row, seat, game) for row in rows],
        "last_seq": game.last_seq,
    }


def wait_for_events(
    session: Session,
    hub: changes.Hub,
    game_id: uuid.UUID,
    token: str | None,
    after: int,
    limit: int,
    wait: float,
    client: socket.socket | None = None,
) -> dict[str, Any]:
    """The events after ``after``; if there are none yet, wait up to ``wait`` seconds for
    some (a long poll), holding no connection and no transaction meanwhile."""
    if wait <= 0:
        return _look(session, game_id, token, after, limit)[0]
    give_up = time.monotonic() + wait
    with hub.waiter(game_id, after, client) as waiter:
        page, due = _look(session, game_id, token, after, limit)  # refusals come first
        while not (page["events"] or waiter.client_gone):
            left = give_up - time.monotonic()
            if left <= 0:
                break
            if _news_possible(hub, waiter, left, due):
                page, due = _look_again(session, game_id, token, after, limit, (page, due))
    return page


class EventStream:
    """The events of a game as they commit, for one seat (or a spectator), as an iterable
    of ``("event", event)``, ``("heartbeat", None)`` and, once the match is finished and
    its last event sent, ``("end", {"last_seq"})``. It ends there, when the client hangs
    up, or after ``seconds`` (the client reconnects). The first look happens when it is
    opened, so a bad token or an unknown game is refused before the stream begins."""

    PAGE = 100

    def __init__(self, sessions, hub, game_id, token, after, client, seconds, heartbeat):
        self._session = sessions()
        self._stack = ExitStack()
        self._stack.callback(self._session.close)
        self._game = (game_id, token)
        self._hub = hub
        self._ends = time.monotonic() + seconds
        self._heartbeat = heartbeat
        try:
            self._waiter = self._stack.enter_context(hub.waiter(game_id, after, client))
            self._first = _look(self._session, game_id, token, after, self.PAGE)
        except BaseException:
            self._stack.close()
            raise

    def __iter__(self):
        waiter, (page, due) = self._waiter, self._first
        quiet_since = time.monotonic()
        while True:
            for event in page["events"]:
                waiter.after = event["seq"]
                yield "event", event
            now = time.monotonic()
            if page["events"]:
                quiet_since = now
            if page["status"] == "finished" and waiter.after >= page["last_seq"]:
                yield "end", {"last_seq": page["last_seq"]}
                return
            if now >= self._ends or waiter.client_gone:
                return
            if now - quiet_since >= self._heartbeat:
                yield "heartbeat", None
                quiet_since = now
            quiet_left = min(self._ends, quiet_since + self._heartbeat) - now
            full = len(page["events"]) == self.PAGE  # then read on at once
            page = {**page, "events": []}
            if full or _news_possible(self._hub, waiter, quiet_left, due):
                try:
                    page, due = _look_again(
                        self._session, *self._game, waiter.after, self.PAGE, (page, due)
                    )
                except ServiceError:  # the token was retired (its player left): nothing more
                    return

    def close(self) -> None:
        self._stack.close()


def _look(session, game_id, token, after, limit) -> tuple[dict[str, Any], datetime | None]:
    """One look at the log (applying what is due first), then the connection goes back to
    the pool; returns the page and when the game's next automatic action is due."""
    try:
        with deadline(LOOK_SECONDS):
            game = load_current(session, game_id)
            page = events_page(session, game, identify(game, token).seat, after, limit)
            return {**page, "status": game.status}, clock.aware(game.next_action_at)
    finally:
        session.close()


def _look_again(session, game_id, token, after, limit, previous):
    """A look while waiting: if the database is away, keep what we had and wait on (the
    waiter is answered at its deadline, the stream goes on with heartbeats)."""
    try:
        return _look(session, game_id, token, after, limit)
    except DATABASE_AWAY as error:
        log.warning("a waiter could not look at game %s: %s", game_id, error)
        return previous


def _news_possible(hub: changes.Hub, waiter: changes.Waiter, left: float, due) -> bool:
    """Wait at most ``left`` seconds for a hint. True when the log may have grown: a hint
    came, a bot's or a clock's action fell due (someone must apply it: the look does), or
    the listener was away; False when the wait ran out with no news (no look is needed,
    which keeps thousands of quiet waiters off the database)."""
    pause = hub.poll_seconds(left)
    if due is not None:
        pause = min(pause, max(0.05, (due - clock.now()).total_seconds()))
    if waiter.wait(pause):
        return not waiter.client_gone  # a client that hung up needs no look
    return not hub.listening.is_set() or (due is not None and due <= clock.now())


def lobby(
    session: Session, type_: str | None, status: str | None, cursor: str | None, limit: int
) -> dict[str, Any]:
    """Public tables, newest first, a page at a time; the cursor names the last one seen."""
    query = select(Game).options(selectinload(Game.seats)).where(Game.visibility == "public")
    if type_:
        query = query.where(Game.type == type_)
    if status:
        query = query.where(Game.status == status)
    if cursor:
        created_at, game_id = _decode_cursor(cursor)
        query = query.where(tuple_(Game.created_at, Game.id) < (created_at, game_id))
    games = session.scalars(
        query.order_by(Game.created_at.desc(), Game.id.desc()).limit(limit + 1)
    ).all()
    page = games[:limit]
    more = len(games) > limit
    return {
        "games": [summary(game) for game in page],
        "next_cursor": _encode_cursor(page[-1]) if more else None,
    }


# --- changing --------------------------------------------------------------------------


def create(session: Session, request: dict[str, Any], client: str) -> dict[str, Any]:
    limits.take(session, client, "create", clock.now())
    rules = engine.GAMES[request["type"]]
    options = rules.resolve_options(request.get("options") or {})
    seats = request.get("seats") or rules.player_range(options)[1]
    rules.check_players(seats, options)
    seed = request.get("seed")
    token, token_hash = new_token()
    code = _new_code() if request["visibility"] == "private" else None
    game = Game(
        type=rules.slug,
        options=options,
        visibility=request["visibility"],
        code_hash=_code_hash(code) if code else None,
        max_seats=seats,
        turn_seconds=request.get("turn_seconds"),
        think_seconds=request.get("think_seconds", 1.0),
        host_token_hash=token_hash,
        seed=str(secrets.randbits(SEED_BITS) if seed is None else seed),
        nonce=str(secrets.randbits(SEED_BITS)),
        seeded=seed is not None,
    )
    session.add(game)
    session.commit()
    return {**summary(game), "host_token": token, "code": code}


def join(
    session: Session,
    game_id: uuid.UUID,
    request: dict[str, Any],
    token: str | None,
    client: str,
) -> dict[str, Any]:
    """A player takes a seat (with the code of a private table), or the host adds a bot."""
    if "bot" in request:
        game = load(session, game_id, lock=True)
        if token is None or not identify(game, token).host:
            raise Forbidden("only the host adds computer players")
        return _seat_player(session, game, None, request["bot"])
    now = clock.now()
    limits.take(session, client, "join", now)
    code_hash = load(session, game_id).code_hash
    if code_hash is not None:
        limits.take(session, client, "code_guess", now)
        if not hmac.compare_digest(_code_hash(request.get("code")), code_hash):
            raise BadCode("this private table needs its code")
        limits.give_back(session, client, "code_guess", now)
    return _seat_player(session, load(session, game_id, lock=True), request["name"], None)


def join_by_code(session: Session, code: str, name: str, client: str) -> dict[str, Any]:
    now = clock.now()
    limits.take(session, client, "join", now)
    limits.take(session, client, "code_guess", now)
    game_id = session.scalars(select(Game.id).where(Game.code_hash == _code_hash(code))).first()
    if game_id is None:
        raise BadCode("no table has this code")
    limits.give_back(session, client, "code_guess", now)
    game = load(session, game_id, lock=True)
    return {"game_id": str(game_id), **_seat_player(session, game, name, None)}


def leave(session: Session, game_id: uuid.UUID, token: str | None) -> dict[str, Any]:
    """Leave a waiting table (later seats move up one), or hand a running game's seat to
    a bot, which plays it from then on."""
    game = load(session, game_id, lock=True)
    seat = require_seat(game, token)
    if game.status == "finished":
        raise WrongPhase("the match is over")
    if game.status == "waiting":
        session.delete(game.seats[seat])
        session.flush()
        for later in game.seats[seat + 1 :]:
            later.seat -= 1
            session.flush()  # one at a time, upwards: no two seats share a number
        session.expire(game, ["seats"])
    else:
        occupant = game.seats[seat]
        occupant.bot, occupant.token_hash = "basic", new_token()[1]
        play.append_events(session, game, [engine.Event("left", seat, {"bot": "basic"})])
        if game.status == "playing":
            now = clock.now()
            play.schedule(game, rules_of(game).load_state(game.state), now)
            play.catch_up(session, game, now)
    game.updated_at = utcnow()
    session.commit()
    return summary(game)


def deal(
    session: Session, game_id: uuid.UUID, token: str | None, fill_with_bots: str | None = None
) -> dict[str, Any]:
    """Deal the first round (the host, who may fill the empty seats with bots) or the
    next one (the host or any player)."""
    game = load(session, game_id, lock=True)
    now = clock.now()  # after the lock, as for moves
    if token is None:
        raise Unauthorized("dealing needs a token as 'Authorization: Bearer <token>'")
    identity = identify(game, token)
    rules = rules_of(game)
    rng = engine.Rng(int(game.seed), game.rng_counter)
    if game.status == "waiting":
        if not identity.host:
            raise Forbidden("only the host deals the first round")
        while fill_with_bots and len(game.seats) < game.max_seats:
            _add_seat(game, None, fill_with_bots)
        players = len(game.seats)
        fewest = rules.player_range(game.options)[0]
        if players < fewest:
            raise WrongPhase(f"{rules.title} with these options needs {fewest} players to deal")
        dealer = rng.below(players)
        game.clock = {"seats": [clock.fresh(game.turn_seconds) for _ in game.seats]}
    elif game.status == "round_over":
        players = len(game.seats)
        last = results(game)[-1]
        seats = [clock.at_new_deal(entry, game.turn_seconds) for entry in game.clock["seats"]]
        game.clock = {**game.clock, "seats": seats}
        dealer = game.match["dealer"]
        if last.winners or last.losers:
            dealer = rules.next_dealer(game.options, dealer, last, players)
        else:  # an abandoned round decided nothing: the deal simply moves left
            dealer = (dealer + 1) % players
    else:
        raise WrongPhase(f"the game is {game.status}; there is no round to deal")
    state, events = rules.deal(game.options, players, dealer, rng)
    game.round += 1
    game.status = "playing"
    game.match = {**game.match, "dealer": dealer, "round_moves": 0}
    play.save(session, game, rules, state, rng, events)
    play.schedule(game, state, now)
    play.catch_up(session, game, now)
    session.commit()
    return summary(game)


def end(session: Session, game_id: uuid.UUID, token: str | None) -> dict[str, Any]:
    """The host ends the match: the game is finished and the log reveals everything."""
    game = load(session, game_id, lock=True)
    if token is None:
        raise Unauthorized("ending the match needs the host token")
    if not identify(game, token).host:
        raise Forbidden("only the host ends the match")
    if game.status == "finished":
        raise WrongPhase("the match is already finished")
    play.append_events(session, game, [play.game_over(game, "host_ended")])
    game.status = "finished"
    game.next_action_at = None
    session.commit()
    return summary(game)


def move(
    session: Session,
    game_id: uuid.UUID,
    token: str | None,
    body: dict[str, Any],
    idempotency_key: str | None,
    if_match: str | None,
) -> dict[str, Any]:
    game = load(session, game_id, lock=True)
    now = clock.now()  # after the lock: a turn begins when its move commits, never earlier
    seat = require_seat(game, token)
    expected_version = _version(if_match)
    if idempotency_key is not None and not IDEMPOTENCY_KEY.fullmatch(idempotency_key):
        raise ValidationFailed("Idempotency-Key", "1-200 printable ASCII characters")
    request_hash = hashlib.sha256(canonical(body).encode()).hexdigest()
    if idempotency_key is not None:
        first = session.get(IdempotentAnswer, (game.id, seat, idempotency_key))
        if first is not None:
            if first.request_hash != request_hash:
                raise IdempotencyConflict("this Idempotency-Key was sent with another move")
            return first.answer
    rows = play.catch_up(session, game, now)  # what was due comes first
    if expected_version is not None and expected_version != game.version:
        raise StaleVersion(f"If-Match {if_match}, but the game is at version {game.version}")
    if game.status != "playing":
        raise WrongPhase(f"the game is {game.status}; no moves now")
    rows += _own_move(session, game, seat, body, now)
    rows += play.catch_up(session, game, now)  # bots without thinking time answer at once
    answer = {
        "events": [render_event(row, seat, game) for row in rows],
        "view": view(game, seat),
    }
    if idempotency_key is not None:
        session.add(
            IdempotentAnswer(
                game_id=game.id,
                seat=seat,
                key=idempotency_key,
                request_hash=request_hash,
                answer=answer,
            )
        )
    session.commit()
    return answer


def _own_move(session: Session, game: Game, seat: int, body: dict, now) -> list[EventRow]:
    """A player's own move resets her clock's count and ends autopilot; ``resume`` does
    only that."""
    if is_resume(body) and not on_autopilot(game, seat):
        raise engine.IllegalMove("resume is a move for a seat on autopilot")
    seats = [dict(entry) for entry in game.clock.get("seats", [])]
    if seats:
        seats[seat] = clock.after_own_move(seats[seat])
        game.clock = {**game.clock, "seats": seats}
    if not is_resume(body):
        return play.apply_move(session, game, seat, body, now, by="player")
    rows = play.append_events(session, game, [engine.Event("resume", seat)])
    play.schedule(game, rules_of(game).load_state(game.state), now)
    session.flush()
    return rows


# --- helpers ---------------------------------------------------------------------------


def _seat_player(session: Session, game: Game, name: str | None, bot: str | None):
    if game.status != "waiting":
        raise WrongPhase("the game has started; seats are taken")
    if len(game.seats) >= game.max_seats:
        raise TableFull(f"all {game.max_seats} seats are taken")
    seat, token = _add_seat(game, name, bot)
    game.updated_at = utcnow()  # a new seat is a new version of the table
    session.commit()
    return {"seat": seat.seat, "token": token}


def _add_seat(game: Game, name: str | None, bot: str | None) -> tuple[Seat, str | None]:
    """A human's seat gets a token; a bot's gets none that anybody knows."""
    token, token_hash = new_token()
    number = len(game.seats)
    seat = Seat(seat=number, name=name or f"{bot} bot {number + 1}", bot=bot, token_hash=token_hash)
    game.seats.append(seat)
    return seat, None if bot else token


def _code_hash(code: str | None) -> str:
    """Codes are read aloud and typed by hand: any case, spaces around."""
    return _hash(code.strip().upper()) if code else ""


def _version(if_match: str | None) -> int | None:
    """`If-Match` takes the version as the summary's ETag gives it: `"7"`, or plain `7`."""
    if if_match is None:
        return None
    text = if_match.strip().removeprefix("W/").strip('"')
    if not re.fullmatch(r"[0-9]{1,10}", text):  # ASCII digits: str.isdigit takes "²"
        raise ValidationFailed("If-Match", "must be a game version, as the ETag gives it")
    return int(text)


def _encode_cursor(game: Game) -> str:
    raw = f"{game.created_at.isoformat()}|{game.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode()


def _decode_cursor(cursor: str) -> tuple[datetime, uuid.UUID]:
    try:
        created_at, game_id = base64.urlsafe_b64decode(cursor.encode()).decode().split("|")
        return datetime.fromisoformat(created_at), uuid.UUID(game_id)
    except (ValueError, UnicodeDecodeError) as error:
        raise ValidationFailed("cursor", "not a cursor this service gave out") from error
