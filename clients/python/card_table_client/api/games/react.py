from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.ask_event import AskEvent
from ...models.book_event import BookEvent
from ...models.deal_event import DealEvent
from ...models.discard_event import DiscardEvent
from ...models.door_event import DoorEvent
from ...models.draw_event import DrawEvent
from ...models.game_over_event import GameOverEvent
from ...models.give_event import GiveEvent
from ...models.go_fish_event import GoFishEvent
from ...models.hand_event import HandEvent
from ...models.joined_event import JoinedEvent
from ...models.left_event import LeftEvent
from ...models.nothing_event import NothingEvent
from ...models.offer_event import OfferEvent
from ...models.out_event import OutEvent
from ...models.pairs_event import PairsEvent
from ...models.pass_event import PassEvent
from ...models.pick_event import PickEvent
from ...models.piles_event import PilesEvent
from ...models.play_event import PlayEvent
from ...models.problem import Problem
from ...models.react import React
from ...models.reaction_event import ReactionEvent
from ...models.rematch_event import RematchEvent
from ...models.reserved_event import ReservedEvent
from ...models.resume_event import ResumeEvent
from ...models.roll_event import RollEvent
from ...models.round_abandoned_event import RoundAbandonedEvent
from ...models.round_over_event import RoundOverEvent
from ...models.safe_event import SafeEvent
from ...models.signal_event import SignalEvent
from ...models.starter_event import StarterEvent
from ...models.take_discard_event import TakeDiscardEvent
from ...models.take_event import TakeEvent
from ...models.timeout_event import TimeoutEvent
from ...models.vacated_event import VacatedEvent
from ...models.won_event import WonEvent
from ...types import Response


