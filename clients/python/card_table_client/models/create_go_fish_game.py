from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.visibility import Visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.go_fish_options import GoFishOptions


T = TypeVar("T", bound="CreateGoFishGame")


@_attrs_define
class CreateGoFishGame:
    """
    Attributes:
        type_ (Literal['go-fish']):
        visibility (Visibility | Unset):
        turn_seconds (int | None | Unset): The turn clock; null: no clock
        think_seconds (float | Unset): How long computer players hesitate before a move Default: 1.0.
        seed (int | None | str | Unset): Only for private tables (a public table with a seed is refused, 422): the seed
            decides every shuffle, so whoever knows or guesses it knows every card. Fixes the random stream (a decimal
            string, or an integer); default: 128 bits from the OS. The table then says `seeded: true`
        options (GoFishOptions | Unset):
        seats (int | None | Unset): Seats at the table; default: the most it takes
    """

    type_: Literal["go-fish"]
    visibility: Visibility | Unset = UNSET
    turn_seconds: int | None | Unset = UNSET
    think_seconds: float | Unset = 1.0
    seed: int | None | str | Unset = UNSET
    options: GoFishOptions | Unset = UNSET
    seats: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        turn_seconds: int | None | Unset
        if isinstance(self.turn_seconds, Unset):
            turn_seconds = UNSET
        else:
            turn_seconds = self.turn_seconds

        think_seconds = self.think_seconds

        seed: int | None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        seats: int | None | Unset
        if isinstance(self.seats, Unset):
            seats = UNSET
        else:
            seats = self.seats

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds
        if think_seconds is not UNSET:
            field_dict["think_seconds"] = think_seconds
        if seed is not UNSET:
            field_dict["seed"] = seed
        if options is not UNSET:
            field_dict["options"] = options
        if seats is not UNSET:
            field_dict["seats"] = seats

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.go_fish_options import GoFishOptions  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["go-fish"], d.pop("type"))
        if type_ != "go-fish":
            raise ValueError(f"type must match const 'go-fish', got '{type_}'")

        _visibility = d.pop("visibility", UNSET)
        visibility: Visibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = Visibility(_visibility)

        def _parse_turn_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds", UNSET))

        think_seconds = d.pop("think_seconds", UNSET)

        def _parse_seed(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        _options = d.pop("options", UNSET)
        options: GoFishOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = GoFishOptions.from_dict(_options)

        def _parse_seats(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seats = _parse_seats(d.pop("seats", UNSET))

        create_go_fish_game = cls(
            type_=type_,
            visibility=visibility,
            turn_seconds=turn_seconds,
            think_seconds=think_seconds,
            seed=seed,
            options=options,
            seats=seats,
        )

        return create_go_fish_game
