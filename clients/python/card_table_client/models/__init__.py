"""Contains all the data models used in inputs/outputs"""

from .ask_data import AskData
from .ask_event import AskEvent
from .ask_move import AskMove
from .blind_date_options import BlindDateOptions
from .blind_date_options_dealer import BlindDateOptionsDealer
from .blind_date_options_deck_type_0 import BlindDateOptionsDeckType0
from .blind_date_view import BlindDateView
from .book_data import BookData
from .book_event import BookEvent
from .bot_level import BotLevel
from .catalog import Catalog
from .catalog_entry import CatalogEntry
from .catalog_entry_deck import CatalogEntryDeck
from .code_join import CodeJoin
from .code_joined import CodeJoined
from .crazy_eights_options import CrazyEightsOptions
from .crazy_eights_view import CrazyEightsView
from .create_blind_date_game import CreateBlindDateGame
from .create_crazy_eights_game import CreateCrazyEightsGame
from .create_go_fish_game import CreateGoFishGame
from .create_mystery_date_game import CreateMysteryDateGame
from .create_old_maid_game import CreateOldMaidGame
from .create_spoons_game import CreateSpoonsGame
from .created_game import CreatedGame
from .created_game_options import CreatedGameOptions
from .created_ticket import CreatedTicket
from .date_player import DatePlayer
from .deal import Deal
from .deal_data import DealData
from .deal_event import DealEvent
from .discard_data import DiscardData
from .discard_event import DiscardEvent
from .discard_move import DiscardMove
from .door_data import DoorData
from .door_data_colour import DoorDataColour
from .door_data_outcome import DoorDataOutcome
from .door_event import DoorEvent
from .door_opened import DoorOpened
from .door_opened_colour import DoorOpenedColour
from .door_opened_outcome import DoorOpenedOutcome
from .draw_data import DrawData
from .draw_event import DrawEvent
from .draw_move import DrawMove
from .eights_player import EightsPlayer
from .events_page import EventsPage
from .face_up_card import FaceUpCard
from .fish_player import FishPlayer
from .game import Game
from .game_options import GameOptions
from .game_over_data import GameOverData
from .game_over_data_reason import GameOverDataReason
from .game_over_event import GameOverEvent
from .game_text import GameText
from .game_type import GameType
from .game_words import GameWords
from .give_data import GiveData
from .give_event import GiveEvent
from .give_move import GiveMove
from .go_fish_data import GoFishData
from .go_fish_event import GoFishEvent
from .go_fish_options import GoFishOptions
from .go_fish_options_end import GoFishOptionsEnd
from .go_fish_view import GoFishView
from .hand_data import HandData
from .hand_event import HandEvent
from .health import Health
from .join import Join
from .joined import Joined
from .joined_data import JoinedData
from .joined_event import JoinedEvent
from .left_data import LeftData
from .left_event import LeftEvent
from .lobby import Lobby
from .made_by import MadeBy
from .move_answer import MoveAnswer
from .mystery_date_options import MysteryDateOptions
from .mystery_date_view import MysteryDateView
from .mystery_date_view_phase import MysteryDateViewPhase
from .mystery_date_view_ready_type_0_item import MysteryDateViewReadyType0Item
from .no_data import NoData
from .nothing_event import NothingEvent
from .offer import Offer
from .offer_event import OfferEvent
from .old_maid_options import OldMaidOptions
from .old_maid_options_odd_card import OldMaidOptionsOddCard
from .old_maid_options_pair_by import OldMaidOptionsPairBy
from .old_maid_options_preset import OldMaidOptionsPreset
from .old_maid_options_remove_queens_type_0 import OldMaidOptionsRemoveQueensType0
from .old_maid_options_take_from import OldMaidOptionsTakeFrom
from .old_maid_view import OldMaidView
from .option import Option
from .option_text import OptionText
from .option_words import OptionWords
from .out_event import OutEvent
from .pairs_data import PairsData
from .pairs_event import PairsEvent
from .pass_data import PassData
from .pass_event import PassEvent
from .pass_move import PassMove
from .passing_player import PassingPlayer
from .pick_data import PickData
from .pick_event import PickEvent
from .pick_move import PickMove
from .piles_data import PilesData
from .piles_event import PilesEvent
from .play_data import PlayData
from .play_event import PlayEvent
from .play_move import PlayMove
from .player_range import PlayerRange
from .players import Players
from .presence import Presence
from .problem import Problem
from .problem_errors import ProblemErrors
from .quickplay import Quickplay
from .rank import Rank
from .react import React
from .reaction import Reaction
from .reaction_data import ReactionData
from .reaction_event import ReactionEvent
from .ready import Ready
from .rematch import Rematch
from .rematch_data import RematchData
from .rematch_event import RematchEvent
from .rematch_options import RematchOptions
from .reserved_data import ReservedData
from .reserved_event import ReservedEvent
from .resume_event import ResumeEvent
from .resume_move import ResumeMove
from .roll_data import RollData
from .roll_data_space import RollDataSpace
from .roll_event import RollEvent
from .roll_move import RollMove
from .round_abandoned_data import RoundAbandonedData
from .round_abandoned_data_ended import RoundAbandonedDataEnded
from .round_abandoned_event import RoundAbandonedEvent
from .round_over_data import RoundOverData
from .round_over_event import RoundOverEvent
from .safe_event import SafeEvent
from .seat import Seat
from .seat_here import SeatHere
from .show_move import ShowMove
from .show_move_colour import ShowMoveColour
from .signal_data import SignalData
from .signal_event import SignalEvent
from .signal_move import SignalMove
from .spoons_options import SpoonsOptions
from .spoons_options_signal import SpoonsOptionsSignal
from .spoons_player import SpoonsPlayer
from .spoons_view import SpoonsView
from .standing import Standing
from .starter_data import StarterData
from .starter_event import StarterEvent
from .status import Status
from .stream_events_end_message import StreamEventsEndMessage
from .stream_events_end_message_event import StreamEventsEndMessageEvent
from .stream_events_event_message import StreamEventsEventMessage
from .stream_events_view_message import StreamEventsViewMessage
from .stream_events_view_message_event import StreamEventsViewMessageEvent
from .suit import Suit
from .take_data import TakeData
from .take_discard_event import TakeDiscardEvent
from .take_discard_move import TakeDiscardMove
from .take_event import TakeEvent
from .take_move import TakeMove
from .ticket import Ticket
from .ticket_status import TicketStatus
from .timeout_data import TimeoutData
from .timeout_event import TimeoutEvent
from .vacated_data import VacatedData
from .vacated_event import VacatedEvent
from .visibility import Visibility
from .won_data import WonData
from .won_data_date import WonDataDate
from .won_event import WonEvent

