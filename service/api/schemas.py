"""Request and response shapes; the OpenAPI document is generated from them. The
games' own moves, views, events and options come from the engine's declarations
(``shapes``)."""

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar, cast, get_args, get_type_hints

import marshmallow as ma
from marshmallow import fields, validate

from .. import engine
from ..bots import LEVELS
from ..engine import GAMES, REACTIONS
from ..table.records import MadeBy, Status, Visibility
from .shapes import Enum, Int, StrictBoolean, fields_of, merged_schema, one_of
from .texts import LANGUAGES

STATUSES = [status.value for status in Status]
VISIBILITIES = [visibility.value for visibility in Visibility]
BY = [by.value for by in MadeBy]
# One named schema per enum of the API (the engine's own, Suit and Rank, come with it).
ENUMS = {
    "GameType": sorted(GAMES),
    "Status": STATUSES,
    "Visibility": VISIBILITIES,
    "BotLevel": list(LEVELS),
    "MadeBy": BY,
    "TicketStatus": ["waiting", "seated"],  # Play now's
}
MAX_SEED = 2**256 - 1
MAX_SEQ = 2**31 - 1  # event numbers are 32-bit integers in the database
MAX_WAIT = 30
SEEDED = "Whether the host chose the seed (then whoever knows it knows every card)"


class StrictSchema(ma.Schema):
    """Refuses fields it does not know, so a typo is an error and not a silent default."""

    class Meta:
        unknown = ma.RAISE


FieldT = TypeVar("FieldT", bound=fields.Field)


def Required(field_class: Callable[..., FieldT], *args: Any, **kwargs: Any) -> FieldT:  # noqa: N802
    """A response field that is always present."""
    return field_class(*args, required=True, **kwargs)


def DateTime(**kwargs: Any) -> fields.String:  # noqa: N802
    """A moment as the service writes it: ISO 8601 text, with its UTC offset."""
    return fields.String(metadata={"format": "date-time", **kwargs.pop("metadata", {})}, **kwargs)


class Seed(fields.Field):
    """A seed: a decimal string (as the API sends them: JavaScript cannot hold 128-bit
    integers) or a JSON integer, 0 to 2^256-1."""

    default_error_messages = {"invalid": "a decimal string of at most 78 digits, or an integer"}

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 78:
            value = int(value)
        if isinstance(value, float) and value.is_integer():  # 318.0 is JSON's integer 318
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
            raise self.make_error("invalid")
        return value


class JsonNumber(fields.Float):
    """A JSON number: refuses `"1"` and `true`, which a plain Float would take."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class NameCharacters(validate.Regexp):
    """No control characters (PostgreSQL refuses NUL), bidi overrides and marks (U+202E
    turns the rest of a line around), zero-width ones (two names that look alike), nor
    lone surrogates (not encodable; kept out of the published pattern, which must be
    valid Unicode). The whole value must match: "$" alone would let a final newline in."""

    regex: re.Pattern[str]

    def __init__(self) -> None:
        super().__init__(
            "^[^\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]+$",
            error="no control, bidi-override, zero-width or surrogate characters",
        )

    # names are str only: the bytes overload of Regexp.__call__ never applies
    def __call__(self, value: str) -> str:  # type: ignore[override]
        surrogate = any("\ud800" <= ch <= "\udfff" for ch in value)
        if surrogate or self.regex.fullmatch(value) is None:
            raise ma.ValidationError(self._format_error(value))
        return value


def Name(**kwargs: Any) -> fields.String:  # noqa: N802
    """A player's name: 1-40 characters, none of them invisible or controlling."""
    return fields.String(validate=[validate.Length(1, 40), NameCharacters()], **kwargs)


def Code(**kwargs: Any) -> fields.String:  # noqa: N802
    """A join code as typed: letters and digits, any case."""
    return fields.String(validate=validate.Regexp(r"^[A-Za-z0-9]{1,16}$"), **kwargs)


# a seed that is not null: only on a private table (``seed_only_private``)
SEED_RULE = {
    "if": {"required": ["seed"], "properties": {"seed": {"not": {"type": "null"}}}},
    "then": {"required": ["visibility"], "properties": {"visibility": {"const": "private"}}},
}


