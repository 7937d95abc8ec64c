"""Who may do what at a table: tokens, join codes and the identity a token names. Only
hashes are stored, so a leaked database seats nobody."""

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from ..errors import Forbidden, Unauthorized
from .records import Table

# No 0/O or 1/I: read aloud or copied by hand without doubt. 8 of 32 symbols = 40 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 8


@dataclass(frozen=True)
class Identity:
    """Who a request's token names: a seat, the host, both, or nobody (a spectator)."""

    seat: int | None = None
    host: bool = False


def new_token() -> tuple[str, str]:
    token = secrets.token_urlsafe(24)
    return token, hash_secret(token)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_hash(code: str | None) -> str:
    """Codes are read aloud and typed by hand: any case, spaces around."""
    return hash_secret(code.strip().upper()) if code else ""


def identify(game: Table, token: str | None) -> Identity:
    """A missing token is a spectator; a token that names nobody here is refused."""
    return identify_digest(game, None if token is None else hash_secret(token))


def identify_digest(game: Table, digest: str | None) -> Identity:
    """``identify`` by the token's hash (``hash_secret``), for a reader that looks often."""
    if digest is None:
        return Identity()
    host = hmac.compare_digest(digest, game.host_token_hash)
    seat = next((s.seat for s in game.seats if hmac.compare_digest(digest, s.token_hash)), None)
    if seat is None and not host:
        raise Unauthorized("this token belongs to no seat of this game")
    return Identity(seat=seat, host=host)


def require_seat(game: Table, token: str | None) -> int:
    identity = identify(game, token)
    if token is None:
        raise Unauthorized("send your seat token as 'Authorization: Bearer <token>'")
    if identity.seat is None:
        raise Forbidden("the host token plays no seat; use a seat token")
    return identity.seat
