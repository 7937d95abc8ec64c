"""Use cases on a table. Each loads the game row under a lock, checks, changes and
commits once; an exception leaves the database untouched (the caller rolls back)."""

import base64
import hashlib
import hmac
import re
import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.orm import Session, selectinload

from .. import engine
from ..engine.base import canonical
from ..errors import (
    BadCode,
    Forbidden,
    IdempotencyConflict,
    NotFound,
    StaleVersion,
    TableFull,
    Unauthorized,
    ValidationFailed,
    WrongPhase,
)
from .models import EventRow, Game, IdempotentAnswer, Seat, utcnow

SEED_BITS = 128
# No 0/O or 1/I: read aloud or copied by hand without doubt. 8 of 32 symbols = 40 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 8
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


def rules_of(game: Game) -> engine.Game:
    return engine.GAMES[game.type]


# --- reading ---------------------------------------------------------------------------


def load(session: Session, game_id: uuid.UUID, lock: bool = False) -> Game:
    query = select(Game).where(Game.id == game_id)
    if lock:
        query = query.with_for_update()
    game = session.scalars(query).one_or_none()
    if game is None:
        raise NotFound(f"no game {game_id}")
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


def summary(game: Game) -> dict[str, Any]:
    rules = rules_of(game)
    state = rules.load_state(game.state) if game.state else None
    public = rules.public_seats(state) if state else [{} for _ in game.seats]
    turn = rules.to_act(state) if state else []
    standings = _standings(game)
    return {
        "id": str(game.id),
        "type": game.type,
        "options": game.options,
        "visibility": game.visibility,
        "status": game.status,
        "round": game.round,
        "max_seats": game.max_seats,
        "turn_seconds": game.turn_seconds,
        "seats": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "bot": seat.bot,
                "cards": None,
                "safe": False,
                "out": False,
                "lives": None,
                **standing,
                **info,
            }
            for seat, info, standing in zip(game.seats, public, standings, strict=True)
        ],
        "dealer": game.match.get("dealer"),
        "turn": turn[0] if len(turn) == 1 else None,
        "deadline": None,
        "version": game.version,
        "seed_commitment": _commitment(game),
        "created_at": _iso(game.created_at),
    }


def view(game: Game, seat: int | None) -> dict[str, Any]:
    rules = rules_of(game)
    state = rules.load_state(game.state) if game.state else None
    playing = state is not None and game.status == "playing" and seat is not None
    base = {
        "game_id": str(game.id),
        "type": game.type,
        "status": game.status,
        "round": game.round,
        "version": game.version,
        "seat": seat,
        "legal_moves": rules.legal_moves(state, seat) if playing else [],
        "deadline": None,
        "seed_commitment": _commitment(game),
    }
    return {**(rules.view(state, seat) if state else {}), **base}


def events_page(
    session: Session, game: Game, seat: int | None, after: int, limit: int
) -> dict[str, Any]:
    rows = session.scalars(
        select(EventRow)
        .where(EventRow.game_id == game.id, EventRow.seq > after)
        .order_by(EventRow.seq)
        .limit(limit)
    )
    return {"events": [_render(row, seat, game) for row in rows], "last_seq": game.last_seq}


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


