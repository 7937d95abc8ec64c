"""Request and response shapes; the OpenAPI document is generated from them."""

import marshmallow as ma
from marshmallow import fields, validate

from ..bots import LEVELS
from ..engine import GAMES

STATUSES = ("waiting", "playing", "round_over", "finished")
MAX_SEED = 2**256 - 1
MAX_SEQ = 2**31 - 1  # event numbers are 32-bit integers in the database
MAX_WAIT = 30


class StrictSchema(ma.Schema):
    """Refuses fields it does not know, so a typo is an error and not a silent default."""

    class Meta:
        unknown = ma.RAISE


class OpenSchema(ma.Schema):
    """Keeps every key it is given: a game's own fields pass through unchanged."""

    class Meta:
        unknown = ma.INCLUDE

    @ma.post_dump(pass_original=True)
    def keep_extra_keys(self, data, original, **_):
        return {**{k: v for k, v in original.items() if k not in data}, **data}


def Int(**kwargs):  # noqa: N802 - reads like a field class
    """A JSON integer that refuses `"4"`, `4.5` and `true` alike (query strings use
    plain ``fields.Integer``, their values being text)."""
    return fields.Integer(strict=True, **kwargs)


class Seed(fields.Field):
    """A seed: a decimal string (as the API sends them: JavaScript cannot hold 128-bit
    integers) or a JSON integer, 0 to 2^256-1."""

    default_error_messages = {"invalid": "a decimal string of at most 78 digits, or an integer"}

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 78:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
            raise self.make_error("invalid")
        return value


class JsonNumber(fields.Float):
    """A JSON number: refuses `"1"` and `true`, which a plain Float would take."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class NameCharacters(validate.Regexp):
    """No control characters (PostgreSQL refuses NUL), bidi overrides and marks (U+202E
    turns the rest of a line around), zero-width ones (two names that look alike), nor
    lone surrogates (not encodable; kept out of the published pattern, which must be
    valid Unicode). The whole value must match: "$" alone would let a final newline in."""

    def __init__(self):
        super().__init__(
            "^[^\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]+$",
            error="no control, bidi-override, zero-width or surrogate characters",
        )

    def __call__(self, value: str) -> str:
        surrogate = any("\ud800" <= ch <= "\udfff" for ch in value)
        if surrogate or self.regex.fullmatch(value) is None:
            raise ma.ValidationError(self._format_error(value))
        return value


def Name(**kwargs):  # noqa: N802
    """A player's name: 1-40 characters, none of them invisible or controlling."""
    return fields.String(validate=[validate.Length(1, 40), NameCharacters()], **kwargs)


def Code(**kwargs):  # noqa: N802
    """A join code as typed: letters and digits, any case."""
    return fields.String(validate=validate.Regexp(r"^[A-Za-z0-9]{1,16}$"), **kwargs)


class CreateGameSchema(StrictSchema):
    type = fields.String(required=True, validate=validate.OneOf(sorted(GAMES)))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seats = Int(
        load_default=None,
        allow_none=True,
        validate=validate.Range(1, 64),
        metadata={"description": "Seats at the table; default the game's maximum"},
    )
    visibility = fields.String(
        load_default="public", validate=validate.OneOf(["public", "private"])
    )
    turn_seconds = Int(
        load_default=None,
        allow_none=True,
        validate=validate.Range(1, 3600),
        metadata={"description": "The turn clock; null: no clock"},
    )
    think_seconds = JsonNumber(
        load_default=1.0,
        validate=validate.Range(0, 30),
        metadata={"description": "How long computer players hesitate before a move"},
    )
    seed = Seed(
        load_default=None,
        allow_none=True,
        metadata={
            "oneOf": [
                {"type": "string", "pattern": "^[0-9]{1,78}$"},
                {"type": "integer", "minimum": 0},
                {"type": "null"},
            ],
            "description": "Fix the random stream (a decimal string, or an integer); default: "
            "128 bits from the OS. The table then says `seeded: true`",
        },
    )


class SeatSchema(OpenSchema):
    """A seat as the whole table sees it; a game may add its own public counts."""

    seat = Int()
    name = fields.String()
    bot = fields.String(allow_none=True)
    cards = Int(allow_none=True, metadata={"description": "Cards in hand (public count)"})
    safe = fields.Boolean()
    out = fields.Boolean()
    score = Int(allow_none=True, metadata={"description": "Match score, in scoring games"})
    lives = Int(allow_none=True)
    rounds_won = Int(metadata={"description": "Rounds of this match won"})
    rounds_lost = Int(metadata={"description": "Rounds lost (Old Maid: times the Old Maid)"})


class GameSchema(ma.Schema):
    id = fields.String()
    type = fields.String()
    options = fields.Dict()
    visibility = fields.String()
    status = fields.String(validate=validate.OneOf(STATUSES))
    round = Int()
    max_seats = Int()
    turn_seconds = Int(allow_none=True)
    think_seconds = fields.Float(metadata={"description": "How long its bots hesitate"})
    seeded = fields.Boolean(metadata={"description": "Whether the host chose the seed"})
    seats = fields.List(fields.Nested(SeatSchema))
    turn = Int(allow_none=True, metadata={"description": "The seat to act, if only one"})
    dealer = Int(allow_none=True, metadata={"description": "The dealer of the current round"})
    deadline = fields.String(allow_none=True, metadata={"format": "date-time"})
    version = Int()
    seed_commitment = fields.String(
        allow_none=True, metadata={"description": "SHA-256 of the seed, from the first deal"}
    )
    created_at = fields.String(metadata={"format": "date-time"})


