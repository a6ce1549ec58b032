"""Game-agnostic core: the game protocol, moves and entries, errors, the score sheet, the
record format, name matching and rule texts. It knows no game and no database."""

from assistant.core.errors import (
    AmbiguousEntry,
    AssistantError,
    Conflict,
    EntryError,
    IllegalMove,
    InvalidEntry,
    NotFound,
    Problem,
    RecordError,
    StorageError,
    TableError,
)
from assistant.core.game import Game
from assistant.core.names import NameIndex, normalize
from assistant.core.protocol import Entry, Move, OptionSpec, Outcome, Prompt, RuleText, Ruleset
from assistant.core.record import Record, RecordLine, read_record, write_record
from assistant.core.scoresheet import ScoreSheet

__all__ = [
    "AmbiguousEntry",
    "AssistantError",
    "Conflict",
    "Entry",
    "EntryError",
    "Game",
    "IllegalMove",
    "InvalidEntry",
    "Move",
    "NameIndex",
    "NotFound",
    "OptionSpec",
    "Outcome",
    "Problem",
    "Prompt",
    "Record",
    "RecordError",
    "RecordLine",
    "RuleText",
    "Ruleset",
    "ScoreSheet",
    "StorageError",
    "TableError",
    "normalize",
    "read_record",
    "write_record",
]
