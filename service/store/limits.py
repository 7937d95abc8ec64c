"""Per-client rate limits in fixed one-minute windows, counted atomically in the database
(``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``), so any number of replicas and
concurrent requests share one count and none slips past it.

- ``create``: tables created; ``join``: seats taken; ``code_guess``: join attempts with a
  code, counted before the code is checked and given back when it was right, so that at
  most ``code_guess`` wrong codes a minute are ever looked at (a code has 40 bits).
- ``quickplay``: Play now tickets, as many as seats taken (a ticket becomes one).

The client is the peer address; behind proxies, the address they forwarded, read only
from those listed (``PROXY_HOPS``, ``FORWARDED_ALLOW_IPS``: ``api.context.Proxies``)."""

import hashlib
import math
from datetime import datetime, timedelta

from sqlalchemy import Connection, case, update

from ..config import Config
from ..errors import TooManyRequests
from .db import insert
from .models import RateCounter

WINDOW = timedelta(minutes=1)
PER_MINUTE = {
    "create": Config.CREATES_PER_MINUTE,
    "join": Config.JOINS_PER_MINUTE,
    "code_guess": 10,
    "quickplay": Config.JOINS_PER_MINUTE,
}
WHY = {
    "create": "too many tables created from this address",
    "join": "too many seats taken from this address",
    "code_guess": "too many wrong codes from this address",
    "quickplay": "too many Play now tickets from this address",
}


def take(connection: Connection, client: str, action: str, now: datetime) -> None:
    """Count one request; past the limit, refuse it with 429 and Retry-After. The count
    is committed at once (``connection`` is in autocommit mode), so it stands even when
    the request is refused afterwards."""
    window = _window(now)
    count = _count_one(connection, client, action, window)
    if count > PER_MINUTE[action]:
        retry = math.ceil((window + WINDOW - now).total_seconds())
        raise TooManyRequests(f"{WHY[action]}; retry in {retry} s", max(retry, 1))


def give_back(connection: Connection, client: str, action: str, now: datetime) -> None:
    """Uncount one request of this window, at once: a right code is given back whether
    or not a seat is free then."""
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
