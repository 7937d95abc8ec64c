"""Plays a round of every game in the catalogue through the Python client that
openapi-python-client generates from ``openapi/openapi.json``, using its typed models only.

The generated package (``card_table_client``, committed in ``clients/python`` and installed
with ``pip install -e clients/python``) must be importable when this module is imported;
``test_generated_client.py`` checks this module with ``mypy --strict`` on its own, so nothing
here imports the service or the test suite.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, assert_never
from uuid import UUID

from card_table_client import AuthenticatedClient, Client, live
from card_table_client.api.catalog import get_catalog
from card_table_client.api.games import (
    create_game,
    deal,
    end_match,
    get_view,
    join_game,
    list_events,
    play_move,
)
from card_table_client.models import (
    AskEvent,
    AskMove,
    BlindDateView,
    BookEvent,
    BotLevel,
    CatalogEntry,
    CrazyEightsOptions,
    CrazyEightsView,
    CreateBlindDateGame,
    CreateCrazyEightsGame,
    CreatedGame,
    CreateGoFishGame,
    CreateMysteryDateGame,
    CreateOldMaidGame,
    CreateSpoonsGame,
    Deal,
    DealEvent,
    DiscardEvent,
    DiscardMove,
    DoorEvent,
    DrawEvent,
    DrawMove,
    GameOverEvent,
    GameType,
    GiveEvent,
    GiveMove,
    GoFishEvent,
    GoFishView,
    HandEvent,
    Join,
    JoinedEvent,
    LeftEvent,
    MadeBy,
    MoveAnswer,
    MysteryDateOptions,
    MysteryDateView,
    NothingEvent,
    OfferEvent,
    OldMaidOptions,
    OldMaidOptionsPreset,
    OldMaidView,
    OutEvent,
    PairsEvent,
    PassEvent,
    PassMove,
    PickEvent,
    PickMove,
    PilesEvent,
    PlayEvent,
    PlayMove,
    Problem,
    ResumeEvent,
    ResumeMove,
    RollEvent,
    RollMove,
    RoundAbandonedEvent,
    RoundOverEvent,
    SafeEvent,
    ShowMove,
    SignalEvent,
    SignalMove,
    SpoonsView,
    StarterEvent,
    Status,
    TakeDiscardEvent,
    TakeDiscardMove,
    TakeEvent,
    TakeMove,
    TimeoutEvent,
    VacatedEvent,
    Visibility,
    WonEvent,
)
from card_table_client.types import Unset

Move = (
    AskMove
    | DiscardMove
    | DrawMove
    | GiveMove
    | PassMove
    | PickMove
    | PlayMove
    | ResumeMove
    | RollMove
    | ShowMove
    | SignalMove
    | TakeDiscardMove
    | TakeMove
)
View = BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView
CreateBody = (
    CreateBlindDateGame
    | CreateCrazyEightsGame
    | CreateGoFishGame
    | CreateMysteryDateGame
    | CreateOldMaidGame
    | CreateSpoonsGame
)
Event = (
    AskEvent
    | BookEvent
    | DealEvent
    | DiscardEvent
    | DoorEvent
    | DrawEvent
    | GameOverEvent
    | GiveEvent
    | GoFishEvent
    | HandEvent
    | JoinedEvent
    | LeftEvent
    | NothingEvent
    | OfferEvent
    | OutEvent
    | PairsEvent
    | PassEvent
    | PickEvent
    | PilesEvent
    | PlayEvent
    | ResumeEvent
    | RollEvent
    | RoundAbandonedEvent
    | RoundOverEvent
    | SafeEvent
    | SignalEvent
    | StarterEvent
    | TakeDiscardEvent
    | TakeEvent
    | TimeoutEvent
    | VacatedEvent
    | WonEvent
)

T = TypeVar("T")

END_OF_ROUND = (Status.ROUND_OVER, Status.FINISHED)
MAX_MOVES = 2000  # far more than a round of any game takes
WAIT_SECONDS = 60.0  # for the bots to hand the turn back


@dataclass(frozen=True)
class Played:
    """What one game's round came to."""

    slug: GameType
    seats: int
    human_seat: int
    moves: int
    move_kinds: frozenset[str]
    status: Status
    events: int


