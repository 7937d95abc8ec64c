from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.status import Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ask_move import AskMove
    from ..models.fish_player import FishPlayer
    from ..models.resume_move import ResumeMove


T = TypeVar("T", bound="GoFishView")


@_attrs_define
class GoFishView:
    """
    Attributes:
        type_ (Literal['go-fish']):
        status (Status):
        seat (int | None): null: a spectator
        to_act (list[int]): Every seat that may act
        deadline (datetime.datetime | None): When this seat's clock runs out (else the one seat's to act)
        legal_moves (list[AskMove | ResumeMove]): Every move this seat may send now, ready to send
        game_id (UUID):
        round_ (int):
        version (int):
        seeded (bool): Whether the host chose the seed (then whoever knows it knows every card)
        seed_commitment (None | str):
        hand (list[str] | None | Unset):
        dealer (int | Unset):
        turn (int | None | Unset):
        stock (int | Unset):
        players (list[FishPlayer] | Unset):
        winners (list[int] | None | Unset):
    """

    type_: Literal["go-fish"]
    status: Status
    seat: int | None
    to_act: list[int]
    deadline: datetime.datetime | None
    legal_moves: list[AskMove | ResumeMove]
    game_id: UUID
    round_: int
    version: int
    seeded: bool
    seed_commitment: None | str
    hand: list[str] | None | Unset = UNSET
    dealer: int | Unset = UNSET
    turn: int | None | Unset = UNSET
    stock: int | Unset = UNSET
    players: list[FishPlayer] | Unset = UNSET
    winners: list[int] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.resume_move import ResumeMove  # noqa: PLC0415

        type_ = self.type_

        status = self.status.value

        seat: int | None
        seat = self.seat

        to_act = self.to_act

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        legal_moves = []
        for legal_moves_item_data in self.legal_moves:
            legal_moves_item: dict[str, Any]
            if isinstance(legal_moves_item_data, ResumeMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            else:
                legal_moves_item = legal_moves_item_data.to_dict()

            legal_moves.append(legal_moves_item)

        game_id = str(self.game_id)

        round_ = self.round_

        version = self.version

        seeded = self.seeded

        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        hand: list[str] | None | Unset
        if isinstance(self.hand, Unset):
            hand = UNSET
        elif isinstance(self.hand, list):
            hand = self.hand

        else:
            hand = self.hand

        dealer = self.dealer

        turn: int | None | Unset
        if isinstance(self.turn, Unset):
            turn = UNSET
        else:
            turn = self.turn

        stock = self.stock

        players: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = []
            for players_item_data in self.players:
                players_item = players_item_data.to_dict()
                players.append(players_item)

        winners: list[int] | None | Unset
        if isinstance(self.winners, Unset):
            winners = UNSET
        elif isinstance(self.winners, list):
            winners = self.winners

        else:
            winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "status": status,
                "seat": seat,
                "to_act": to_act,
                "deadline": deadline,
                "legal_moves": legal_moves,
                "game_id": game_id,
                "round": round_,
                "version": version,
                "seeded": seeded,
                "seed_commitment": seed_commitment,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if turn is not UNSET:
            field_dict["turn"] = turn
        if stock is not UNSET:
            field_dict["stock"] = stock
        if players is not UNSET:
            field_dict["players"] = players
        if winners is not UNSET:
            field_dict["winners"] = winners

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ask_move import AskMove  # noqa: PLC0415
        from ..models.fish_player import FishPlayer  # noqa: PLC0415
        from ..models.resume_move import ResumeMove  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["go-fish"], d.pop("type"))
        if type_ != "go-fish":
            raise ValueError(f"type must match const 'go-fish', got '{type_}'")

        status = Status(d.pop("status"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        to_act = cast(list[int], d.pop("to_act"))

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        legal_moves = []
        _legal_moves = d.pop("legal_moves")
        for legal_moves_item_data in _legal_moves:

            def _parse_legal_moves_item(data: object) -> AskMove | ResumeMove:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_go_fish_legal_move_type_0 = ResumeMove.from_dict(data)

                    return componentsschemas_go_fish_legal_move_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_go_fish_legal_move_type_1 = AskMove.from_dict(data)

                return componentsschemas_go_fish_legal_move_type_1

            legal_moves_item = _parse_legal_moves_item(legal_moves_item_data)

            legal_moves.append(legal_moves_item)

        game_id = UUID(d.pop("game_id"))

        round_ = d.pop("round")

        version = d.pop("version")

        seeded = d.pop("seeded")

        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))

        def _parse_hand(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        hand = _parse_hand(d.pop("hand", UNSET))

        dealer = d.pop("dealer", UNSET)

        def _parse_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn = _parse_turn(d.pop("turn", UNSET))

        stock = d.pop("stock", UNSET)

        _players = d.pop("players", UNSET)
        players: list[FishPlayer] | Unset = UNSET
        if _players is not UNSET:
            players = []
            for players_item_data in _players:
                players_item = FishPlayer.from_dict(players_item_data)

                players.append(players_item)

        def _parse_winners(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                winners_type_0 = cast(list[int], data)

                return winners_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        winners = _parse_winners(d.pop("winners", UNSET))

        go_fish_view = cls(
            type_=type_,
            status=status,
            seat=seat,
            to_act=to_act,
            deadline=deadline,
            legal_moves=legal_moves,
            game_id=game_id,
            round_=round_,
            version=version,
            seeded=seeded,
            seed_commitment=seed_commitment,
            hand=hand,
            dealer=dealer,
            turn=turn,
            stock=stock,
            players=players,
            winners=winners,
        )

        return go_fish_view
