from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ask_event import AskEvent
    from ..models.blind_date_view import BlindDateView
    from ..models.book_event import BookEvent
    from ..models.crazy_eights_view import CrazyEightsView
    from ..models.deal_event import DealEvent
    from ..models.discard_event import DiscardEvent
    from ..models.door_event import DoorEvent
    from ..models.draw_event import DrawEvent
    from ..models.game_over_event import GameOverEvent
    from ..models.give_event import GiveEvent
    from ..models.go_fish_event import GoFishEvent
    from ..models.go_fish_view import GoFishView
    from ..models.hand_event import HandEvent
    from ..models.joined_event import JoinedEvent
    from ..models.left_event import LeftEvent
    from ..models.mystery_date_view import MysteryDateView
    from ..models.nothing_event import NothingEvent
    from ..models.offer_event import OfferEvent
    from ..models.old_maid_view import OldMaidView
    from ..models.out_event import OutEvent
    from ..models.pairs_event import PairsEvent
    from ..models.pass_event import PassEvent
    from ..models.pick_event import PickEvent
    from ..models.piles_event import PilesEvent
    from ..models.play_event import PlayEvent
    from ..models.reaction_event import ReactionEvent
    from ..models.rematch_event import RematchEvent
    from ..models.reserved_event import ReservedEvent
    from ..models.resume_event import ResumeEvent
    from ..models.roll_event import RollEvent
    from ..models.round_abandoned_event import RoundAbandonedEvent
    from ..models.round_over_event import RoundOverEvent
    from ..models.safe_event import SafeEvent
    from ..models.signal_event import SignalEvent
    from ..models.spoons_view import SpoonsView
    from ..models.starter_event import StarterEvent
    from ..models.take_discard_event import TakeDiscardEvent
    from ..models.take_event import TakeEvent
    from ..models.timeout_event import TimeoutEvent
    from ..models.vacated_event import VacatedEvent
    from ..models.won_event import WonEvent


T = TypeVar("T", bound="EventsPage")


