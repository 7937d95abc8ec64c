from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.mystery_date_view_phase import MysteryDateViewPhase
from ..models.mystery_date_view_ready_type_0_item import MysteryDateViewReadyType0Item
from ..models.status import Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.date_player import DatePlayer
    from ..models.discard_move import DiscardMove
    from ..models.door_opened import DoorOpened
    from ..models.draw_move import DrawMove
    from ..models.give_move import GiveMove
    from ..models.resume_move import ResumeMove
    from ..models.roll_move import RollMove
    from ..models.show_move import ShowMove
    from ..models.take_discard_move import TakeDiscardMove
    from ..models.take_move import TakeMove


T = TypeVar("T", bound="MysteryDateView")


@_attrs_define
class MysteryDateView:
    """
    Attributes:
        type_ (Literal['mystery-date']):
        status (Status):
        seat (int | None): null: a spectator
        to_act (list[int]): Every seat that may act
        deadline (datetime.datetime | None): When this seat's clock runs out (else the one seat's to act)
        legal_moves (list[DiscardMove | DrawMove | GiveMove | ResumeMove | RollMove | ShowMove | TakeDiscardMove |
            TakeMove]): Every move this seat may send now, ready to send
        game_id (UUID):
        round_ (int):
        version (int):
        seeded (bool): Whether the host chose the seed (then whoever knows it knows every card)
        seed_commitment (None | str):
        hand (list[str] | None | Unset):
        dealer (int | Unset):
        turn (int | None | Unset):
        phase (MysteryDateViewPhase | Unset):
        ready (list[MysteryDateViewReadyType0Item] | None | Unset):
        players (list[DatePlayer] | Unset):
        top_discard (None | str | Unset):
        draw_pile (int | Unset):
        discard_pile (int | Unset):
        swap_with (list[int] | Unset):
        last_door (DoorOpened | None | Unset):
        winner (int | None | Unset):
    """

    type_: Literal["mystery-date"]
    status: Status
    seat: int | None
    to_act: list[int]
    deadline: datetime.datetime | None
    legal_moves: list[DiscardMove | DrawMove | GiveMove | ResumeMove | RollMove | ShowMove | TakeDiscardMove | TakeMove]
    game_id: UUID
    round_: int
    version: int
    seeded: bool
    seed_commitment: None | str
    hand: list[str] | None | Unset = UNSET
    dealer: int | Unset = UNSET
    turn: int | None | Unset = UNSET
    phase: MysteryDateViewPhase | Unset = UNSET
    ready: list[MysteryDateViewReadyType0Item] | None | Unset = UNSET
    players: list[DatePlayer] | Unset = UNSET
    top_discard: None | str | Unset = UNSET
    draw_pile: int | Unset = UNSET
    discard_pile: int | Unset = UNSET
    swap_with: list[int] | Unset = UNSET
    last_door: DoorOpened | None | Unset = UNSET
    winner: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.discard_move import DiscardMove  # noqa: PLC0415
        from ..models.door_opened import DoorOpened  # noqa: PLC0415
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.give_move import GiveMove  # noqa: PLC0415
        from ..models.resume_move import ResumeMove  # noqa: PLC0415
        from ..models.roll_move import RollMove  # noqa: PLC0415
        from ..models.take_discard_move import TakeDiscardMove  # noqa: PLC0415
        from ..models.take_move import TakeMove  # noqa: PLC0415

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
            elif isinstance(legal_moves_item_data, RollMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, DiscardMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, GiveMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, TakeMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, DrawMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, TakeDiscardMove):
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

        phase: str | Unset = UNSET
        if not isinstance(self.phase, Unset):
            phase = self.phase.value

        ready: list[str] | None | Unset
        if isinstance(self.ready, Unset):
            ready = UNSET
        elif isinstance(self.ready, list):
            ready = []
            for ready_type_0_item_data in self.ready:
                ready_type_0_item = ready_type_0_item_data.value
                ready.append(ready_type_0_item)

        else:
            ready = self.ready

        players: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = []
            for players_item_data in self.players:
                players_item = players_item_data.to_dict()
                players.append(players_item)

        top_discard: None | str | Unset
        if isinstance(self.top_discard, Unset):
            top_discard = UNSET
        else:
            top_discard = self.top_discard

        draw_pile = self.draw_pile

        discard_pile = self.discard_pile

        swap_with: list[int] | Unset = UNSET
        if not isinstance(self.swap_with, Unset):
            swap_with = self.swap_with

        last_door: dict[str, Any] | None | Unset
        if isinstance(self.last_door, Unset):
            last_door = UNSET
        elif isinstance(self.last_door, DoorOpened):
            last_door = self.last_door.to_dict()
        else:
            last_door = self.last_door

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner

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
        if phase is not UNSET:
            field_dict["phase"] = phase
        if ready is not UNSET:
            field_dict["ready"] = ready
        if players is not UNSET:
            field_dict["players"] = players
        if top_discard is not UNSET:
            field_dict["top_discard"] = top_discard
        if draw_pile is not UNSET:
            field_dict["draw_pile"] = draw_pile
        if discard_pile is not UNSET:
            field_dict["discard_pile"] = discard_pile
        if swap_with is not UNSET:
            field_dict["swap_with"] = swap_with
        if last_door is not UNSET:
            field_dict["last_door"] = last_door
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.date_player import DatePlayer  # noqa: PLC0415
        from ..models.discard_move import DiscardMove  # noqa: PLC0415
        from ..models.door_opened import DoorOpened  # noqa: PLC0415
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.give_move import GiveMove  # noqa: PLC0415
        from ..models.resume_move import ResumeMove  # noqa: PLC0415
        from ..models.roll_move import RollMove  # noqa: PLC0415
        from ..models.show_move import ShowMove  # noqa: PLC0415
        from ..models.take_discard_move import TakeDiscardMove  # noqa: PLC0415
        from ..models.take_move import TakeMove  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["mystery-date"], d.pop("type"))
        if type_ != "mystery-date":
            raise ValueError(f"type must match const 'mystery-date', got '{type_}'")

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

            def _parse_legal_moves_item(
                data: object,
            ) -> DiscardMove | DrawMove | GiveMove | ResumeMove | RollMove | ShowMove | TakeDiscardMove | TakeMove:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mystery_date_legal_move_type_0 = ResumeMove.from_dict(data)

                    return componentsschemas_mystery_date_legal_move_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mystery_date_legal_move_type_1 = RollMove.from_dict(data)

                    return componentsschemas_mystery_date_legal_move_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mystery_date_legal_move_type_2 = DiscardMove.from_dict(data)

                    return componentsschemas_mystery_date_legal_move_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mystery_date_legal_move_type_3 = GiveMove.from_dict(data)

                    return componentsschemas_mystery_date_legal_move_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mystery_date_legal_move_type_4 = TakeMove.from_dict(data)

                    return componentsschemas_mystery_date_legal_move_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mystery_date_legal_move_type_5 = DrawMove.from_dict(data)

                    return componentsschemas_mystery_date_legal_move_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_mystery_date_legal_move_type_6 = TakeDiscardMove.from_dict(data)

                    return componentsschemas_mystery_date_legal_move_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_mystery_date_legal_move_type_7 = ShowMove.from_dict(data)

                return componentsschemas_mystery_date_legal_move_type_7

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

        _phase = d.pop("phase", UNSET)
        phase: MysteryDateViewPhase | Unset
        if isinstance(_phase, Unset):
            phase = UNSET
        else:
            phase = MysteryDateViewPhase(_phase)

        def _parse_ready(data: object) -> list[MysteryDateViewReadyType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ready_type_0 = []
                _ready_type_0 = data
                for ready_type_0_item_data in _ready_type_0:
                    ready_type_0_item = MysteryDateViewReadyType0Item(ready_type_0_item_data)

                    ready_type_0.append(ready_type_0_item)

                return ready_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[MysteryDateViewReadyType0Item] | None | Unset, data)

        ready = _parse_ready(d.pop("ready", UNSET))

        _players = d.pop("players", UNSET)
        players: list[DatePlayer] | Unset = UNSET
        if _players is not UNSET:
            players = []
            for players_item_data in _players:
                players_item = DatePlayer.from_dict(players_item_data)

                players.append(players_item)

        def _parse_top_discard(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        top_discard = _parse_top_discard(d.pop("top_discard", UNSET))

        draw_pile = d.pop("draw_pile", UNSET)

        discard_pile = d.pop("discard_pile", UNSET)

        swap_with = cast(list[int], d.pop("swap_with", UNSET))

        def _parse_last_door(data: object) -> DoorOpened | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_door_type_0 = DoorOpened.from_dict(data)

                return last_door_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoorOpened | None | Unset, data)

        last_door = _parse_last_door(d.pop("last_door", UNSET))

        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))

        mystery_date_view = cls(
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
            phase=phase,
            ready=ready,
            players=players,
            top_discard=top_discard,
            draw_pile=draw_pile,
            discard_pile=discard_pile,
            swap_with=swap_with,
            last_door=last_door,
            winner=winner,
        )

        return mystery_date_view
