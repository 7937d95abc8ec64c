from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.blind_date_view_type import BlindDateViewType
from ..models.status import Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ask_move import AskMove
    from ..models.discard_move import DiscardMove
    from ..models.draw_move import DrawMove
    from ..models.give_move import GiveMove
    from ..models.offer import Offer
    from ..models.pass_move import PassMove
    from ..models.passing_player import PassingPlayer
    from ..models.pick_move import PickMove
    from ..models.play_move import PlayMove
    from ..models.resume_move import ResumeMove
    from ..models.roll_move import RollMove
    from ..models.show_move import ShowMove
    from ..models.signal_move import SignalMove
    from ..models.take_discard_move import TakeDiscardMove
    from ..models.take_move import TakeMove


T = TypeVar("T", bound="BlindDateView")


@_attrs_define
class BlindDateView:
    """
    Attributes:
        game_id (UUID):
        status (Status):
        round_ (int):
        version (int):
        seat (int | None): null: a spectator
        legal_moves (list[AskMove | DiscardMove | DrawMove | GiveMove | PassMove | PickMove | PlayMove | ResumeMove |
            RollMove | ShowMove | SignalMove | TakeDiscardMove | TakeMove]): Every move this seat may send now, ready to
            send
        to_act (list[int]): Every seat that may act
        deadline (datetime.datetime | None): When this seat's clock runs out (else the one seat's to act)
        seeded (bool): Whether the host chose the seed (then whoever knows it knows every card)
        seed_commitment (None | str):
        type_ (BlindDateViewType):
        dealer (int | Unset):
        turn (int | None | Unset):
        offer (None | Offer | Unset):
        hand (list[str] | None | Unset):
        players (list[PassingPlayer] | Unset):
        discarded (list[str] | Unset):
        loser (int | None | Unset):
        odd_card (None | str | Unset):
    """

    game_id: UUID
    status: Status
    round_: int
    version: int
    seat: int | None
    legal_moves: list[
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
    ]
    to_act: list[int]
    deadline: datetime.datetime | None
    seeded: bool
    seed_commitment: None | str
    type_: BlindDateViewType
    dealer: int | Unset = UNSET
    turn: int | None | Unset = UNSET
    offer: None | Offer | Unset = UNSET
    hand: list[str] | None | Unset = UNSET
    players: list[PassingPlayer] | Unset = UNSET
    discarded: list[str] | Unset = UNSET
    loser: int | None | Unset = UNSET
    odd_card: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.ask_move import AskMove  # noqa: PLC0415
        from ..models.discard_move import DiscardMove  # noqa: PLC0415
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.give_move import GiveMove  # noqa: PLC0415
        from ..models.offer import Offer  # noqa: PLC0415
        from ..models.pass_move import PassMove  # noqa: PLC0415
        from ..models.pick_move import PickMove  # noqa: PLC0415
        from ..models.play_move import PlayMove  # noqa: PLC0415
        from ..models.resume_move import ResumeMove  # noqa: PLC0415
        from ..models.roll_move import RollMove  # noqa: PLC0415
        from ..models.signal_move import SignalMove  # noqa: PLC0415
        from ..models.take_discard_move import TakeDiscardMove  # noqa: PLC0415
        from ..models.take_move import TakeMove  # noqa: PLC0415

        game_id = str(self.game_id)

        status = self.status.value

        round_ = self.round_

        version = self.version

        seat: int | None
        seat = self.seat

        legal_moves = []
        for legal_moves_item_data in self.legal_moves:
            legal_moves_item: dict[str, Any]
            if isinstance(legal_moves_item_data, ResumeMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, TakeMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, PlayMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, DrawMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, PassMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, AskMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, PickMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, SignalMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, RollMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, DiscardMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, GiveMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            elif isinstance(legal_moves_item_data, TakeDiscardMove):
                legal_moves_item = legal_moves_item_data.to_dict()
            else:
                legal_moves_item = legal_moves_item_data.to_dict()

            legal_moves.append(legal_moves_item)

        to_act = self.to_act

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        seeded = self.seeded

        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        type_ = self.type_.value

        dealer = self.dealer

        turn: int | None | Unset
        if isinstance(self.turn, Unset):
            turn = UNSET
        else:
            turn = self.turn

        offer: dict[str, Any] | None | Unset
        if isinstance(self.offer, Unset):
            offer = UNSET
        elif isinstance(self.offer, Offer):
            offer = self.offer.to_dict()
        else:
            offer = self.offer

        hand: list[str] | None | Unset
        if isinstance(self.hand, Unset):
            hand = UNSET
        elif isinstance(self.hand, list):
            hand = self.hand

        else:
            hand = self.hand

        players: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = []
            for players_item_data in self.players:
                players_item = players_item_data.to_dict()
                players.append(players_item)

        discarded: list[str] | Unset = UNSET
        if not isinstance(self.discarded, Unset):
            discarded = self.discarded

        loser: int | None | Unset
        if isinstance(self.loser, Unset):
            loser = UNSET
        else:
            loser = self.loser

        odd_card: None | str | Unset
        if isinstance(self.odd_card, Unset):
            odd_card = UNSET
        else:
            odd_card = self.odd_card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "status": status,
                "round": round_,
                "version": version,
                "seat": seat,
                "legal_moves": legal_moves,
                "to_act": to_act,
                "deadline": deadline,
                "seeded": seeded,
                "seed_commitment": seed_commitment,
                "type": type_,
            }
        )
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if turn is not UNSET:
            field_dict["turn"] = turn
        if offer is not UNSET:
            field_dict["offer"] = offer
        if hand is not UNSET:
            field_dict["hand"] = hand
        if players is not UNSET:
            field_dict["players"] = players
        if discarded is not UNSET:
            field_dict["discarded"] = discarded
        if loser is not UNSET:
            field_dict["loser"] = loser
        if odd_card is not UNSET:
            field_dict["odd_card"] = odd_card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ask_move import AskMove  # noqa: PLC0415
        from ..models.discard_move import DiscardMove  # noqa: PLC0415
        from ..models.draw_move import DrawMove  # noqa: PLC0415
        from ..models.give_move import GiveMove  # noqa: PLC0415
        from ..models.offer import Offer  # noqa: PLC0415
        from ..models.pass_move import PassMove  # noqa: PLC0415
        from ..models.passing_player import PassingPlayer  # noqa: PLC0415
        from ..models.pick_move import PickMove  # noqa: PLC0415
        from ..models.play_move import PlayMove  # noqa: PLC0415
        from ..models.resume_move import ResumeMove  # noqa: PLC0415
        from ..models.roll_move import RollMove  # noqa: PLC0415
        from ..models.show_move import ShowMove  # noqa: PLC0415
        from ..models.signal_move import SignalMove  # noqa: PLC0415
        from ..models.take_discard_move import TakeDiscardMove  # noqa: PLC0415
        from ..models.take_move import TakeMove  # noqa: PLC0415

        d = dict(src_dict)
        game_id = UUID(d.pop("game_id"))

        status = Status(d.pop("status"))

        round_ = d.pop("round")

        version = d.pop("version")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        legal_moves = []
        _legal_moves = d.pop("legal_moves")
        for legal_moves_item_data in _legal_moves:

            def _parse_legal_moves_item(
                data: object,
            ) -> (
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
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_0 = ResumeMove.from_dict(data)

                    return componentsschemas_move_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_1 = TakeMove.from_dict(data)

                    return componentsschemas_move_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_2 = PlayMove.from_dict(data)

                    return componentsschemas_move_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_3 = DrawMove.from_dict(data)

                    return componentsschemas_move_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_4 = PassMove.from_dict(data)

                    return componentsschemas_move_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_5 = AskMove.from_dict(data)

                    return componentsschemas_move_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_6 = PickMove.from_dict(data)

                    return componentsschemas_move_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_7 = SignalMove.from_dict(data)

                    return componentsschemas_move_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_8 = RollMove.from_dict(data)

                    return componentsschemas_move_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_9 = DiscardMove.from_dict(data)

                    return componentsschemas_move_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_10 = GiveMove.from_dict(data)

                    return componentsschemas_move_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_type_11 = TakeDiscardMove.from_dict(data)

                    return componentsschemas_move_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_move_type_12 = ShowMove.from_dict(data)

                return componentsschemas_move_type_12

            legal_moves_item = _parse_legal_moves_item(legal_moves_item_data)

            legal_moves.append(legal_moves_item)

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

        seeded = d.pop("seeded")

        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))

        type_ = BlindDateViewType(d.pop("type"))

        dealer = d.pop("dealer", UNSET)

        def _parse_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn = _parse_turn(d.pop("turn", UNSET))

        def _parse_offer(data: object) -> None | Offer | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                offer_type_0 = Offer.from_dict(data)

                return offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Offer | Unset, data)

        offer = _parse_offer(d.pop("offer", UNSET))

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

        _players = d.pop("players", UNSET)
        players: list[PassingPlayer] | Unset = UNSET
        if _players is not UNSET:
            players = []
            for players_item_data in _players:
                players_item = PassingPlayer.from_dict(players_item_data)

                players.append(players_item)

        discarded = cast(list[str], d.pop("discarded", UNSET))

        def _parse_loser(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        loser = _parse_loser(d.pop("loser", UNSET))

        def _parse_odd_card(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        odd_card = _parse_odd_card(d.pop("odd_card", UNSET))

        blind_date_view = cls(
            game_id=game_id,
            status=status,
            round_=round_,
            version=version,
            seat=seat,
            legal_moves=legal_moves,
            to_act=to_act,
            deadline=deadline,
            seeded=seeded,
            seed_commitment=seed_commitment,
            type_=type_,
            dealer=dealer,
            turn=turn,
            offer=offer,
            hand=hand,
            players=players,
            discarded=discarded,
            loser=loser,
            odd_card=odd_card,
        )

        return blind_date_view