class CreateGameFields(StrictSchema):
    """What every table is created with; each game adds its `type`, `seats` and `options`."""

    json_schema: ClassVar[dict] = {}  # each game's rules of options (``OPTION_RULES``)

    visibility = Enum("Visibility", VISIBILITIES, load_default=Visibility.PUBLIC.value)
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
                {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
                {"type": "null"},
            ],
            "description": "Only for private tables (a public table with a seed is refused, "
            "422): the seed decides every shuffle, so whoever knows or guesses it knows every "
            "card. Fixes the random stream (a decimal string, or an integer); default: 128 "
            "bits from the OS. The table then says `seeded: true`",
        },
    )

    @ma.validates_schema(skip_on_field_errors=True)
    def seed_only_private(self, data: dict[str, Any], **_: Any) -> None:
        # a chosen seed is reproducible by design: a player who guesses it from her own
        # hand (small seeds fall in seconds) knows every hand and the stock
        if data.get("seed") is not None and data["visibility"] != Visibility.PRIVATE:
            raise ma.ValidationError(
                "a chosen seed is only allowed on private tables: whoever knows or guesses "
                "it knows every card",
                "seed",
            )


def option_field(option: engine.Option) -> fields.Field:
    """A table option as the catalogue declares it: a value of ``allowed``, or an
    integer from ``minimum`` to ``maximum``. Defaults are the game's to fill in (a preset
    sets several), so the schema names none: a generated client then leaves out what
    its caller did not set, rather than sending defaults that contradict a preset."""
    listed = [value for value in option.allowed if value is not None]
    kwargs: dict[str, Any] = {
        "allow_none": None in option.allowed,
        "metadata": {"description": option.description},
    }
    if listed and all(isinstance(value, bool) for value in listed):
        return StrictBoolean(**kwargs)
    if all(isinstance(value, int) for value in listed) and (listed or option.minimum):
        low, high = option.minimum, option.maximum
        check = validate.Range(low, high) if low is not None else validate.OneOf(listed)
        return Int(validate=check, **kwargs)
    return fields.String(validate=validate.OneOf(listed), **kwargs)


def _pascal(slug: str) -> str:
    return "".join(part.title() for part in slug.replace("_", "-").split("-"))


def _given(**options: dict) -> dict:
    """A create body that sets these options to these values."""
    return {
        "required": ["options"],
        "properties": {"options": {"required": list(options), "properties": options}},
    }


def _options_are(**options: dict) -> dict:
    return {"properties": {"options": {"properties": options}}}


def _seats(**bounds: int) -> dict:
    """Seats within these bounds, or null (as many as the options allow: a bound on a
    number says nothing of null)."""
    return {"properties": {"seats": bounds}}


NOT_QUEEN = {"enum": ["jack", "joker"]}
# What the engine refuses of options the fields allow one by one (``resolve_options``
# and ``player_range`` of each game), as JSON Schema, so the document admits exactly the
# tables the service creates (the fuzzing's positive-data check holds them to it).
OPTION_RULES: dict[str, list[dict]] = {
    "old-maid": [
        {"if": _given(preset={"const": "family"}), "else": _seats(maximum=4)},
        {"if": _given(odd_card=NOT_QUEEN), "then": _options_are(remove_queens={"type": "null"})},
        {"if": _given(remove_queens={"type": "null"}), "then": _given(odd_card=NOT_QUEEN)},
        {
            "if": _given(preset={"const": "family"}, remove_queens={"const": 1}),
            "then": _options_are(pair_by={"const": "rank_and_colour"}),
        },
    ],
    "blind-date": [
        {"if": _given(deck={"const": 32}), "then": _seats(maximum=8)},
        {"if": _given(deck={"const": 72}), "then": _seats(minimum=6)},
    ],
    "crazy-eights": [
        {"if": _given(partnership={"const": True}), "then": _seats(minimum=4, maximum=4)}
    ],
    "spoons": [
        {
            "if": _given(signal={"const": "pig"}),
            "then": _options_are(pass_after_signal={"const": False}),
        }
    ],
}