@_attrs_define
class EventsPage:
    """
    Attributes:
        events (list[AskEvent | BookEvent | DealEvent | DiscardEvent | DoorEvent | DrawEvent | GameOverEvent | GiveEvent
            | GoFishEvent | HandEvent | JoinedEvent | LeftEvent | NothingEvent | OfferEvent | OutEvent | PairsEvent |
            PassEvent | PickEvent | PilesEvent | PlayEvent | ReactionEvent | RematchEvent | ReservedEvent | ResumeEvent |
            RollEvent | RoundAbandonedEvent | RoundOverEvent | SafeEvent | SignalEvent | StarterEvent | TakeDiscardEvent |
            TakeEvent | TimeoutEvent | VacatedEvent | WonEvent]):
        last_seq (int): The game's newest seq
        view (BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Unset):
    """

    events: list[
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
    ]
    last_seq: int
    view: BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.ask_event import AskEvent  # noqa: PLC0415
        from ..models.blind_date_view import BlindDateView  # noqa: PLC0415
        from ..models.book_event import BookEvent  # noqa: PLC0415
        from ..models.crazy_eights_view import CrazyEightsView  # noqa: PLC0415
        from ..models.deal_event import DealEvent  # noqa: PLC0415
        from ..models.discard_event import DiscardEvent  # noqa: PLC0415
        from ..models.door_event import DoorEvent  # noqa: PLC0415
        from ..models.draw_event import DrawEvent  # noqa: PLC0415
        from ..models.game_over_event import GameOverEvent  # noqa: PLC0415
        from ..models.give_event import GiveEvent  # noqa: PLC0415
        from ..models.go_fish_event import GoFishEvent  # noqa: PLC0415
        from ..models.go_fish_view import GoFishView  # noqa: PLC0415
        from ..models.hand_event import HandEvent  # noqa: PLC0415
        from ..models.joined_event import JoinedEvent  # noqa: PLC0415
        from ..models.left_event import LeftEvent  # noqa: PLC0415
        from ..models.nothing_event import NothingEvent  # noqa: PLC0415
        from ..models.offer_event import OfferEvent  # noqa: PLC0415
        from ..models.old_maid_view import OldMaidView  # noqa: PLC0415
        from ..models.out_event import OutEvent  # noqa: PLC0415
        from ..models.pairs_event import PairsEvent  # noqa: PLC0415
        from ..models.pass_event import PassEvent  # noqa: PLC0415
        from ..models.pick_event import PickEvent  # noqa: PLC0415
        from ..models.piles_event import PilesEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.reaction_event import ReactionEvent  # noqa: PLC0415
        from ..models.rematch_event import RematchEvent  # noqa: PLC0415
        from ..models.reserved_event import ReservedEvent  # noqa: PLC0415
        from ..models.resume_event import ResumeEvent  # noqa: PLC0415
        from ..models.roll_event import RollEvent  # noqa: PLC0415
        from ..models.round_abandoned_event import RoundAbandonedEvent  # noqa: PLC0415
        from ..models.round_over_event import RoundOverEvent  # noqa: PLC0415
        from ..models.safe_event import SafeEvent  # noqa: PLC0415
        from ..models.signal_event import SignalEvent  # noqa: PLC0415
        from ..models.spoons_view import SpoonsView  # noqa: PLC0415
        from ..models.starter_event import StarterEvent  # noqa: PLC0415
        from ..models.take_discard_event import TakeDiscardEvent  # noqa: PLC0415
        from ..models.take_event import TakeEvent  # noqa: PLC0415
        from ..models.timeout_event import TimeoutEvent  # noqa: PLC0415
        from ..models.vacated_event import VacatedEvent  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, AskEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, BookEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DealEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DiscardEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DoorEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DrawEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameOverEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GiveEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GoFishEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, JoinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, LeftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, NothingEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, OfferEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, OutEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PairsEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PassEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PickEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PilesEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ReactionEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RematchEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ReservedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ResumeEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RollEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundAbandonedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundOverEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SafeEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SignalEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StarterEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TakeEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TakeDiscardEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TimeoutEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, VacatedEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        last_seq = self.last_seq

        view: dict[str, Any] | Unset
        if isinstance(self.view, Unset):
            view = UNSET
        elif isinstance(self.view, OldMaidView):
            view = self.view.to_dict()
        elif isinstance(self.view, BlindDateView):
            view = self.view.to_dict()
        elif isinstance(self.view, CrazyEightsView):
            view = self.view.to_dict()
        elif isinstance(self.view, GoFishView):
            view = self.view.to_dict()
        elif isinstance(self.view, SpoonsView):
            view = self.view.to_dict()
        else:
            view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "last_seq": last_seq,
            }
        )
        if view is not UNSET:
            field_dict["view"] = view

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ask_event import AskEvent  # noqa: PLC0415
        from ..models.blind_date_view import BlindDateView  # noqa: PLC0415
        from ..models.book_event import BookEvent  # noqa: PLC0415
        from ..models.crazy_eights_view import CrazyEightsView  # noqa: PLC0415
        from ..models.deal_event import DealEvent  # noqa: PLC0415
        from ..models.discard_event import DiscardEvent  # noqa: PLC0415
        from ..models.door_event import DoorEvent  # noqa: PLC0415
        from ..models.draw_event import DrawEvent  # noqa: PLC0415
        from ..models.game_over_event import GameOverEvent  # noqa: PLC0415
        from ..models.give_event import GiveEvent  # noqa: PLC0415
        from ..models.go_fish_event import GoFishEvent  # noqa: PLC0415
        from ..models.go_fish_view import GoFishView  # noqa: PLC0415
        from ..models.hand_event import HandEvent  # noqa: PLC0415
        from ..models.joined_event import JoinedEvent  # noqa: PLC0415
        from ..models.left_event import LeftEvent  # noqa: PLC0415
        from ..models.mystery_date_view import MysteryDateView  # noqa: PLC0415
        from ..models.nothing_event import NothingEvent  # noqa: PLC0415
        from ..models.offer_event import OfferEvent  # noqa: PLC0415
        from ..models.old_maid_view import OldMaidView  # noqa: PLC0415
        from ..models.out_event import OutEvent  # noqa: PLC0415
        from ..models.pairs_event import PairsEvent  # noqa: PLC0415
        from ..models.pass_event import PassEvent  # noqa: PLC0415
        from ..models.pick_event import PickEvent  # noqa: PLC0415
        from ..models.piles_event import PilesEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.reaction_event import ReactionEvent  # noqa: PLC0415
        from ..models.rematch_event import RematchEvent  # noqa: PLC0415
        from ..models.reserved_event import ReservedEvent  # noqa: PLC0415
        from ..models.resume_event import ResumeEvent  # noqa: PLC0415
        from ..models.roll_event import RollEvent  # noqa: PLC0415
        from ..models.round_abandoned_event import RoundAbandonedEvent  # noqa: PLC0415
        from ..models.round_over_event import RoundOverEvent  # noqa: PLC0415
        from ..models.safe_event import SafeEvent  # noqa: PLC0415
        from ..models.signal_event import SignalEvent  # noqa: PLC0415
        from ..models.spoons_view import SpoonsView  # noqa: PLC0415
        from ..models.starter_event import StarterEvent  # noqa: PLC0415
        from ..models.take_discard_event import TakeDiscardEvent  # noqa: PLC0415
        from ..models.take_event import TakeEvent  # noqa: PLC0415
        from ..models.timeout_event import TimeoutEvent  # noqa: PLC0415
        from ..models.vacated_event import VacatedEvent  # noqa: PLC0415
        from ..models.won_event import WonEvent  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
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

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        last_seq = d.pop("last_seq")

        def _parse_view(
            data: object,
        ) -> BlindDateView | CrazyEightsView | GoFishView | MysteryDateView | OldMaidView | SpoonsView | Unset:
            if isinstance(data, Unset):
                return data
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

        view = _parse_view(d.pop("view", UNSET))

        events_page = cls(
            events=events,
            last_seq=last_seq,
            view=view,
        )

        return events_page
