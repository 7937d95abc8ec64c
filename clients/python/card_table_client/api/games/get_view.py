from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ...client import AuthenticatedClient, Client
from ...models.blind_date_view import BlindDateView
from ...models.crazy_eights_view import CrazyEightsView
from ...models.go_fish_view import GoFishView
from ...models.mystery_date_view import MysteryDateView
from ...models.old_maid_view import OldMaidView
from ...models.problem import Problem
from ...models.spoons_view import SpoonsView
from ...types import Response


def _get_kwargs(
    game_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/view".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem:
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_view_type_0 = OldMaidView.from_dict(data)

                return componentsschemas_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_view_type_1 = BlindDateView.from_dict(data)

                return componentsschemas_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_view_type_2 = CrazyEightsView.from_dict(data)

                return componentsschemas_view_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_view_type_3 = GoFishView.from_dict(data)

                return componentsschemas_view_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_view_type_4 = SpoonsView.from_dict(data)

                return componentsschemas_view_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_view_type_5 = MysteryDateView.from_dict(data)

            return componentsschemas_view_type_5

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem
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
) -> Response[
    Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem
]:
    """What the token's seat may know, with its legal moves; no token: a spectator

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem | None:
    """What the token's seat may know, with its legal moves; no token: a spectator

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[
    Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem
]:
    """What the token's seat may know, with its legal moves; no token: a spectator

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem | None:
    """What the token's seat may know, with its legal moves; no token: a spectator

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