def create_game_schema(rules: engine.Rules) -> type[ma.Schema]:
    """``POST /v1/games`` for one game: its options and seat count checked by the schema."""
    options = StrictSchema.from_dict(
        {option.name: option_field(option) for option in rules.options},
        name=f"{_pascal(rules.slug)}Options",
    )
    fields_ = CreateGameFields.from_dict(
        {
            "type": fields.String(required=True, validate=validate.Equal(rules.slug)),
            "options": fields.Nested(options, load_default=dict),
            "seats": Int(
                load_default=None,
                allow_none=True,
                validate=validate.Range(rules.min_players, rules.max_players),
                metadata={"description": "Seats at the table; default: the most it takes"},
            ),
        },
        name=f"Create{_pascal(rules.slug)}Game",
    )
    created = cast(type[CreateGameFields], fields_)
    created.json_schema = {"allOf": [SEED_RULE, *OPTION_RULES.get(rules.slug, [])]}
    return created


CreateGameSchema = one_of(
    "CreateGameSchema", {slug: create_game_schema(rules) for slug, rules in GAMES.items()}
)


class SeatBase(ma.Schema):
    """A seat as the whole table sees it: the spectator's view of it, and the match."""

    seat = Required(Int)
    name = Required(fields.String)
    bot = Required(Enum, "BotLevel", LEVELS, allow_none=True)
    cards = Required(Int, allow_none=True, metadata={"description": "Cards in hand"})
    safe = Required(fields.Boolean, metadata={"description": "Out of cards: safe"})
    out = Required(fields.Boolean, metadata={"description": "Out of cards, or of the match"})
    score = Required(Int, allow_none=True, metadata={"description": "Match score, if kept"})
    lives = Required(Int, allow_none=True)
    rounds_won = Required(Int, metadata={"description": "Rounds of this match won"})
    rounds_lost = Required(
        Int, metadata={"description": "Rounds lost (Old Maid: times the Old Maid)"}
    )
    held_until = Required(
        DateTime,
        allow_none=True,
        metadata={
            "description": "At a rematch: the seat is held for the person who had it in the "
            "finished match until then (or until the first deal); null: taken"
        },
    )


def _player_fields() -> dict[str, fields.Field]:
    """The games' own public seat data (from each view's ``players`` entries), each
    optional: a seat carries those of its game."""
    extra: dict[str, fields.Field] = {}
    for rules in GAMES.values():
        (player,) = get_args(get_type_hints(rules.view_type)["players"])
        for name, field in fields_of(player).items():
            if name in SeatBase._declared_fields:
                continue
            field.required = False
            known = extra.setdefault(name, field)
            if type(known) is not type(field):
                raise TypeError(f"seat field {name!r} is typed differently by two games")
    return extra


SeatSchema = SeatBase.from_dict(_player_fields(), name="SeatSchema")


class GameSchema(ma.Schema):
    id = Required(fields.String, metadata={"format": "uuid"})
    type = Required(Enum, "GameType", sorted(GAMES))
    options = Required(fields.Dict, metadata={"description": "Every option, defaults filled in"})
    visibility = Required(Enum, "Visibility", VISIBILITIES)
    status = Required(Enum, "Status", STATUSES)
    round = Required(Int)
    max_seats = Required(Int)
    turn_seconds = Required(Int, allow_none=True)
    think_seconds = Required(fields.Float, metadata={"description": "How long its bots hesitate"})
    seeded = Required(fields.Boolean, metadata={"description": SEEDED})
    seats = Required(fields.List, fields.Nested(SeatSchema))
    turn = Required(Int, allow_none=True, metadata={"description": "The seat to act, if one"})
    to_act = Required(fields.List, Int(), metadata={"description": "Every seat that may act now"})
    dealer = Required(
        Int, allow_none=True, metadata={"description": "The dealer of the current round"}
    )
    deadline = Required(
        DateTime,
        allow_none=True,
        metadata={"description": "When the clock runs out for the seat to act, if one"},
    )
    version = Required(Int)
    seed_commitment = Required(
        fields.String,
        allow_none=True,
        metadata={"description": "SHA-256 of the nonce and the seed, from the first deal"},
    )
    created_at = Required(DateTime)
    next_game_id = Required(
        fields.String,
        allow_none=True,
        metadata={
            "format": "uuid",
            "description": "The table this finished match is played again at "
            "(`POST /v1/games/{id}/rematch`); null until someone asks for one",
        },
    )