def ok(answer: T | Problem | None, what: str) -> T:
    """The answer of a call that must succeed (the SDK's ``ok``, with what it was for)."""
    try:
        return live.ok(answer)
    except live.Refused as refused:
        raise AssertionError(f"{what} failed: {refused} {refused.problem!r}") from refused


def create_body(slug: GameType, seats: int, seed: str) -> CreateBody:
    """A private table (kept out of the lobby) of ``seats``, seeded, bots without delay."""
    match slug:
        case GameType.OLD_MAID:
            # a preset alone: the options the caller leaves out must stay out
            return CreateOldMaidGame(
                type_="old-maid",
                seats=seats,
                seed=seed,
                think_seconds=0.0,
                visibility=Visibility.PRIVATE,
                options=OldMaidOptions(preset=OldMaidOptionsPreset.FAMILY),
            )
        case GameType.BLIND_DATE:
            return CreateBlindDateGame(
                type_="blind-date",
                seats=seats,
                seed=seed,
                think_seconds=0.0,
                visibility=Visibility.PRIVATE,
            )
        case GameType.CRAZY_EIGHTS:
            return CreateCrazyEightsGame(
                type_="crazy-eights",
                seats=seats,
                seed=seed,
                think_seconds=0.0,
                visibility=Visibility.PRIVATE,
                options=CrazyEightsOptions(target_score=150),
            )
        case GameType.GO_FISH:
            return CreateGoFishGame(
                type_="go-fish",
                seats=seats,
                seed=seed,
                think_seconds=0.0,
                visibility=Visibility.PRIVATE,
            )
        case GameType.SPOONS:
            return CreateSpoonsGame(
                type_="spoons",
                seats=seats,
                seed=seed,
                think_seconds=0.0,
                visibility=Visibility.PRIVATE,
            )
        case GameType.MYSTERY_DATE:
            return CreateMysteryDateGame(
                type_="mystery-date",
                seats=seats,
                seed=seed,
                think_seconds=0.0,
                visibility=Visibility.PRIVATE,
                options=MysteryDateOptions(mid_side_doors=True),
            )
        case _:
            assert_never(slug)


def view_class(slug: GameType) -> type[View]:
    """The member of the view union that a table of ``slug`` answers with."""
    match slug:
        case GameType.OLD_MAID:
            return OldMaidView
        case GameType.BLIND_DATE:
            return BlindDateView
        case GameType.CRAZY_EIGHTS:
            return CrazyEightsView
        case GameType.GO_FISH:
            return GoFishView
        case GameType.SPOONS:
            return SpoonsView
        case GameType.MYSTERY_DATE:
            return MysteryDateView
        case _:
            assert_never(slug)


def describe(move: Move) -> str:
    """The move in words, read from its typed fields."""
    if isinstance(move, TakeMove):
        return f"take position {move.position} from seat {move.from_seat}"
    if isinstance(move, PlayMove):
        return f"play {move.card}" + ("" if isinstance(move.suit, Unset) else f" as {move.suit}")
    if isinstance(move, AskMove):
        return f"ask seat {move.seat} for {move.rank}"
    if isinstance(move, DrawMove):
        return "draw"
    if isinstance(move, PassMove):
        return "pass" + ("" if isinstance(move.card, Unset) else f" {move.card}")
    if isinstance(move, PickMove):
        return "pick"
    if isinstance(move, SignalMove):
        return "signal"
    if isinstance(move, ResumeMove):
        return "resume"
    if isinstance(move, RollMove):
        return "roll"
    if isinstance(move, DiscardMove):
        return f"discard {move.card}"
    if isinstance(move, GiveMove):
        return f"give {move.card} face down to seat {move.seat}"
    if isinstance(move, TakeDiscardMove):
        return "take the top discard"
    if isinstance(move, ShowMove):
        return f"show the {move.colour} outfit"
    assert_never(move)