def _get_kwargs(
    game_id: UUID,
    *,
    body: React,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/reactions".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
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
    | ReactionEvent
    | RematchEvent
    | ReservedEvent
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
    | Problem
):
    if response.status_code == 201:

        def _parse_response_201(
            data: object,
        ) -> (
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
            | ReactionEvent
            | RematchEvent
            | ReservedEvent
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
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_0 = AskEvent.from_dict(data)

                return componentsschemas_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_1 = BookEvent.from_dict(data)

                return componentsschemas_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_2 = DealEvent.from_dict(data)

                return componentsschemas_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_3 = DiscardEvent.from_dict(data)

                return componentsschemas_event_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_4 = DoorEvent.from_dict(data)

                return componentsschemas_event_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_5 = DrawEvent.from_dict(data)

                return componentsschemas_event_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_6 = GameOverEvent.from_dict(data)

                return componentsschemas_event_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_7 = GiveEvent.from_dict(data)

                return componentsschemas_event_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_8 = GoFishEvent.from_dict(data)

                return componentsschemas_event_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_9 = HandEvent.from_dict(data)

                return componentsschemas_event_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_10 = JoinedEvent.from_dict(data)

                return componentsschemas_event_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_11 = LeftEvent.from_dict(data)

                return componentsschemas_event_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_12 = NothingEvent.from_dict(data)

                return componentsschemas_event_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_13 = OfferEvent.from_dict(data)

                return componentsschemas_event_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_14 = OutEvent.from_dict(data)

                return componentsschemas_event_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_15 = PairsEvent.from_dict(data)

                return componentsschemas_event_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_16 = PassEvent.from_dict(data)

                return componentsschemas_event_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_17 = PickEvent.from_dict(data)

                return componentsschemas_event_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_18 = PilesEvent.from_dict(data)

                return componentsschemas_event_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_19 = PlayEvent.from_dict(data)

                return componentsschemas_event_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_20 = ReactionEvent.from_dict(data)

                return componentsschemas_event_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_21 = RematchEvent.from_dict(data)

                return componentsschemas_event_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_22 = ReservedEvent.from_dict(data)

                return componentsschemas_event_type_22
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_23 = ResumeEvent.from_dict(data)

                return componentsschemas_event_type_23
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_24 = RollEvent.from_dict(data)

                return componentsschemas_event_type_24
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_25 = RoundAbandonedEvent.from_dict(data)

                return componentsschemas_event_type_25
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_26 = RoundOverEvent.from_dict(data)

                return componentsschemas_event_type_26
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_27 = SafeEvent.from_dict(data)

                return componentsschemas_event_type_27
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_28 = SignalEvent.from_dict(data)

                return componentsschemas_event_type_28
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_29 = StarterEvent.from_dict(data)

                return componentsschemas_event_type_29
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_30 = TakeEvent.from_dict(data)

                return componentsschemas_event_type_30
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_31 = TakeDiscardEvent.from_dict(data)

                return componentsschemas_event_type_31
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_32 = TimeoutEvent.from_dict(data)

                return componentsschemas_event_type_32
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_33 = VacatedEvent.from_dict(data)

                return componentsschemas_event_type_33
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_event_type_34 = WonEvent.from_dict(data)

            return componentsschemas_event_type_34

        response_201 = _parse_response_201(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
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
    | ReactionEvent
    | RematchEvent
    | ReservedEvent
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
    | Problem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: React,
) -> Response[
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
    | ReactionEvent
    | RematchEvent
    | ReservedEvent
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
    | Problem
]:
    """React at the table (a seat's token): one of a fixed set, shown to everyone as a
    `reaction` event; at most 3 a seat in 10 seconds, in any phase of the game

    Args:
        game_id (UUID):
        body (React):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AskEvent | BookEvent | DealEvent | DiscardEvent | DoorEvent | DrawEvent | GameOverEvent | GiveEvent | GoFishEvent | HandEvent | JoinedEvent | LeftEvent | NothingEvent | OfferEvent | OutEvent | PairsEvent | PassEvent | PickEvent | PilesEvent | PlayEvent | ReactionEvent | RematchEvent | ReservedEvent | ResumeEvent | RollEvent | RoundAbandonedEvent | RoundOverEvent | SafeEvent | SignalEvent | StarterEvent | TakeDiscardEvent | TakeEvent | TimeoutEvent | VacatedEvent | WonEvent | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: React,
) -> (
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
    | ReactionEvent
    | RematchEvent
    | ReservedEvent
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
    | Problem
    | None
):
    """React at the table (a seat's token): one of a fixed set, shown to everyone as a
    `reaction` event; at most 3 a seat in 10 seconds, in any phase of the game

    Args:
        game_id (UUID):
        body (React):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AskEvent | BookEvent | DealEvent | DiscardEvent | DoorEvent | DrawEvent | GameOverEvent | GiveEvent | GoFishEvent | HandEvent | JoinedEvent | LeftEvent | NothingEvent | OfferEvent | OutEvent | PairsEvent | PassEvent | PickEvent | PilesEvent | PlayEvent | ReactionEvent | RematchEvent | ReservedEvent | ResumeEvent | RollEvent | RoundAbandonedEvent | RoundOverEvent | SafeEvent | SignalEvent | StarterEvent | TakeDiscardEvent | TakeEvent | TimeoutEvent | VacatedEvent | WonEvent | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: React,
) -> Response[
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
    | ReactionEvent
    | RematchEvent
    | ReservedEvent
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
    | Problem
]:
    """React at the table (a seat's token): one of a fixed set, shown to everyone as a
    `reaction` event; at most 3 a seat in 10 seconds, in any phase of the game

    Args:
        game_id (UUID):
        body (React):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AskEvent | BookEvent | DealEvent | DiscardEvent | DoorEvent | DrawEvent | GameOverEvent | GiveEvent | GoFishEvent | HandEvent | JoinedEvent | LeftEvent | NothingEvent | OfferEvent | OutEvent | PairsEvent | PassEvent | PickEvent | PilesEvent | PlayEvent | ReactionEvent | RematchEvent | ReservedEvent | ResumeEvent | RollEvent | RoundAbandonedEvent | RoundOverEvent | SafeEvent | SignalEvent | StarterEvent | TakeDiscardEvent | TakeEvent | TimeoutEvent | VacatedEvent | WonEvent | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: React,
) -> (
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
    | ReactionEvent
    | RematchEvent
    | ReservedEvent
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
    | Problem
    | None
):
    """React at the table (a seat's token): one of a fixed set, shown to everyone as a
    `reaction` event; at most 3 a seat in 10 seconds, in any phase of the game

    Args:
        game_id (UUID):
        body (React):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AskEvent | BookEvent | DealEvent | DiscardEvent | DoorEvent | DrawEvent | GameOverEvent | GiveEvent | GoFishEvent | HandEvent | JoinedEvent | LeftEvent | NothingEvent | OfferEvent | OutEvent | PairsEvent | PassEvent | PickEvent | PilesEvent | PlayEvent | ReactionEvent | RematchEvent | ReservedEvent | ResumeEvent | RollEvent | RoundAbandonedEvent | RoundOverEvent | SafeEvent | SignalEvent | StarterEvent | TakeDiscardEvent | TakeEvent | TimeoutEvent | VacatedEvent | WonEvent | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
