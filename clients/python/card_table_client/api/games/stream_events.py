from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_events_end_message import StreamEventsEndMessage
from ...models.stream_events_event_message import StreamEventsEventMessage
from ...models.stream_events_view_message import StreamEventsViewMessage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    after: int | Unset = 0,
    view: bool | Unset = False,
    rematch: bool | Unset = False,
    last_event_id: int | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = str(last_event_id)

    params: dict[str, Any] = {}

    params["after"] = after

    params["view"] = view

    params["rematch"] = rematch

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/stream".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage:
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_stream_message_event_message = StreamEventsEventMessage.from_dict(data)

                return response_200_stream_message_event_message
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_stream_message_view_message = StreamEventsViewMessage.from_dict(data)

                return response_200_stream_message_view_message
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_stream_message_end_message = StreamEventsEndMessage.from_dict(data)

                return response_200_stream_message_end_message
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage, data)

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage]:
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
    after: int | Unset = 0,
    view: bool | Unset = False,
    rematch: bool | Unset = False,
    last_event_id: int | Unset = UNSET,
) -> Response[Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage]:
    """The event log as Server-Sent Events, as the token's seat may see it, live

    Args:
        game_id (UUID):
        after (int | Unset):  Default: 0.
        view (bool | Unset):  Default: False.
        rematch (bool | Unset):  Default: False.
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        view=view,
        rematch=rematch,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    view: bool | Unset = False,
    rematch: bool | Unset = False,
    last_event_id: int | Unset = UNSET,
) -> Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage | None:
    """The event log as Server-Sent Events, as the token's seat may see it, live

    Args:
        game_id (UUID):
        after (int | Unset):  Default: 0.
        view (bool | Unset):  Default: False.
        rematch (bool | Unset):  Default: False.
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        view=view,
        rematch=rematch,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    view: bool | Unset = False,
    rematch: bool | Unset = False,
    last_event_id: int | Unset = UNSET,
) -> Response[Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage]:
    """The event log as Server-Sent Events, as the token's seat may see it, live

    Args:
        game_id (UUID):
        after (int | Unset):  Default: 0.
        view (bool | Unset):  Default: False.
        rematch (bool | Unset):  Default: False.
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        view=view,
        rematch=rematch,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    view: bool | Unset = False,
    rematch: bool | Unset = False,
    last_event_id: int | Unset = UNSET,
) -> Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage | None:
    """The event log as Server-Sent Events, as the token's seat may see it, live

    Args:
        game_id (UUID):
        after (int | Unset):  Default: 0.
        view (bool | Unset):  Default: False.
        rematch (bool | Unset):  Default: False.
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str | StreamEventsEndMessage | StreamEventsEventMessage | StreamEventsViewMessage
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            view=view,
            rematch=rematch,
            last_event_id=last_event_id,
        )
    ).parsed