def create(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    rules = engine.GAMES[request["type"]]
    options = rules.resolve_options(request.get("options") or {})
    seats = request.get("seats") or rules.player_range(options)[1]
    rules.check_players(seats, options)
    seed = request.get("seed")
    token, token_hash = new_token()
    game = Game(
        type=rules.slug,
        options=options,
        visibility=request["visibility"],
        code=_new_code() if request["visibility"] == "private" else None,
        max_seats=seats,
        turn_seconds=request.get("turn_seconds"),
        host_token_hash=token_hash,
        seed=str(secrets.randbits(SEED_BITS) if seed is None else seed),
    )
    session.add(game)
    session.commit()
    return {**summary(game), "host_token": token, "code": game.code}


def join(session: Session, game_id: uuid.UUID, name: str, code: str | None) -> dict[str, Any]:
    game = load(session, game_id, lock=True)
    if game.code is not None and not _same_code(code, game.code):
        raise BadCode("this private table needs its code")
    return _seat_player(session, game, name)


def join_by_code(session: Session, code: str, name: str) -> dict[str, Any]:
    game_id = session.scalars(select(Game.id).where(Game.code == code.strip().upper())).first()
    if game_id is None:
        raise BadCode("no table has this code")
    return {"game_id": str(game_id), **join(session, game_id, name, code)}


def deal(session: Session, game_id: uuid.UUID, token: str | None) -> dict[str, Any]:
    """Deal the first round (the host) or the next one (the host or any player)."""
    game = load(session, game_id, lock=True)
    if token is None:
        raise Unauthorized("dealing needs a token as 'Authorization: Bearer <token>'")
    identity = identify(game, token)
    rules = rules_of(game)
    players = len(game.seats)
    rng = engine.Rng(int(game.seed), game.rng_counter)
    if game.status == "waiting":
        if not identity.host:
            raise Forbidden("only the host deals the first round")
        fewest = rules.player_range(game.options)[0]
        if players < fewest:
            raise WrongPhase(f"{rules.title} with these options needs {fewest} players to deal")
        dealer = rng.below(players)
    elif game.status == "round_over":
        last = _results(game)[-1]
        dealer = rules.next_dealer(game.options, game.match["dealer"], last, players)
    else:
        raise WrongPhase(f"the game is {game.status}; there is no round to deal")
    state, events = rules.deal(game.options, players, dealer, rng)
    game.round += 1
    game.status = "playing"
    game.match = {**game.match, "dealer": dealer}
    _save(session, game, rules, state, rng, events)
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
    _append_events(session, game, [_game_over(game)])
    game.status = "finished"
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
    if expected_version is not None and expected_version != game.version:
        raise StaleVersion(f"If-Match {if_match}, but the game is at version {game.version}")
    if game.status != "playing":
        raise WrongPhase(f"the game is {game.status}; no moves now")
    rules = rules_of(game)
    state = rules.load_state(game.state)
    rng = engine.Rng(int(game.seed), game.rng_counter)
    events = engine.play(rules, state, seat, body, rng)
    rows = _save(session, game, rules, state, rng, events)
    answer = {"events": [_render(row, seat, game) for row in rows], "view": view(game, seat)}
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


# --- helpers ---------------------------------------------------------------------------


def _seat_player(session: Session, game: Game, name: str) -> dict[str, Any]:
    if game.status != "waiting":
        raise WrongPhase("the game has started; seats are taken")
    if len(game.seats) >= game.max_seats:
        raise TableFull(f"all {game.max_seats} seats are taken")
    token, token_hash = new_token()
    seat = Seat(seat=len(game.seats), name=name, token_hash=token_hash)
    game.seats.append(seat)
    game.updated_at = utcnow()  # a new seat is a new version of the table
    session.commit()
    return {"seat": seat.seat, "token": token}


def _save(session, game, rules, state, rng, events) -> list[EventRow]:
    """Store the new state, the generator's position and the events; when the round is
    over, record its result and end the match if that decides it."""
    game.state = rules.dump_state(state)
    game.rng_counter = rng.counter
    result = rules.result(state)
    if result is not None:
        rounds = [*game.match.get("rounds", []), _result_json(result)]
        game.match = {**game.match, "rounds": rounds}
        game.status = "round_over"
        if rules.match_over(game.options, _results(game)):
            game.status = "finished"
            events = [*events, _game_over(game)]
    rows = _append_events(session, game, events)
    session.flush()  # assigns the new version, which the answer carries
    return rows


def _append_events(session, game, events) -> list[EventRow]:
    rows = []
    for event in events:
        game.last_seq += 1
        rows.append(
            EventRow(
                game_id=game.id,
                seq=game.last_seq,
                round=game.round,
                type=event.type,
                seat=event.seat,
                data=event.data,
                secret=event.secret,
                audience=list(event.audience),
            )
        )
    session.add_all(rows)
    return rows


def _game_over(game: Game) -> engine.Event:
    """The last event: the standings, and the seed, so anyone can re-derive every shuffle."""
    return engine.Event("game_over", None, {"standings": _standings(game), "seed": int(game.seed)})


def _result_json(result: engine.RoundResult) -> dict[str, Any]:
    return {
        "winners": list(result.winners),
        "losers": list(result.losers),
        "detail": result.detail,
        "points": list(result.points),
    }


def _results(game: Game) -> list[engine.RoundResult]:
    return [
        engine.RoundResult(
            tuple(entry["winners"]),
            tuple(entry["losers"]),
            entry["detail"],
            tuple(entry["points"]),
        )
        for entry in game.match.get("rounds", [])
    ]


def _standings(game: Game) -> list[dict[str, Any]]:
    """Per seat, the rounds won and lost so far (Old Maid: lost = was the Old Maid) and,
    in games that keep one, the match score."""
    results = _results(game)
    scored = [result.points for result in results if result.points]
    return [
        {
            "seat": seat.seat,
            "rounds_won": sum(seat.seat in result.winners for result in results),
            "rounds_lost": sum(seat.seat in result.losers for result in results),
            "score": sum(points[seat.seat] for points in scored) if scored else None,
        }
        for seat in game.seats
    ]


def _render(row: EventRow, seat: int | None, game: Game) -> dict[str, Any]:
    data = dict(row.data)
    if row.secret and (game.status == "finished" or seat in row.audience):
        data.update(row.secret)
    return {
        "seq": row.seq,
        "round": row.round,
        "type": row.type,
        "seat": row.seat,
        "at": _iso(row.at),
        "data": data,
    }


def _commitment(game: Game) -> str | None:
    return engine.seed_commitment(int(game.seed)) if game.round else None


def _same_code(given: str | None, code: str) -> bool:
    return given is not None and hmac.compare_digest(given.strip().upper(), code)


def _version(if_match: str | None) -> int | None:
    """`If-Match` takes the version as the summary's ETag gives it: `"7"`, or plain `7`."""
    if if_match is None:
        return None
    text = if_match.strip().removeprefix("W/").strip('"')
    if not text.isdigit():
        raise ValidationFailed("If-Match", "must be a game version, as the ETag gives it")
    return int(text)


def _iso(moment: datetime) -> str:
    """ISO 8601 in UTC; SQLite hands back naive times, which are UTC here."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat()


def _encode_cursor(game: Game) -> str:
    raw = f"{game.created_at.isoformat()}|{game.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode()


def _decode_cursor(cursor: str) -> tuple[datetime, uuid.UUID]:
    try:
        created_at, game_id = base64.urlsafe_b64decode(cursor.encode()).decode().split("|")
        return datetime.fromisoformat(created_at), uuid.UUID(game_id)
    except (ValueError, UnicodeDecodeError) as error:
        raise ValidationFailed("cursor", "not a cursor this service gave out") from error
