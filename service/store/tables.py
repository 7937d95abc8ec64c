"""A table's life, one use case each: create, join (by id or code), deal, leave, end.
Each loads the game under a lock, checks, changes and commits once; an exception leaves
the database untouched (the caller rolls back)."""

import hmac
import secrets
import uuid
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from .. import engine
from ..errors import BadCode, Forbidden, TableFull, Unauthorized, WrongPhase
from . import access, clock, limits, play, writes
from .models import Game, Seat, Status, Visibility
from .reads import load
from .records import Clock
from .render import rules_of

SEED_BITS = 128


@dataclass(frozen=True)
class Created:
    """A new table, with the secrets shown once: the host token and a private code."""

    game: Game
    host_token: str
    code: str | None


def create(session: Session, request: dict[str, Any], client: str) -> Created:
    limits.take(session, client, "create", clock.now())
    rules = engine.GAMES[request["type"]]
    options = rules.resolve_options(request.get("options") or {})
    seats = request.get("seats") or rules.player_range(options)[1]
    rules.check_players(seats, options)
    seed = request.get("seed")
    token, token_hash = access.new_token()
    code = access.new_code() if request["visibility"] == Visibility.PRIVATE else None
    game = Game(
        type=rules.slug,
        options=options,
        visibility=request["visibility"],
        code_hash=access.code_hash(code) if code else None,
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
    return Created(game, token, code)


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
        if token is None or not access.identify(game, token).host:
            raise Forbidden("only the host adds computer players")
        return _seat_player(session, game, None, request["bot"])
    now = clock.now()
    limits.take(session, client, "join", now)
    code_hash = load(session, game_id).code_hash
    if code_hash is not None:
        limits.take(session, client, "code_guess", now)
        if not hmac.compare_digest(access.code_hash(request.get("code")), code_hash):
            raise BadCode("this private table needs its code")
        limits.give_back(session, client, "code_guess", now)
    return _seat_player(session, load(session, game_id, lock=True), request["name"], None)


def join_by_code(session: Session, code: str, name: str, client: str) -> dict[str, Any]:
    now = clock.now()
    limits.take(session, client, "join", now)
    limits.take(session, client, "code_guess", now)
    game_id = session.scalars(
        select(Game.id).where(Game.code_hash == access.code_hash(code))
    ).first()
    if game_id is None:
        raise BadCode("no table has this code")
    limits.give_back(session, client, "code_guess", now)
    game = load(session, game_id, lock=True)
    return {"game_id": str(game_id), **_seat_player(session, game, name, None)}


def leave(session: Session, game_id: uuid.UUID, token: str | None) -> Game:
    """Leave a waiting table (later seats move up one), or hand a running game's seat to
    a bot, which plays it from then on."""
    game = load(session, game_id, lock=True)
    seat = access.require_seat(game, token)
    if game.status == Status.FINISHED:
        raise WrongPhase("the match is over")
    if game.status == Status.WAITING:
        leaving = game.seats[seat]
        session.delete(leaving)
        session.flush()
        for later in game.seats[seat + 1 :]:
            later.seat -= 1
            session.flush()  # one at a time, upwards: no two seats share a number
        set_committed_value(game, "seats", [held for held in game.seats if held is not leaving])
        writes.new_version(game)
    else:
        occupant = game.seats[seat]
        occupant.bot, occupant.token_hash = "basic", access.new_token()[1]
        now = clock.now()
        left = engine.Event("left", seat, {"bot": "basic"})
        play.record(session, game, [left], now, restart={seat})
        play.catch_up(session, game, now)
    session.commit()
    return game


def deal(
    session: Session, game_id: uuid.UUID, token: str | None, fill_with_bots: str | None = None
) -> Game:
    """Deal the first round (the host, who may fill the empty seats with bots) or the
    next one (the host or any player)."""
    game = load(session, game_id, lock=True)
    now = clock.now()  # after the lock, as for moves
    if token is None:
        raise Unauthorized("dealing needs a token as 'Authorization: Bearer <token>'")
    identity = access.identify(game, token)
    rules = rules_of(game)
    rng = engine.Rng(int(game.seed), game.rng_counter)
    if game.status == Status.WAITING:
        if not identity.host:
            raise Forbidden("only the host deals the first round")
        while fill_with_bots and len(game.seats) < game.max_seats:
            _add_seat(session, game, None, fill_with_bots)
        players = len(game.seats)
        fewest = rules.player_range(game.options)[0]
        if players < fewest:
            raise WrongPhase(f"{rules.title} with these options needs {fewest} players to deal")
        dealer = rules.first_dealer(players, rng)
        game.clock = Clock(tuple(clock.fresh(game.turn_seconds) for _ in game.seats))
    elif game.status == Status.ROUND_OVER:
        players = len(game.seats)
        last = play.rounds_of(session, game)[-1]
        seats = (clock.at_new_deal(entry, game.turn_seconds) for entry in game.clock.seats)
        game.clock = Clock(tuple(seats))
        assert game.match.dealer is not None, "a round was dealt"
        dealer = game.match.dealer
        if last.winners or last.losers:
            dealer = rules.next_dealer(game.options, dealer, last, players)
        else:  # an abandoned round decided nothing: the deal simply moves left
            dealer = (dealer + 1) % players
    else:
        raise WrongPhase(f"the game is {game.status}; there is no round to deal")
    past = play.rounds_of(session, game)
    state, events = rules.deal(game.options, players, dealer, rng, past=past)
    game.round += 1
    game.status = Status.PLAYING
    game.match = replace(game.match, dealer=dealer, round_moves=0)
    play.save(session, game, rules, state, rng, events)
    play.schedule(game, state, now)
    play.catch_up(session, game, now)
    session.commit()
    return game


def end(session: Session, game_id: uuid.UUID, token: str | None) -> Game:
    """The host ends the match: the game is finished and the log reveals everything."""
    game = load(session, game_id, lock=True)
    if token is None:
        raise Unauthorized("ending the match needs the host token")
    if not access.identify(game, token).host:
        raise Forbidden("only the host ends the match")
    if game.status == Status.FINISHED:
        raise WrongPhase("the match is already finished")
    play.finish(session, game, "host_ended", clock.now())
    session.commit()
    return game


def _seat_player(session: Session, game: Game, name: str | None, bot: str | None):
    if game.status != Status.WAITING:
        raise WrongPhase("the game has started; seats are taken")
    if len(game.seats) >= game.max_seats:
        raise TableFull(f"all {game.max_seats} seats are taken")
    seat, token = _add_seat(session, game, name, bot)
    writes.new_version(game)
    session.commit()
    return {"seat": seat.seat, "token": token}


def _add_seat(
    session: Session, game: Game, name: str | None, bot: str | None
) -> tuple[Seat, str | None]:
    """A human's seat gets a token; a bot's gets none that anybody knows."""
    token, token_hash = access.new_token()
    number = len(game.seats)
    name = name or f"{bot} bot {number + 1}"
    seat = Seat(game_id=game.id, seat=number, name=name, bot=bot, token_hash=token_hash)
    session.add(seat)
    set_committed_value(game, "seats", [*game.seats, seat])
    return seat, None if bot else token