def own_kinds(view: View) -> set[str]:
    """The move kinds of the view's own game, narrowed from ``legal_moves`` with no cast:
    each view's list holds its game's moves only, and each ``assert_never`` has
    ``mypy --strict`` prove that no other game's move can be in it."""
    if isinstance(view, OldMaidView | BlindDateView):
        return {
            m.type_ if isinstance(m, ResumeMove | TakeMove) else assert_never(m)
            for m in view.legal_moves
        }
    if isinstance(view, CrazyEightsView):
        crazy = (ResumeMove, PlayMove, DrawMove, PassMove)
        return {m.type_ if isinstance(m, crazy) else assert_never(m) for m in view.legal_moves}
    if isinstance(view, GoFishView):
        return {
            m.type_ if isinstance(m, ResumeMove | AskMove) else assert_never(m)
            for m in view.legal_moves
        }
    if isinstance(view, SpoonsView):
        spoons = (ResumeMove, PassMove, PickMove, SignalMove)
        return {m.type_ if isinstance(m, spoons) else assert_never(m) for m in view.legal_moves}
    if isinstance(view, MysteryDateView):
        date = (
            ResumeMove,
            RollMove,
            DiscardMove,
            GiveMove,
            TakeMove,
            DrawMove,
            TakeDiscardMove,
            ShowMove,
        )
        return {m.type_ if isinstance(m, date) else assert_never(m) for m in view.legal_moves}
    assert_never(view)


def hand_of(view: View) -> list[str]:
    """The seat's own hand, from whichever view it is."""
    if isinstance(
        view,
        OldMaidView | BlindDateView | CrazyEightsView | GoFishView | SpoonsView | MysteryDateView,
    ):
        hand = view.hand
    else:
        assert_never(view)
    return hand if isinstance(hand, list) else []


def check_view(view: View, expected: type[View], game_id: UUID, seat: int) -> None:
    """A seat's view of its own table: the right union member, the right seat."""
    assert isinstance(view, expected), f"a {expected.__name__} expected, got {view!r}"
    assert view.game_id == game_id, view
    assert view.seat == seat, view
    assert view.status in (Status.PLAYING, *END_OF_ROUND), view
    own_kinds(view)  # fails on a move of another game
    if isinstance(view, CrazyEightsView):
        assert isinstance(view.top, str) and view.top, view
    elif isinstance(view, GoFishView):
        assert isinstance(view.stock, int), view
    elif isinstance(view, OldMaidView | BlindDateView):
        assert isinstance(view.players, list), view
    elif isinstance(view, SpoonsView):
        assert isinstance(view.players, list), view
        assert all(isinstance(player.lives, int) for player in view.players), view
    elif isinstance(view, MysteryDateView):
        assert isinstance(view.players, list), view
        assert all(0 <= player.position < 32 for player in view.players), view
        assert isinstance(view.draw_pile, int) and isinstance(view.phase, str), view


def wait_for_turn(
    human: AuthenticatedClient, game_id: UUID, expected: type[View], seat: int
) -> View:
    """The seat's view once it has a move to make or the round is over."""
    give_up = time.monotonic() + WAIT_SECONDS
    while True:
        view = get_view.sync(game_id, client=human)
        assert isinstance(view, View), view
        check_view(view, expected, game_id, seat)
        if view.legal_moves or view.status in END_OF_ROUND:
            return view
        if time.monotonic() > give_up:
            raise AssertionError(f"seat {seat} waited {WAIT_SECONDS}s for its turn: {view!r}")
        time.sleep(0.02)


def read_events(human: AuthenticatedClient, game_id: UUID) -> list[Event]:
    """The whole event log as the seat sees it, page by page."""
    events: list[Event] = []
    after = 0
    while True:
        page = ok(list_events.sync(game_id, client=human, after=after, limit=50), "GET events")
        if not page.events:
            assert page.last_seq == after, (page.last_seq, after)
            return events
        for event in page.events:
            assert isinstance(event, Event), event
            events.append(event)
        after = page.events[-1].seq


class Follower:
    """The SDK's stream reader (``live.follow``) reading the seat's log live, in a thread
    of its own, with a client of its own, until the match is finished."""

    def __init__(self, base_url: str, token: str, game_id: UUID) -> None:
        self.client = AuthenticatedClient(base_url=base_url, token=token)
        self.events: list[Event] = []
        self.thread = threading.Thread(target=self.read, args=(game_id,), daemon=True)
        self.thread.start()

    def read(self, game_id: UUID) -> None:
        for event in live.follow(self.client, game_id):
            self.events.append(event)

    def finished(self) -> list[Event]:
        self.thread.join(WAIT_SECONDS)
        assert not self.thread.is_alive(), "the stream did not end with the match"
        return self.events


