"""Contains all the data models used in inputs/outputs"""

from .ask_data import AskData
from .ask_event import AskEvent
from .ask_event_type import AskEventType
from .ask_move import AskMove
from .ask_move_type import AskMoveType
from .blind_date_options import BlindDateOptions
from .blind_date_options_dealer import BlindDateOptionsDealer
from .blind_date_options_deck_type_0 import BlindDateOptionsDeckType0
from .blind_date_view import BlindDateView
from .blind_date_view_type import BlindDateViewType
from .book_data import BookData
from .book_event import BookEvent
from .book_event_type import BookEventType
from .bot_level import BotLevel
from .catalog import Catalog
from .catalog_entry import CatalogEntry
from .catalog_entry_deck import CatalogEntryDeck
from .code_join import CodeJoin
from .code_joined import CodeJoined
from .crazy_eights_options import CrazyEightsOptions
from .crazy_eights_view import CrazyEightsView
from .crazy_eights_view_type import CrazyEightsViewType
from .create_blind_date_game import CreateBlindDateGame
from .create_blind_date_game_type import CreateBlindDateGameType
from .create_crazy_eights_game import CreateCrazyEightsGame
from .create_crazy_eights_game_type import CreateCrazyEightsGameType
from .create_go_fish_game import CreateGoFishGame
from .create_go_fish_game_type import CreateGoFishGameType
from .create_mystery_date_game import CreateMysteryDateGame
from .create_mystery_date_game_type import CreateMysteryDateGameType
from .create_old_maid_game import CreateOldMaidGame
from .create_old_maid_game_type import CreateOldMaidGameType
from .create_spoons_game import CreateSpoonsGame
from .create_spoons_game_type import CreateSpoonsGameType
from .created_game import CreatedGame
from .created_game_options import CreatedGameOptions
from .date_player import DatePlayer
from .deal import Deal
from .deal_data import DealData
from .deal_event import DealEvent
from .deal_event_type import DealEventType
from .discard_data import DiscardData
from .discard_event import DiscardEvent
from .discard_event_type import DiscardEventType
from .discard_move import DiscardMove
from .discard_move_type import DiscardMoveType
from .door_data import DoorData
from .door_data_colour import DoorDataColour
from .door_data_outcome import DoorDataOutcome
from .door_event import DoorEvent
from .door_event_type import DoorEventType
from .door_opened import DoorOpened
from .door_opened_colour import DoorOpenedColour
from .door_opened_outcome import DoorOpenedOutcome
from .draw_data import DrawData
from .draw_event import DrawEvent
from .draw_event_type import DrawEventType
from .draw_move import DrawMove
from .draw_move_type import DrawMoveType
from .eights_player import EightsPlayer
from .events_page import EventsPage
from .face_up_card import FaceUpCard
from .fish_player import FishPlayer
from .game import Game
from .game_options import GameOptions
from .game_over_data import GameOverData
from .game_over_data_reason import GameOverDataReason
from .game_over_event import GameOverEvent
from .game_over_event_type import GameOverEventType
from .game_type import GameType
from .give_data import GiveData
from .give_event import GiveEvent
from .give_event_type import GiveEventType
from .give_move import GiveMove
from .give_move_type import GiveMoveType
from .go_fish_data import GoFishData
from .go_fish_event import GoFishEvent
from .go_fish_event_type import GoFishEventType
from .go_fish_options import GoFishOptions
from .go_fish_options_end import GoFishOptionsEnd
from .go_fish_view import GoFishView
from .go_fish_view_type import GoFishViewType
from .hand_data import HandData
from .hand_event import HandEvent
from .hand_event_type import HandEventType
from .health import Health
from .join import Join
from .joined import Joined
from .left_data import LeftData
from .left_event import LeftEvent
from .left_event_type import LeftEventType
from .lobby import Lobby
from .made_by import MadeBy
from .move_answer import MoveAnswer
from .mystery_date_options import MysteryDateOptions
from .mystery_date_view import MysteryDateView
from .mystery_date_view_phase import MysteryDateViewPhase
from .mystery_date_view_ready_type_0_item import MysteryDateViewReadyType0Item
from .mystery_date_view_type import MysteryDateViewType
from .no_data import NoData
from .nothing_event import NothingEvent
from .nothing_event_type import NothingEventType
from .offer import Offer
from .offer_event import OfferEvent
from .offer_event_type import OfferEventType
from .old_maid_options import OldMaidOptions
from .old_maid_options_odd_card import OldMaidOptionsOddCard
from .old_maid_options_pair_by import OldMaidOptionsPairBy
from .old_maid_options_preset import OldMaidOptionsPreset
from .old_maid_options_remove_queens_type_0 import OldMaidOptionsRemoveQueensType0
from .old_maid_options_take_from import OldMaidOptionsTakeFrom
from .old_maid_view import OldMaidView
from .old_maid_view_type import OldMaidViewType
from .option import Option
from .out_event import OutEvent
from .out_event_type import OutEventType
from .pairs_data import PairsData
from .pairs_event import PairsEvent
from .pairs_event_type import PairsEventType
from .pass_data import PassData
from .pass_event import PassEvent
from .pass_event_type import PassEventType
from .pass_move import PassMove
from .pass_move_type import PassMoveType
from .passing_player import PassingPlayer
from .pick_data import PickData
from .pick_event import PickEvent
from .pick_event_type import PickEventType
from .pick_move import PickMove
from .pick_move_type import PickMoveType
from .piles_data import PilesData
from .piles_event import PilesEvent
from .piles_event_type import PilesEventType
from .play_data import PlayData
from .play_event import PlayEvent
from .play_event_type import PlayEventType
from .play_move import PlayMove
from .play_move_type import PlayMoveType
from .players import Players
from .problem import Problem
from .problem_errors import ProblemErrors
from .rank import Rank
from .ready import Ready
from .resume_event import ResumeEvent
from .resume_event_type import ResumeEventType
from .resume_move import ResumeMove
from .resume_move_type import ResumeMoveType
from .roll_data import RollData
from .roll_data_space import RollDataSpace
from .roll_event import RollEvent
from .roll_event_type import RollEventType
from .roll_move import RollMove
from .roll_move_type import RollMoveType
from .round_abandoned_data import RoundAbandonedData
from .round_abandoned_data_ended import RoundAbandonedDataEnded
from .round_abandoned_event import RoundAbandonedEvent
from .round_abandoned_event_type import RoundAbandonedEventType
from .round_over_data import RoundOverData
from .round_over_event import RoundOverEvent
from .round_over_event_type import RoundOverEventType
from .safe_event import SafeEvent
from .safe_event_type import SafeEventType
from .seat import Seat
from .show_move import ShowMove
from .show_move_colour import ShowMoveColour
from .show_move_type import ShowMoveType
from .signal_data import SignalData
from .signal_event import SignalEvent
from .signal_event_type import SignalEventType
from .signal_move import SignalMove
from .signal_move_type import SignalMoveType
from .spoons_options import SpoonsOptions
from .spoons_options_signal import SpoonsOptionsSignal
from .spoons_player import SpoonsPlayer
from .spoons_view import SpoonsView
from .spoons_view_type import SpoonsViewType
from .standing import Standing
from .starter_data import StarterData
from .starter_event import StarterEvent
from .starter_event_type import StarterEventType
from .status import Status
from .stream_events_response_200 import StreamEventsResponse200
from .stream_events_response_200_event import StreamEventsResponse200Event
from .suit import Suit
from .take_data import TakeData
from .take_discard_event import TakeDiscardEvent
from .take_discard_event_type import TakeDiscardEventType
from .take_discard_move import TakeDiscardMove
from .take_discard_move_type import TakeDiscardMoveType
from .take_event import TakeEvent
from .take_event_type import TakeEventType
from .take_move import TakeMove
from .take_move_type import TakeMoveType
from .timeout_data import TimeoutData
from .timeout_event import TimeoutEvent
from .timeout_event_type import TimeoutEventType
from .visibility import Visibility
from .won_data import WonData
from .won_data_date import WonDataDate
from .won_event import WonEvent
from .won_event_type import WonEventType

