"""Refusals of the service itself (the engine has its own family). The API maps
each to a problem document by its ``status`` and stable ``code``."""


class ServiceError(Exception):
    status = 400
    code = "bad_request"
    title = "Bad request"
    members: dict[str, object] = {}  # the problem document's own, beyond the standard ones

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class NotFound(ServiceError):
    status, code, title = 404, "not_found", "Not found"


class Unauthorized(ServiceError):
    status, code, title = 401, "unauthorized", "Missing or unknown token"


class Forbidden(ServiceError):
    status, code, title = 403, "forbidden", "Not allowed for this token"


class BadCode(ServiceError):
    status, code, title = 403, "bad_code", "Wrong table code"


class TableFull(ServiceError):
    status, code, title = 409, "table_full", "The table is full"


class UnsupportedMediaType(ServiceError):
    status, code, title = 415, "unsupported_media_type", "The body is not sent as JSON"


class UnsupportedContentCoding(ServiceError):
    """A body sent compressed (a Content-Encoding): nothing here decodes one, and read as
    it came it would be taken for plain JSON, or refused as broken JSON. RFC 9110 15.5.16:
    say which coding would do."""

    status, code, title = 415, "unsupported_content_coding", "Content coding not supported"
    headers = {"Accept-Encoding": "identity"}


class WrongPhase(ServiceError):
    status, code, title = 409, "wrong_phase", "Not possible in this phase of the game"


class AfterPastEnd(ServiceError):
    """A stream asked to resume after a seq the log has not reached (a log restored from
    a backup, another game's seq): waiting would be silence, so the client is told where
    the log ends."""

    status, code, title = 409, "after_past_end", "Resumed past the end of the log"

    def __init__(self, after: int, last_seq: int):
        super().__init__(f"the log ends at seq {last_seq}, before {after}: resume after last_seq")
        self.members = {"last_seq": last_seq}


class Conflict(ServiceError):
    status, code, title = 409, "conflict", "The game changed at the same time; retry"


class StaleVersion(ServiceError):
    status, code, title = 412, "stale_version", "The game has moved on"


class IdempotencyConflict(ServiceError):
    status, code, title = 422, "idempotency_conflict", "Idempotency-Key reused for another move"


class MalformedFraming(ServiceError):
    """The body's framing is broken (a chunk size that is no hexadecimal number, a chunk
    longer than it said, a bad trailer, a body that ends early): nothing of it is read."""

    status, code, title = 400, "malformed_framing", "Malformed body framing"


class BodyTimeout(ServiceError):
    """The body stalled or trickled: it did not arrive within the server's bound."""

    status, code, title = 408, "request_timeout", "The body did not arrive in time"


class BodyTooLarge(ServiceError):
    """Titled as werkzeug's own 413 (a Content-Length over the limit), the same refusal."""

    status, code, title = 413, "payload_too_large", "Request Entity Too Large"


class ValidationFailed(ServiceError):
    """Input the schema let through but the service refuses; names the field."""

    status, code, title = 422, "validation_error", "Invalid input"

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.errors = {field: [message]}


class RetryLater(ServiceError):
    """A refusal that says when to come back."""

    def __init__(self, detail: str, retry_after: int):
        super().__init__(detail)
        self.headers = {"Retry-After": str(retry_after)}


class TooManyRequests(RetryLater):
    status, code, title = 429, "too_many_requests", "Too many requests"


class Busy(RetryLater):
    status, code, title = 503, "busy", "Too many clients at once; retry"


class DatabaseUnavailable(ServiceError):
    """The database is away or overloaded; nothing was applied unless the move's own
    retry (same ``Idempotency-Key``) says so."""

    status, code, title = 503, "database_unavailable", "The database is unavailable; retry"
    headers = {"Retry-After": "1"}