def play_round(
    base_url: str,
    entry: CatalogEntry,
    seed: str,
    log: Callable[[str], None] = lambda line: None,
) -> Played:
    """A table of ``entry``'s game: one human seat (this client), bots in the others, the
    human seat played to the end of the round from its ``legal_moves``."""
    slug = entry.slug
    seats = max(entry.players.min_, min(3, entry.players.max_))
    anyone = Client(base_url=base_url, raise_on_unexpected_status=True)
    created = ok(create_game.sync(client=anyone, body=create_body(slug, seats, seed)), "create")
    assert isinstance(created, CreatedGame)
    assert created.type_ == slug and created.seeded and created.status == Status.WAITING
    assert isinstance(created.code, str), "a private table has a code"
    host = AuthenticatedClient(
        base_url=base_url, token=created.host_token, raise_on_unexpected_status=True
    )
    joined = ok(
        join_game.sync(created.id, client=host, body=Join(name="Ada", code=created.code)), "join"
    )
    assert isinstance(joined.token, str), joined
    human_seat = joined.seat
    human = AuthenticatedClient(
        base_url=base_url, token=joined.token, raise_on_unexpected_status=True
    )
    dealt = ok(deal.sync(created.id, client=host, body=Deal(fill_with_bots=BotLevel.BASIC)), "deal")
    assert len(dealt.seats) == seats, dealt
    assert [seat.bot is None for seat in dealt.seats].count(True) == 1, dealt.seats
    assert dealt.seats[human_seat].bot is None, dealt.seats
    follower = Follower(base_url, joined.token, created.id)

    expected = view_class(slug)
    rng = random.Random(f"{slug}:{seed}")
    moves = 0
    kinds: set[str] = set()
    view = wait_for_turn(human, created.id, expected, human_seat)
    while view.status not in END_OF_ROUND:
        assert moves < MAX_MOVES, f"{slug}: no end after {moves} moves"
        move = rng.choice(view.legal_moves)
        kinds.add(type(move).__name__)
        log(f"{slug} seat {human_seat} ({len(hand_of(view))} cards): {describe(move)}")
        answer = ok(play_move.sync(created.id, client=human, body=move), f"move {describe(move)}")
        assert isinstance(answer, MoveAnswer)
        assert answer.events, f"{describe(move)} made no event"
        assert all(isinstance(event, Event) for event in answer.events)
        # the move's own event, the first by someone (a draw's may follow a reshuffle)
        mine = next(event for event in answer.events if event.by is not None)
        assert mine.seat == human_seat and mine.by == MadeBy.PLAYER, mine
        check_view(answer.view, expected, created.id, human_seat)
        assert answer.view.version > view.version, (answer.view.version, view.version)
        moves += 1
        view = answer.view
        if not view.legal_moves and view.status not in END_OF_ROUND:
            view = wait_for_turn(human, created.id, expected, human_seat)

    events = read_events(human, created.id)
    assert [event.seq for event in events] == list(range(1, len(events) + 1))
    assert any(isinstance(event, DealEvent) for event in events), events
    ended = (RoundOverEvent, GameOverEvent, WonEvent)  # Mystery Date ends on a won date
    assert any(isinstance(event, ended) for event in events), events[-3:]
    by_human = [e for e in events if e.seat == human_seat and e.by == MadeBy.PLAYER]
    assert len(by_human) == moves, (len(by_human), moves)
    if view.status != Status.FINISHED:  # a game of one round finishes the match itself
        ok(end_match.sync(created.id, client=host), "end")
    followed = follower.finished()
    assert [e.seq for e in followed] == list(range(1, len(followed) + 1)), "a gap or a repeat"
    # the same events (what they reveal may differ: a finished round shows more)
    assert [(e.seq, e.type_) for e in followed[: len(events)]] == [(e.seq, e.type_) for e in events]
    return Played(slug, seats, human_seat, moves, frozenset(kinds), view.status, len(events))


def play_every_game(base_url: str, seed: str, log: Callable[[str], None]) -> list[Played]:
    """A round of each game of the catalogue, in its order."""
    catalog = ok(get_catalog.sync(client=Client(base_url=base_url)), "GET catalog")
    assert catalog.games, "an empty catalogue"
    return [play_round(base_url, entry, seed, log) for entry in catalog.games]