__all__ = (
    "AskData",
    "AskEvent",
    "AskMove",
    "BlindDateOptions",
    "BlindDateOptionsDealer",
    "BlindDateOptionsDeckType0",
    "BlindDateView",
    "BookData",
    "BookEvent",
    "BotLevel",
    "Catalog",
    "CatalogEntry",
    "CatalogEntryDeck",
    "CodeJoin",
    "CodeJoined",
    "CrazyEightsOptions",
    "CrazyEightsView",
    "CreateBlindDateGame",
    "CreateCrazyEightsGame",
    "CreatedGame",
    "CreatedGameOptions",
    "CreatedTicket",
    "CreateGoFishGame",
    "CreateMysteryDateGame",
    "CreateOldMaidGame",
    "CreateSpoonsGame",
    "DatePlayer",
    "Deal",
    "DealData",
    "DealEvent",
    "DiscardData",
    "DiscardEvent",
    "DiscardMove",
    "DoorData",
    "DoorDataColour",
    "DoorDataOutcome",
    "DoorEvent",
    "DoorOpened",
    "DoorOpenedColour",
    "DoorOpenedOutcome",
    "DrawData",
    "DrawEvent",
    "DrawMove",
    "EightsPlayer",
    "EventsPage",
    "FaceUpCard",
    "FishPlayer",
    "Game",
    "GameOptions",
    "GameOverData",
    "GameOverDataReason",
    "GameOverEvent",
    "GameText",
    "GameType",
    "GameWords",
    "GiveData",
    "GiveEvent",
    "GiveMove",
    "GoFishData",
    "GoFishEvent",
    "GoFishOptions",
    "GoFishOptionsEnd",
    "GoFishView",
    "HandData",
    "HandEvent",
    "Health",
    "Join",
    "Joined",
    "JoinedData",
    "JoinedEvent",
    "LeftData",
    "LeftEvent",
    "Lobby",
    "MadeBy",
    "MoveAnswer",
    "MysteryDateOptions",
    "MysteryDateView",
    "MysteryDateViewPhase",
    "MysteryDateViewReadyType0Item",
    "NoData",
    "NothingEvent",
    "Offer",
    "OfferEvent",
    "OldMaidOptions",
    "OldMaidOptionsOddCard",
    "OldMaidOptionsPairBy",
    "OldMaidOptionsPreset",
    "OldMaidOptionsRemoveQueensType0",
    "OldMaidOptionsTakeFrom",
    "OldMaidView",
    "Option",
    "OptionText",
    "OptionWords",
    "OutEvent",
    "PairsData",
    "PairsEvent",
    "PassData",
    "PassEvent",
    "PassingPlayer",
    "PassMove",
    "PickData",
    "PickEvent",
    "PickMove",
    "PilesData",
    "PilesEvent",
    "PlayData",
    "PlayerRange",
    "Players",
    "PlayEvent",
    "PlayMove",
    "Presence",
    "Problem",
    "ProblemErrors",
    "Quickplay",
    "Rank",
    "React",
    "Reaction",
    "ReactionData",
    "ReactionEvent",
    "Ready",
    "Rematch",
    "RematchData",
    "RematchEvent",
    "RematchOptions",
    "ReservedData",
    "ReservedEvent",
    "ResumeEvent",
    "ResumeMove",
    "RollData",
    "RollDataSpace",
    "RollEvent",
    "RollMove",
    "RoundAbandonedData",
    "RoundAbandonedDataEnded",
    "RoundAbandonedEvent",
    "RoundOverData",
    "RoundOverEvent",
    "SafeEvent",
    "Seat",
    "SeatHere",
    "ShowMove",
    "ShowMoveColour",
    "SignalData",
    "SignalEvent",
    "SignalMove",
    "SpoonsOptions",
    "SpoonsOptionsSignal",
    "SpoonsPlayer",
    "SpoonsView",
    "Standing",
    "StarterData",
    "StarterEvent",
    "Status",
    "StreamEventsEndMessage",
    "StreamEventsEndMessageEvent",
    "StreamEventsEventMessage",
    "StreamEventsViewMessage",
    "StreamEventsViewMessageEvent",
    "Suit",
    "TakeData",
    "TakeDiscardEvent",
    "TakeDiscardMove",
    "TakeEvent",
    "TakeMove",
    "Ticket",
    "TicketStatus",
    "TimeoutData",
    "TimeoutEvent",
    "VacatedData",
    "VacatedEvent",
    "Visibility",
    "WonData",
    "WonDataDate",
    "WonEvent",
)