class CreatedGameSchema(GameSchema):
    host_token = Required(fields.String, metadata={"description": "Bearer token of the host"})
    code = Required(fields.String, allow_none=True, metadata={"description": "Join code (private)"})


class RematchSchema(CreatedGameSchema):
    """The table a finished match is played again at, with the caller seated where she
    sat. Its bots sit at their seats, and every other person's seat is held for them
    (`held_until`) until they call too."""

    seat = Required(Int, metadata={"description": "The caller's seat there, as it sat here"})
    token = Required(
        fields.String,
        metadata={"description": "The caller's seat token there; the same at every call"},
    )
    code = Required(
        fields.String,
        allow_none=True,
        metadata={"description": "Join code of a private table: only to its host"},
    )
    host_token = fields.String(
        metadata={"description": "Bearer token of the host: only to the seat that made it"}
    )


class LobbyQuerySchema(StrictSchema):
    type = Enum("GameType", sorted(GAMES))
    status = Enum("Status", STATUSES)
    cursor = fields.String(
        validate=validate.Regexp(r"^[0-9]{1,16}-[0-9a-f]{32}$"),
        metadata={"description": "The `next_cursor` of the page before, as it came"},
    )
    limit = fields.Integer(load_default=20, validate=validate.Range(1, 100))


class LobbySchema(ma.Schema):
    games = Required(fields.List, fields.Nested(GameSchema))
    next_cursor = Required(
        fields.String, allow_none=True, metadata={"description": "null: the last page"}
    )


class JoinSchema(StrictSchema):
    """A player: `name` (and `code` at a private table); or, with the host token, `bot`."""

    # a name and no bot, or a bot (``name_or_bot``): if/then, which generators leave be
    json_schema = {
        "if": {"required": ["name"]},
        "then": {"not": {"required": ["bot"]}},
        "else": {"required": ["bot"]},
    }

    name = Name()
    code = Code()
    bot = Enum("BotLevel", LEVELS)

    @ma.validates_schema
    def name_or_bot(self, data: dict[str, Any], **_: Any) -> None:
        if ("name" in data) == ("bot" in data):
            raise ma.ValidationError("give either a name or a bot level", "name")


class DealSchema(StrictSchema):
    fill_with_bots = Enum(
        "BotLevel",
        LEVELS,
        metadata={
            "description": "First deal: seat computer players of this level at every free seat"
        },
    )


class JoinedSchema(ma.Schema):
    seat = Required(Int)
    token = Required(
        fields.String,
        allow_none=True,
        metadata={"description": "Bearer token of this seat; null for a computer player"},
    )


class CodeJoinSchema(StrictSchema):
    code = Code(required=True)
    name = Name(required=True)


class CodeJoinedSchema(JoinedSchema):
    game_id = Required(fields.String, metadata={"format": "uuid"})


def move_schema(kind: type[engine.Move]) -> type[ma.Schema]:
    """One move kind's schema: it loads into the engine's dataclass (the one way in)."""

    def to_move(self: ma.Schema, data: dict[str, Any], **_: Any) -> engine.Move:
        del data["type"]
        return kind(**data)

    # the fields, and the post_load hook: from_dict makes every entry an attribute of the
    # class, though it is typed as taking fields only
    declared: dict[str, Any] = {
        "type": Required(fields.String, validate=validate.Equal(kind.kind)),
        **fields_of(kind),
        "to_move": ma.post_load(to_move),
    }
    return StrictSchema.from_dict(declared, name=f"{_pascal(kind.kind)}Move")


def _move_kinds() -> dict[str, type[engine.Move]]:
    """Every game's move kinds by their ``type``, and ``resume``; one class per type."""
    kinds: dict[str, type[engine.Move]] = {engine.Resume.kind: engine.Resume}
    for rules in GAMES.values():
        for kind in rules.moves:
            if kinds.setdefault(kind.kind, kind) is not kind:
                raise TypeError(f"two games declare the move {kind.kind!r}")
    return kinds


