from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.status import Status
from ..models.suit import Suit
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.draw_move import DrawMove
    from ..models.eights_player import EightsPlayer
    from ..models.pass_move import PassMove
    from ..models.play_move import PlayMove
    from ..models.resume_move import ResumeMove


T = TypeVar("T", bound="CrazyEightsView")


@_attrs_define
class CrazyEightsView:
    """
    Attributes:
        type_ (Literal['crazy-eights']):
        status (Status):
        seat (int | None): null: a spectator
        to_act (list[int]): Every seat that may act
        deadline (datetime.datetime | None): When this seat's clock runs out (else the one seat's to act)
        legal_moves (list[DrawMove | PassMove | PlayMove | ResumeMove]): Every move this seat may send now, ready to
            send
        game_id (UUID):
        round_ (int):
        version (int):
        seeded (bool): Whether the host chose the seed (then whoever knows it knows every card)
        seed_commitment (None | str):
        hand (list[str] | None | Unset):
        dealer (int | Unset):
        turn (int | None | Unset):
        top (str | Unset):
        suit (Suit | Unset):
        discard (list[str] | Unset):
        stock (int | Unset):
        players (list[EightsPlayer] | Unset):
        passes (int | Unset):
        blocked (bool | Unset):
        hands_left (list[list[str]] | None | Unset):
        points (list[int] | None | Unset):
    """

    type_: Literal["crazy-eights"]
    status: Status
    seat: int | None
    to_act: list[int]
    deadline: datetime.datetime | None
    legal_moves: list[DrawMove | PassMove | PlayMove | ResumeMove]
    game_id: UUID
    round_: int
    version: int
    seeded: bool
    seed_commitment: None | str
    hand: list[str] | None | Unset = UNSET
    dealer: int | Unset = UNSET
    turn: int | None | Unset = UNSET
    top: str | Unset = UNSET
    suit: Suit | Unset = UNSET
    discard: list[str] | Unset = UNSET
    stock: int | Unset = UNSET
    players: list[EightsPlayer] | Unset = UNSET
    passes: int | Unset = UNSET
    blocked: bool | Unset = UNSET
    hands_left: list[list[str]] | None | Unset = UNSET
    points: list[int] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.play_move import PlayMove  # noqa: PLC0415
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
            elif isinstance(legal_moves_item_data, PlayMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, DrawMove):
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

        top = self.top

        suit: str | Unset = UNSET
        if not isinstance(self.suit, Unset):
            suit = self.suit.value

        discard: list[str] | Unset = UNSET
        if not isinstance(self.discard, Unset):
            discard = self.discard

        stock = self.stock

        players: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = []
            for players_item_data in self.players:
                players_item = players_item_data.to_dict()
                players.append(players_item)

        passes = self.passes

        blocked = self.blocked

        hands_left: list[list[str]] | None | Unset
        if isinstance(self.hands_left, Unset):
            hands_left = UNSET
        elif isinstance(self.hands_left, list):
            hands_left = []
            for hands_left_type_0_item_data in self.hands_left:
                hands_left_type_0_item = hands_left_type_0_item_data

                hands_left.append(hands_left_type_0_item)

        else:
            hands_left = self.hands_left

        points: list[int] | None | Unset
        if isinstance(self.points, Unset):
            points = UNSET
        elif isinstance(self.points, list):
            points = self.points

        else:
            points = self.points

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
        if top is not UNSET:
            field_dict["top"] = top
        if suit is not UNSET:
            field_dict["suit"] = suit
        if discard is not UNSET:
            field_dict["discard"] = discard
        if stock is not UNSET:
            field_dict["stock"] = stock
        if players is not UNSET:
            field_dict["players"] = players
        if passes is not UNSET:
            field_dict["passes"] = passes
        if blocked is not UNSET:
            field_dict["blocked"] = blocked
        if hands_left is not UNSET:
            field_dict["hands_left"] = hands_left
        if points is not UNSET:
            field_dict["points"] = points

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.eights_player import EightsPlayer  # noqa: PLC0415
        from ..models.pass_move import PassMove  # noqa: PLC0415
        from ..models.play_move import PlayMove  # noqa: PLC0415
        from ..models.resume_move import ResumeMove  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["crazy-eights"], d.pop("type"))
        if type_ != "crazy-eights":
            raise ValueError(f"type must match const 'crazy-eights', got '{type_}'")

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

            def _parse_legal_moves_item(data: object) -> DrawMove | PassMove | PlayMove | ResumeMove:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_crazy_eights_legal_move_type_0 = ResumeMove.from_dict(data)

                    return componentsschemas_crazy_eights_legal_move_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_crazy_eights_legal_move_type_1 = PlayMove.from_dict(data)

                    return componentsschemas_crazy_eights_legal_move_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_crazy_eights_legal_move_type_2 = DrawMove.from_dict(data)

                    return componentsschemas_crazy_eights_legal_move_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_crazy_eights_legal_move_type_3 = PassMove.from_dict(data)

                return componentsschemas_crazy_eights_legal_move_type_3

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

        top = d.pop("top", UNSET)

        _suit = d.pop("suit", UNSET)
        suit: Suit | Unset
        if isinstance(_suit, Unset):
            suit = UNSET
        else:
            suit = Suit(_suit)

        discard = cast(list[str], d.pop("discard", UNSET))

        stock = d.pop("stock", UNSET)

        _players = d.pop("players", UNSET)
        players: list[EightsPlayer] | Unset = UNSET
        if _players is not UNSET:
            players = []
            for players_item_data in _players:
                players_item = EightsPlayer.from_dict(players_item_data)

                players.append(players_item)

        passes = d.pop("passes", UNSET)

        blocked = d.pop("blocked", UNSET)

        def _parse_hands_left(data: object) -> list[list[str]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hands_left_type_0 = []
                _hands_left_type_0 = data
                for hands_left_type_0_item_data in _hands_left_type_0:
                    hands_left_type_0_item = cast(list[str], hands_left_type_0_item_data)

                    hands_left_type_0.append(hands_left_type_0_item)

                return hands_left_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str]] | None | Unset, data)

        hands_left = _parse_hands_left(d.pop("hands_left", UNSET))

        def _parse_points(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                points_type_0 = cast(list[int], data)

                return points_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        points = _parse_points(d.pop("points", UNSET))

        crazy_eights_view = cls(
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
            top=top,
            suit=suit,
            discard=discard,
            stock=stock,
            players=players,
            passes=passes,
            blocked=blocked,
            hands_left=hands_left,
            points=points,
        )

        return crazy_eights_view
