"""Game-agnostic engine protocol: games, states, actions, options, errors, records, registry."""

from connect_arena.core.chance import sample_chance_outcome
from connect_arena.core.errors import (
    GameError,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    InvalidRecordError,
    UnknownGameError,
)
from connect_arena.core.events import Event
from connect_arena.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    HistoryEntry,
    State,
    last_action_json,
    legal_json_of,
)
from connect_arena.core.gametype import (
    ChanceMode,
    Dynamics,
    GameType,
    Information,
    ResultKind,
    Utility,
)
from connect_arena.core.kit import GameKit
from connect_arena.core.options import OptionSpec, OptionValue
from connect_arena.core.perft import perft, perft_divide
from connect_arena.core.records import (
    RECORD_FORMAT,
    Record,
    SeatAction,
    parse_record,
    read_record,
    record_of,
    replay,
)
from connect_arena.core.registry import (
    game_class,
    game_names,
    kit_of,
    list_games,
    load,
    register,
    unregister,
)

__all__ = [
    "CHANCE",
    "RECORD_FORMAT",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "ChanceMode",
    "Dynamics",
    "Event",
    "Game",
    "GameError",
    "GameKit",
    "GameType",
    "HistoryEntry",
    "IllegalActionError",
    "Information",
    "InvalidActionError",
    "InvalidOptionError",
    "InvalidRecordError",
    "OptionSpec",
    "OptionValue",
    "Record",
    "ResultKind",
    "SeatAction",
    "State",
    "UnknownGameError",
    "Utility",
    "game_class",
    "game_names",
    "kit_of",
    "last_action_json",
    "legal_json_of",
    "list_games",
    "load",
    "parse_record",
    "perft",
    "perft_divide",
    "read_record",
    "record_of",
    "register",
    "replay",
    "sample_chance_outcome",
    "unregister",
]