MOVE_SCHEMAS = {t: move_schema(kind) for t, kind in _move_kinds().items()}
MoveSchema = one_of("MoveSchema", MOVE_SCHEMAS)


def legal_move_schema(rules: engine.Rules) -> type[ma.Schema]:
    """The moves of one game (and ``resume``): a view's ``legal_moves`` lists only these,
    so a client narrows on the view's ``type`` and then on the move's."""
    kinds: list[type[engine.Move]] = [engine.Resume, *rules.moves]
    return one_of(f"{_pascal(rules.slug)}LegalMove", {k.kind: MOVE_SCHEMAS[k.kind] for k in kinds})


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


class EventFields(ma.Schema):
    """What every event has; each event type adds its ``data``."""

    seq = Required(Int, metadata={"description": "From 1, per game, with no gaps"})
    round = Required(Int)
    seat = Required(Int, allow_none=True, metadata={"description": "The seat it is about"})
    by = Required(
        Enum,
        "MadeBy",
        BY,
        allow_none=True,
        metadata={
            "description": "On a move's own event: who made it (the seat's player, "
            "a bot, autopilot, or the clock when it ran out); null on other events"
        },
    )
    at = Required(DateTime)


def event_schema(type_: str, data: type[ma.Schema]) -> type[ma.Schema]:
    return EventFields.from_dict(
        {
            "type": Required(fields.String, validate=validate.Equal(type_)),
            "data": Required(fields.Nested, data),
        },
        name=f"{_pascal(type_)}Event",
    )


def _event_types() -> dict[str, type[ma.Schema]]:
    """Every event type of every game, and the service's own; one data schema each."""
    declared: dict[str, list[type]] = {}
    for events in [engine.SERVICE_EVENTS, *(rules.events for rules in GAMES.values())]:
        for type_, data in events.items():
            declared.setdefault(type_, []).append(data)
    return {
        type_: event_schema(type_, merged_schema(f"{_pascal(type_)}Data", classes))
        for type_, classes in sorted(declared.items())
    }


EventSchema = one_of("EventSchema", _event_types())


class EventsQuerySchema(StrictSchema):
    after = fields.Integer(load_default=0, validate=validate.Range(0, MAX_SEQ))
    limit = fields.Integer(load_default=100, validate=validate.Range(1, 500))
    wait = fields.Float(
        load_default=0,
        validate=validate.Range(0, MAX_WAIT),
        metadata={"description": "Seconds to wait for an event after `after` (long poll)"},
    )
    view = fields.Boolean(
        load_default=False,
        metadata={
            "description": "`true` (or `1`): a page that reaches `last_seq` carries the "
            "seat's `view`, so the client need not ask for it"
        },
    )


class StreamQuerySchema(StrictSchema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(0, MAX_SEQ),
        metadata={"description": "Send the events after this seq (Last-Event-ID wins)"},
    )
    view = fields.Boolean(
        load_default=False,
        metadata={
            "description": "`true` (or `1`): after each burst of events, and on opening, "
            "an `event: view` message with the seat's view"
        },
    )
    rematch = fields.Boolean(
        load_default=False,
        metadata={
            "description": "`true` (or `1`): once the match is finished, stay open until it "
            "is played again (its `rematch` event), for up to 10 minutes, then end"
        },
    )


class StreamHeadersSchema(ma.Schema):
    last_event_id = fields.Integer(
        data_key="Last-Event-ID",
        validate=validate.Range(0, MAX_SEQ),
        metadata={"description": "The `id` of the last event received: resume after it"},
    )


class ViewFields(ma.Schema):
    """What every view has; each game adds its own fields."""

    game_id = Required(fields.String, metadata={"format": "uuid"})
    status = Required(Enum, "Status", STATUSES)
    round = Required(Int)
    version = Required(Int)
    seat = Required(Int, allow_none=True, metadata={"description": "null: a spectator"})
    to_act = Required(fields.List, Int(), metadata={"description": "Every seat that may act"})
    deadline = Required(
        DateTime,
        allow_none=True,
        metadata={"description": "When this seat's clock runs out (else the one seat's to act)"},
    )
    seeded = Required(fields.Boolean, metadata={"description": SEEDED})
    seed_commitment = Required(fields.String, allow_none=True)


