from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.ask_move import AskMove
from ...models.discard_move import DiscardMove
from ...models.draw_move import DrawMove
from ...models.give_move import GiveMove
from ...models.move_answer import MoveAnswer
from ...models.pass_move import PassMove
from ...models.pick_move import PickMove
from ...models.play_move import PlayMove
from ...models.problem import Problem
from ...models.resume_move import ResumeMove
from ...models.roll_move import RollMove
from ...models.show_move import ShowMove
from ...models.signal_move import SignalMove
from ...models.take_discard_move import TakeDiscardMove
from ...models.take_move import TakeMove
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    body: AskMove
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
    | TakeMove,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/moves".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if isinstance(body, ResumeMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, TakeMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PlayMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DrawMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PassMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AskMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PickMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SignalMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RollMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DiscardMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GiveMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, TakeDiscardMove):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MoveAnswer | Problem:
    if response.status_code == 201:
        response_201 = MoveAnswer.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[MoveAnswer | Problem]:
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
    body: AskMove
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
    | TakeMove,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[MoveAnswer | Problem]:
    """Play one of your legal_moves

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AskMove | DiscardMove | DrawMove | GiveMove | PassMove | PickMove | PlayMove |
            ResumeMove | RollMove | ShowMove | SignalMove | TakeDiscardMove | TakeMove):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveAnswer | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: AskMove
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
    | TakeMove,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> MoveAnswer | Problem | None:
    """Play one of your legal_moves

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AskMove | DiscardMove | DrawMove | GiveMove | PassMove | PickMove | PlayMove |
            ResumeMove | RollMove | ShowMove | SignalMove | TakeDiscardMove | TakeMove):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveAnswer | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: AskMove
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
    | TakeMove,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[MoveAnswer | Problem]:
    """Play one of your legal_moves

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AskMove | DiscardMove | DrawMove | GiveMove | PassMove | PickMove | PlayMove |
            ResumeMove | RollMove | ShowMove | SignalMove | TakeDiscardMove | TakeMove):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveAnswer | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: AskMove
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
    | TakeMove,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> MoveAnswer | Problem | None:
    """Play one of your legal_moves

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AskMove | DiscardMove | DrawMove | GiveMove | PassMove | PickMove | PlayMove |
            ResumeMove | RollMove | ShowMove | SignalMove | TakeDiscardMove | TakeMove):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveAnswer | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
