"""Per-client rate limits in fixed one-minute windows, counted atomically in the database
(``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``), so any number of replicas and
concurrent requests share one count and none slips past it.

- ``create``: tables created; ``join``: seats taken (tried).
- Codes (``guess_code``): the distinct codes a client tried this window, each counted
  before it is looked up, and given back once it was right. Past ``CODES_PER_MINUTE``
  wrong ones and one more (the right one, after them), no new code is looked up: an
  address tries at most 11 of the 2^40 codes a minute, however many it sends at once.
  A right code does not count, and is sent again as often as people need: a room behind
  one address sits down with it, unless someone there typed more than 10 wrong codes
  that minute.
- ``quickplay``: Play now tickets, as many as seats taken (a ticket becomes one).

The client is the peer address; behind proxies, the address they forwarded, read only
from those listed (``PROXY_HOPS``, ``FORWARDED_ALLOW_IPS``: ``api.context.Proxies``)."""

import hashlib
import math
from datetime import datetime, timedelta

from sqlalchemy import Connection, case, delete, func, select, update

from ..config import Config
from ..errors import TooManyRequests
from .db import insert
from .models import RateCounter

WINDOW = timedelta(minutes=1)
PER_MINUTE = {
    "create": Config.CREATES_PER_MINUTE,
    "join": Config.JOINS_PER_MINUTE,
    "quickplay": Config.JOINS_PER_MINUTE,
}
WHY = {
    "create": "too many tables created from this address",
    "join": "too many seats taken from this address",
    "quickplay": "too many Play now tickets from this address",
}
CODES_PER_MINUTE = 10  # wrong ones, per address
CODE_ACTION = "code:"  # + the start of the code's hash: one counter row per code tried


def take(connection: Connection, client: str, action: str, now: datetime) -> None:
    """Count one request; past the limit, refuse it with 429 and Retry-After. The count
    is committed at once (``connection`` is in autocommit mode), so it stands even when
    the request is refused afterwards."""
    window = _window(now)
    count = _count_one(connection, client, action, window)
    if count > PER_MINUTE[action]:
        retry = math.ceil((window + WINDOW - now).total_seconds())
        raise TooManyRequests(f"{WHY[action]}; retry in {retry} s", max(retry, 1))


def guess_code(connection: Connection, client: str, code_hash: str, now: datetime) -> None:
    """Note ``code_hash`` among the codes the client tried this window (a row per code,
    however often it is sent), then count them: past ``CODES_PER_MINUTE`` wrong ones and
    one more (the right one, after them), refused with 429. Each request counts after
    its own row is in, so of any number sent at once, at most that many are looked up
    (rows only go when they were right: ``code_was_right``)."""
    window = _window(now)
    row = insert(connection.dialect.name, RateCounter).values(
        client=_key(client), action=_code_action(code_hash), window_start=window, count=1
    )
    connection.execute(
        row.on_conflict_do_update(
            index_elements=["client", "action"], set_={"window_start": row.excluded.window_start}
        )
    )
    tried = connection.execute(
        select(func.count())
        .select_from(RateCounter)
        .where(
            RateCounter.client == _key(client),
            RateCounter.action.startswith(CODE_ACTION),
            RateCounter.window_start == window,
        )
    ).scalar_one()
    if tried > CODES_PER_MINUTE + 1:
        retry = math.ceil((window + WINDOW - now).total_seconds())
        why = f"too many wrong codes from this address; retry in {retry} s"
        raise TooManyRequests(why, max(retry, 1))


def code_was_right(connection: Connection, client: str, code_hash: str) -> None:
    """A right code does not count: its row goes."""
    connection.execute(
        delete(RateCounter).where(
            RateCounter.client == _key(client), RateCounter.action == _code_action(code_hash)
        )
    )


def _code_action(code_hash: str) -> str:
    return CODE_ACTION + code_hash[: 20 - len(CODE_ACTION)]  # the column's 20 characters


def give_back(connection: Connection, client: str, action: str, now: datetime) -> None:
    """Uncount one request of this window, at once (a table whose id was taken first
    was not made)."""
    connection.execute(
        update(RateCounter)
        .where(
            RateCounter.client == _key(client),
            RateCounter.action == action,
            RateCounter.window_start == _window(now),
        )
        .values(count=RateCounter.count - 1)
    )


def _count_one(connection: Connection, client: str, action: str, window: datetime) -> int:
    row = insert(connection.dialect.name, RateCounter).values(
        client=_key(client), action=action, window_start=window, count=1
    )
    same_window = RateCounter.window_start == row.excluded.window_start
    counted = row.on_conflict_do_update(
        index_elements=["client", "action"],
        set_={
            "count": case((same_window, RateCounter.count + 1), else_=1),
            "window_start": row.excluded.window_start,
        },
    ).returning(RateCounter.count)
    return connection.execute(counted).scalar_one()


def _key(client: str) -> str:
    """A fixed-width key: a forwarded address is whatever the client wrote."""
    return client if len(client) <= 45 else hashlib.sha256(client.encode()).hexdigest()


def _window(now: datetime) -> datetime:
    return now.replace(second=0, microsecond=0)