__all__ = (
    "AskData",
    "AskEvent",
    "AskEventType",
    "AskMove",
    "AskMoveType",
    "BlindDateOptions",
    "BlindDateOptionsDealer",
    "BlindDateOptionsDeckType0",
    "BlindDateView",
    "BlindDateViewType",
    "BookData",
    "BookEvent",
    "BookEventType",
    "BotLevel",
    "Catalog",
    "CatalogEntry",
    "CatalogEntryDeck",
    "CodeJoin",
    "CodeJoined",
    "CrazyEightsOptions",
    "CrazyEightsView",
    "CrazyEightsViewType",
    "CreateBlindDateGame",
    "CreateBlindDateGameType",
    "CreateCrazyEightsGame",
    "CreateCrazyEightsGameType",
    "CreatedGame",
    "CreatedGameOptions",
    "CreateGoFishGame",
    "CreateGoFishGameType",
    "CreateMysteryDateGame",
    "CreateMysteryDateGameType",
    "CreateOldMaidGame",
    "CreateOldMaidGameType",
    "CreateSpoonsGame",
    "CreateSpoonsGameType",
    "DatePlayer",
    "Deal",
    "DealData",
    "DealEvent",
    "DealEventType",
    "DiscardData",
    "DiscardEvent",
    "DiscardEventType",
    "DiscardMove",
    "DiscardMoveType",
    "DoorData",
    "DoorDataColour",
    "DoorDataOutcome",
    "DoorEvent",
    "DoorEventType",
    "DoorOpened",
    "DoorOpenedColour",
    "DoorOpenedOutcome",
    "DrawData",
    "DrawEvent",
    "DrawEventType",
    "DrawMove",
    "DrawMoveType",
    "EightsPlayer",
    "EventsPage",
    "FaceUpCard",
    "FishPlayer",
    "Game",
    "GameOptions",
    "GameOverData",
    "GameOverDataReason",
    "GameOverEvent",
    "GameOverEventType",
    "GameType",
    "GiveData",
    "GiveEvent",
    "GiveEventType",
    "GiveMove",
    "GiveMoveType",
    "GoFishData",
    "GoFishEvent",
    "GoFishEventType",
    "GoFishOptions",
    "GoFishOptionsEnd",
    "GoFishView",
    "GoFishViewType",
    "HandData",
    "HandEvent",
    "HandEventType",
    "Health",
    "Join",
    "Joined",
    "LeftData",
    "LeftEvent",
    "LeftEventType",
    "Lobby",
    "MadeBy",
    "MoveAnswer",
    "MysteryDateOptions",
    "MysteryDateView",
    "MysteryDateViewPhase",
    "MysteryDateViewReadyType0Item",
    "MysteryDateViewType",
    "NoData",
    "NothingEvent",
    "NothingEventType",
    "Offer",
    "OfferEvent",
    "OfferEventType",
    "OldMaidOptions",
    "OldMaidOptionsOddCard",
    "OldMaidOptionsPairBy",
    "OldMaidOptionsPreset",
    "OldMaidOptionsRemoveQueensType0",
    "OldMaidOptionsTakeFrom",
    "OldMaidView",
    "OldMaidViewType",
    "Option",
    "OutEvent",
    "OutEventType",
    "PairsData",
    "PairsEvent",
    "PairsEventType",
    "PassData",
    "PassEvent",
    "PassEventType",
    "PassingPlayer",
    "PassMove",
    "PassMoveType",
    "PickData",
    "PickEvent",
    "PickEventType",
    "PickMove",
    "PickMoveType",
    "PilesData",
    "PilesEvent",
    "PilesEventType",
    "PlayData",
    "Players",
    "PlayEvent",
    "PlayEventType",
    "PlayMove",
    "PlayMoveType",
    "Problem",
    "ProblemErrors",
    "Rank",
    "Ready",
    "ResumeEvent",
    "ResumeEventType",
    "ResumeMove",
    "ResumeMoveType",
    "RollData",
    "RollDataSpace",
    "RollEvent",
    "RollEventType",
    "RollMove",
    "RollMoveType",
    "RoundAbandonedData",
    "RoundAbandonedDataEnded",
    "RoundAbandonedEvent",
    "RoundAbandonedEventType",
    "RoundOverData",
    "RoundOverEvent",
    "RoundOverEventType",
    "SafeEvent",
    "SafeEventType",
    "Seat",
    "ShowMove",
    "ShowMoveColour",
    "ShowMoveType",
    "SignalData",
    "SignalEvent",
    "SignalEventType",
    "SignalMove",
    "SignalMoveType",
    "SpoonsOptions",
    "SpoonsOptionsSignal",
    "SpoonsPlayer",
    "SpoonsView",
    "SpoonsViewType",
    "Standing",
    "StarterData",
    "StarterEvent",
    "StarterEventType",
    "Status",
    "StreamEventsResponse200",
    "StreamEventsResponse200Event",
    "Suit",
    "TakeData",
    "TakeDiscardEvent",
    "TakeDiscardEventType",
    "TakeDiscardMove",
    "TakeDiscardMoveType",
    "TakeEvent",
    "TakeEventType",
    "TakeMove",
    "TakeMoveType",
    "TimeoutData",
    "TimeoutEvent",
    "TimeoutEventType",
    "Visibility",
    "WonData",
    "WonDataDate",
    "WonEvent",
    "WonEventType",
)
