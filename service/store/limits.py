"""Slowing down join-code guessing: wrong codes per client in a fixed window."""

import math
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from ..errors import TooManyRequests
from . import clock
from .models import CodeFailures

WINDOW = timedelta(minutes=1)
MAX_FAILURES = 10  # per client and window; a code has 40 bits, so guessing stays hopeless


def check_code_guesses(session: Session, client: str, now: datetime) -> None:
    record = session.get(CodeFailures, client)
    if record is None or clock.aware(record.window_start) + WINDOW <= now:
        return
    if record.failures >= MAX_FAILURES:
        retry = clock.aware(record.window_start) + WINDOW - now
        raise TooManyRequests(
            "too many wrong codes; wait a minute", math.ceil(retry.total_seconds())
        )


def count_code_failure(session: Session, client: str, now: datetime) -> None:
    record = session.get(CodeFailures, client, with_for_update=True)
    if record is None:
        session.add(CodeFailures(client=client, window_start=now, failures=1))
    elif clock.aware(record.window_start) + WINDOW <= now:
        record.window_start, record.failures = now, 1
    else:
        record.failures += 1