def view_schema(rules: engine.Rules) -> type[ma.Schema]:
    """A game's view: the common fields, and before the first deal nothing more (the
    game's own fields are absent then)."""
    own = fields_of(rules.view_type)
    for field in own.values():
        field.required = False  # absent before the first deal
    legal_moves = Required(
        fields.List,
        fields.Nested(legal_move_schema(rules)),
        metadata={"description": "Every move this seat may send now, ready to send"},
    )
    return ViewFields.from_dict(
        {
            "type": Required(fields.String, validate=validate.Equal(rules.slug)),
            "legal_moves": legal_moves,
            **own,
        },
        name=f"{_pascal(rules.slug)}View",
    )


ViewSchema = one_of("ViewSchema", {slug: view_schema(rules) for slug, rules in GAMES.items()})


class EventsPageSchema(ma.Schema):
    events = Required(fields.List, fields.Nested(EventSchema))
    last_seq = Required(Int, metadata={"description": "The game's newest seq"})
    view = fields.Nested(
        ViewSchema,
        metadata={
            "description": "With `view=true`, when the page reaches `last_seq`: the seat's "
            "view as of that event (as `GET /view` answers it)"
        },
    )


class SeatHereSchema(ma.Schema):
    seat = Required(Int)
    here = Required(
        fields.Boolean,
        metadata={"description": "A live stream of this seat is open (else: away)"},
    )


class PresenceSchema(ma.Schema):
    seats = Required(fields.List, fields.Nested(SeatHereSchema))
    spectators = Required(Int, metadata={"description": "Live streams without a seat"})


class ReactSchema(StrictSchema):
    reaction = Required(Enum, "Reaction", REACTIONS)


class MoveAnswerSchema(ma.Schema):
    events = Required(fields.List, fields.Nested(EventSchema))
    view = Required(fields.Nested, ViewSchema)


class OptionWordsSchema(ma.Schema):
    title = Required(fields.String, metadata={"description": "The option's name for people"})
    help = Required(fields.String, metadata={"description": "What it does, in one line"})
    values = Required(
        fields.List,
        fields.String(),
        metadata={
            "description": "A title for each value of `allowed`, in its order (none for the "
            "integers from `minimum` to `maximum`)"
        },
    )


def text_schema(words: type[ma.Schema]) -> type[ma.Schema]:
    """Words for people by language, every language of ``texts.LANGUAGES`` in the shape
    ``words`` gives (an option's or a game's): ``OptionWordsSchema`` makes ``OptionText``."""
    by_language: dict[str, fields.Field[Any]] = {
        language: Required(fields.Nested, words) for language in LANGUAGES
    }
    return ma.Schema.from_dict(by_language, name=words.__name__.replace("Words", "Text"))


class GameWordsSchema(ma.Schema):
    title = Required(fields.String)
    rules = Required(fields.String, metadata={"description": "A summary of the rules"})


class OptionSchema(ma.Schema):
    name = Required(fields.String)
    default = Required(fields.Raw, allow_none=True)
    allowed = Required(fields.List, fields.Raw(allow_none=True))
    minimum = Required(
        Int, allow_none=True, metadata={"description": "Integers from here are allowed"}
    )
    maximum = Required(Int, allow_none=True)
    description = Required(fields.String)
    text = Required(
        fields.Nested,
        text_schema(OptionWordsSchema),
        metadata={"description": "Its words for people, by language (`en`, `fi`)"},
    )


class PlayerRangeSchema(ma.Schema):
    min = Required(Int)
    max = Required(Int)


class PlayersSchema(PlayerRangeSchema):
    by_default = Required(
        fields.Nested,
        PlayerRangeSchema,
        metadata={
            "description": "How many may play with the default options (a preset may "
            "narrow the game's range: Old Maid's online rules take 2-4, its family 2-8)"
        },
    )