class CreatedGameSchema(GameSchema):
    host_token = fields.String(metadata={"description": "Bearer token of the host"})
    code = fields.String(allow_none=True, metadata={"description": "Join code (private)"})


class LobbyQuerySchema(StrictSchema):
    type = fields.String(validate=validate.OneOf(sorted(GAMES)))
    status = fields.String(validate=validate.OneOf(STATUSES))
    cursor = fields.String()
    limit = fields.Integer(load_default=20, validate=validate.Range(1, 100))


class LobbySchema(ma.Schema):
    games = fields.List(fields.Nested(GameSchema))
    next_cursor = fields.String(allow_none=True)


class JoinSchema(StrictSchema):
    """A player: `name` (and `code` at a private table); or, with the host token, `bot`."""

    name = Name()
    code = Code()
    bot = fields.String(validate=validate.OneOf(LEVELS))

    @ma.validates_schema
    def name_or_bot(self, data, **_):
        if ("name" in data) == ("bot" in data):
            raise ma.ValidationError("give either a name or a bot level", "name")


class DealSchema(StrictSchema):
    fill_with_bots = fields.String(
        validate=validate.OneOf(LEVELS),
        metadata={
            "description": "First deal: seat computer players of this level at every free seat"
        },
    )


class JoinedSchema(ma.Schema):
    seat = Int()
    token = fields.String(
        allow_none=True,
        metadata={"description": "Bearer token of this seat; null for a computer player"},
    )


class CodeJoinSchema(StrictSchema):
    code = Code(required=True)
    name = Name(required=True)


class CodeJoinedSchema(JoinedSchema):
    game_id = fields.String()


class MoveSchema(OpenSchema):
    """One object of the seat's `legal_moves`, verbatim."""

    type = fields.String(required=True)


class MoveHeadersSchema(ma.Schema):
    """Checked after the token, so a stranger gets a 401 and learns nothing more."""

    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        metadata={
            "description": "1-200 printable ASCII characters; a retry with it replays the answer"
        },
    )
    if_match = fields.String(
        data_key="If-Match", metadata={"description": "The version the move is meant for"}
    )


class EventSchema(ma.Schema):
    seq = Int()
    round = Int()
    type = fields.String()
    seat = Int(allow_none=True)
    by = fields.String(
        allow_none=True,
        validate=validate.OneOf(["player", "bot", "autopilot", "clock"]),
        metadata={
            "description": "On a move's own event: who made it (the seat's player, "
            "a bot, autopilot, or the clock when it ran out); null on other events"
        },
    )
    at = fields.String(metadata={"format": "date-time"})
    data = fields.Dict()


class EventsQuerySchema(StrictSchema):
    after = fields.Integer(load_default=0, validate=validate.Range(0, MAX_SEQ))
    limit = fields.Integer(load_default=100, validate=validate.Range(1, 500))
    wait = fields.Float(
        load_default=0,
        validate=validate.Range(0, MAX_WAIT),
        metadata={"description": "Seconds to wait for an event after `after` (long poll)"},
    )


class StreamQuerySchema(StrictSchema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(0, MAX_SEQ),
        metadata={"description": "Send the events after this seq (Last-Event-ID wins)"},
    )


class StreamHeadersSchema(ma.Schema):
    last_event_id = fields.Integer(
        data_key="Last-Event-ID",
        validate=validate.Range(0, MAX_SEQ),
        metadata={"description": "The `id` of the last event received: resume after it"},
    )


class EventsPageSchema(ma.Schema):
    events = fields.List(fields.Nested(EventSchema))
    last_seq = Int()


class ViewSchema(OpenSchema):
    """The common fields; each game adds its own (see the catalogue)."""

    game_id = fields.String()
    type = fields.String()
    status = fields.String()
    round = Int()
    version = Int()
    seat = Int(allow_none=True)
    legal_moves = fields.List(fields.Dict())
    deadline = fields.String(allow_none=True, metadata={"format": "date-time"})
    seed_commitment = fields.String(allow_none=True)


class MoveAnswerSchema(ma.Schema):
    events = fields.List(fields.Nested(EventSchema))
    view = fields.Nested(ViewSchema)


class OptionSchema(ma.Schema):
    name = fields.String()
    default = fields.Raw()
    allowed = fields.List(fields.Raw())
    minimum = Int(allow_none=True, metadata={"description": "Integers from here are allowed"})
    maximum = Int(allow_none=True)
    description = fields.String()


class PlayersSchema(ma.Schema):
    min = Int()
    max = Int()


class GameTypeSchema(ma.Schema):
    slug = fields.String()
    title = fields.String()
    players = fields.Nested(PlayersSchema)
    options = fields.List(fields.Nested(OptionSchema))
    deck = fields.Dict()
    rules = fields.String()


class CatalogSchema(ma.Schema):
    games = fields.List(fields.Nested(GameTypeSchema))


class HealthSchema(ma.Schema):
    status = fields.String()
    waiters = Int(
        metadata={
            "description": "Requests of this process waiting for events (long polls and streams)"
        }
    )
