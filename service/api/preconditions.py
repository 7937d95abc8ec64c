"""The move's optional headers, `Idempotency-Key` and `If-Match`: their syntax is the
HTTP layer's to check, but only once the token is known to be a seat's (a stranger gets
a 401 and learns nothing more), so the use case calls ``check`` after the token."""

import re
from collections.abc import Callable

from ..errors import ValidationFailed
from ..store.tables import Preconditions

IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,200}")  # 200: the column's width
VERSION = re.compile(r"[0-9]{1,10}")  # ASCII digits: str.isdigit takes "²"


def of_headers(headers: dict[str, str]) -> Callable[[], Preconditions]:
    def check() -> Preconditions:
        key = headers.get("idempotency_key")
        if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
            raise ValidationFailed("Idempotency-Key", "1-200 printable ASCII characters")
        return Preconditions(key, version(headers.get("if_match")))

    return check


def version(if_match: str | None) -> int | None:
    """`If-Match` takes the version as the summary's ETag gives it: `"7"`, or plain `7`."""
    if if_match is None:
        return None
    text = if_match.strip().removeprefix("W/").strip('"')
    if not VERSION.fullmatch(text):
        raise ValidationFailed("If-Match", "must be a game version, as the ETag gives it")
    return int(text)
