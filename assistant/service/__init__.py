"""What the commands do, one transaction each, split by concern:

* :mod:`~assistant.service.games` -- games and entries: new, enter, undo, finish, abandon,
  load, and the views of one game (show, state, score, log);
* :mod:`~assistant.service.play` -- the ``play`` prompt's game kept in memory (one check and
  one small transaction per entry);
* :mod:`~assistant.service.history` -- history queries and statistics: games list, players,
  a player's report, renaming and merging players, the database check;
* :mod:`~assistant.service.records` -- records in and out: export, import, replay;
* :mod:`~assistant.service.tables` -- final tables: ``score --from`` and ``--save``;
* :mod:`~assistant.service.catalogue` -- the local catalogue of ``@keys``;
* :mod:`~assistant.service.views` -- what the commands answer: every ``--json`` shape;
* :mod:`~assistant.service.fields` -- dates.

Every query of the database is in :mod:`assistant.store.queries`; the service holds no SQL.
The names below are the service's public face (``from assistant import service``).
"""

from assistant.service.catalogue import (
    DEFAULT_CATALOGUE,
    catalogue_items,
    catalogue_list,
    catalogue_remove,
    catalogue_set,
    expand_catalogue,
)
from assistant.service.games import (
    STATUSES,
    Loaded,
    abandon,
    enter,
    finish,
    game_score,
    game_state,
    load,
    new_game,
    read_entries,
    read_game,
    show_game,
    show_view,
    state_view,
    undo,
)
from assistant.service.history import (
    check_database,
    count_games,
    iter_games,
    list_games,
    merge_players,
    player_report,
    player_stats,
    rename_player,
)
from assistant.service.play import PlaySession
from assistant.service.records import (
    RECORD_SEPARATOR,
    export_game,
    export_games,
    export_stream,
    import_records,
    replay_text,
    replay_view,
    split_records,
)
from assistant.service.tables import save_table, score_table
from assistant.service.views import Entered

__all__ = [
    "DEFAULT_CATALOGUE",
    "RECORD_SEPARATOR",
    "STATUSES",
    "Entered",
    "Loaded",
    "PlaySession",
    "abandon",
    "catalogue_items",
    "catalogue_list",
    "catalogue_remove",
    "catalogue_set",
    "check_database",
    "count_games",
    "enter",
    "expand_catalogue",
    "export_game",
    "export_games",
    "export_stream",
    "finish",
    "game_score",
    "game_state",
    "import_records",
    "iter_games",
    "list_games",
    "load",
    "merge_players",
    "new_game",
    "player_report",
    "player_stats",
    "read_entries",
    "read_game",
    "rename_player",
    "replay_text",
    "replay_view",
    "save_table",
    "score_table",
    "show_game",
    "show_view",
    "split_records",
    "state_view",
    "undo",
]