class CatalogEntrySchema(ma.Schema):
    slug = Required(Enum, "GameType", sorted(GAMES))
    title = Required(fields.String)
    players = Required(fields.Nested, PlayersSchema)
    options = Required(fields.List, fields.Nested(OptionSchema))
    deck = Required(fields.Dict, metadata={"description": "The deck and its card ids"})
    rules = Required(
        fields.String, metadata={"description": "A summary; the full rules are at `rules_url`"}
    )
    rules_url = Required(
        fields.String,
        metadata={
            "format": "uri-reference",
            "description": "The game's section of the rules as the service plays them (every "
            "option, the clock, autopilot, bots and scoring): an HTML page of this service, "
            "`/rules#<type>`",
        },
    )
    text = Required(
        fields.Nested,
        text_schema(GameWordsSchema),
        metadata={"description": "Its title and rules summary for people, by language"},
    )


class CatalogSchema(ma.Schema):
    games = Required(fields.List, fields.Nested(CatalogEntrySchema))


class HealthSchema(ma.Schema):
    status = Required(fields.String)
    waiters = Required(
        Int,
        metadata={
            "description": "Requests of this process waiting for events (long polls and streams)"
        },
    )


class ReadySchema(ma.Schema):
    status = Required(fields.String)


# -- Play now --------------------------------------------------------------------------


def _quickplay_seats(rules: engine.Rules) -> dict:
    """A game's seats at a Play now table: its range with its default options."""
    low, high = rules.player_range(rules.resolve_options({}))
    return {
        "if": {"required": ["type"], "properties": {"type": {"const": rules.slug}}},
        "then": _seats(minimum=low, maximum=high),
    }


class QuickplaySchema(StrictSchema):
    """Play now: a seat at the next table of a game, with whoever else presses it."""

    # each game's range of seats (checked again by the service: ``check_players``)
    json_schema = {"allOf": [_quickplay_seats(rules) for rules in GAMES.values()]}

    type = Required(Enum, "GameType", sorted(GAMES))
    seats = Int(
        load_default=None,
        allow_none=True,
        validate=validate.Range(
            min(rules.min_players for rules in GAMES.values()),
            max(rules.max_players for rules in GAMES.values()),
        ),
        metadata={
            "description": "Seats at the table, within the game's range with its default "
            "options; default: 4, or the nearest the game takes. Only tickets of the same "
            "game and seats share a table"
        },
    )
    name = Name(required=True)
    bots = StrictBoolean(
        load_default=True,
        metadata={
            "description": "Whether computer players may fill the seats nobody took by "
            "`fill_at`; false: only a table of people"
        },
    )


class TicketQuerySchema(StrictSchema):
    wait = fields.Float(
        load_default=0,
        validate=validate.Range(0, MAX_WAIT),
        metadata={"description": "Seconds to wait for the ticket to be seated (long poll)"},
    )


class TicketSchema(ma.Schema):
    """A Play now ticket. It stays in the queue while it is polled: one nobody polls
    for about 10 seconds after a poll's `wait` (15 after it was taken) is passed over."""

    id = Required(fields.String, metadata={"format": "uuid"})
    status = Required(
        Enum,
        "TicketStatus",
        ENUMS["TicketStatus"],
        metadata={"description": "`seated` once the ticket has a seat at `game_id`"},
    )
    type = Required(Enum, "GameType", sorted(GAMES))
    seats = Required(Int)
    bots = Required(fields.Boolean)
    fill_at = Required(
        DateTime,
        allow_none=True,
        metadata={
            "description": "When computer players fill the seats of its table nobody took; "
            "null without bots"
        },
    )
    game_id = Required(
        fields.String,
        allow_none=True,
        metadata={"format": "uuid", "description": "The table, once seated: dealt already"},
    )
    seat = Required(
        Int,
        allow_none=True,
        metadata={"description": "Its seat there; the ticket's token is the seat's token"},
    )


class CreatedTicketSchema(TicketSchema):
    token = Required(
        fields.String,
        metadata={
            "description": "Bearer token of the ticket, shown once: poll the ticket with it, "
            "and once seated it plays the seat"
        },
    )
