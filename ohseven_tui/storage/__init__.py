"""Saved games on disk, split by job:

- :mod:`.files`: atomic writes, the guarded reader, setting a bad file aside, stale temps;
- :mod:`.saves`: the save format, autosave, put aside, filing, setup and preferences, game ids;
- :mod:`.review`: the saved-games list (sort keys, filters), player summaries, and each
  game's own scoresheet and statistics through its spec.

Every name callers used from the single ``storage`` module is here (docs/save-format.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.registry import later_names
from .files import KILL_VAR, MAX_BYTES, MAX_DEPTH, SaveError, remove_stale_temps
from .saves import (
    AUTOSAVE_NAME,
    ENV_VAR,
    PREFS_NAME,
    SAVE_FORMAT,
    SAVE_VERSION,
    SETUP_NAME,
    STATE_SUBDIR,
    AutosaveLog,
    SavedGame,
    SaveDirs,
    StandIn,
    clear_autosave,
    delete_save,
    file_received,
    find_save,
    finish_game,
    game_id,
    game_in_play,
    list_saves,
    load_autosave,
    load_autosave_save,
    load_prefs,
    load_save,
    load_setup,
    mark_stand_in,
    new_save_name,
    prefs_path,
    put_aside_autosave,
    same_game,
    save_data,
    save_dirs,
    save_prefs,
    save_setup,
    set_aside_autosave,
    stand_ins,
    unfinished_game,
    write_autosave,
    write_save,
)

if TYPE_CHECKING:
    from .review import (
        SORT_KEYS,
        PlayerSummary,
        filter_saves,
        player_summaries,
        rules_short,
        sheet_of,
        sort_saves,
        stats_of,
    )
# The review's names load with their first use: a table's first frame needs none.
__getattr__ = later_names(__name__, ("SORT_KEYS", "PlayerSummary", "filter_saves", "player_summaries", "rules_short",
                                     "sheet_of", "sort_saves", "stats_of"), ("review",))


__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "MAX_BYTES",
    "MAX_DEPTH",
    "ENV_VAR",
    "KILL_VAR",
    "AUTOSAVE_NAME",
    "SETUP_NAME",
    "PREFS_NAME",
    "STATE_SUBDIR",
    "SaveError",
    "SaveDirs",
    "SavedGame",
    "save_dirs",
    "save_data",
    "write_save",
    "write_autosave",
    "AutosaveLog",
    "load_autosave",
    "load_autosave_save",
    "clear_autosave",
    "set_aside_autosave",
    "unfinished_game",
    "put_aside_autosave",
    "file_received",
    "finish_game",
    "game_id",
    "game_in_play",
    "new_save_name",
    "save_setup",
    "load_setup",
    "save_prefs",
    "load_prefs",
    "prefs_path",
    "same_game",
    "StandIn",
    "mark_stand_in",
    "stand_ins",
    "list_saves",
    "load_save",
    "find_save",
    "delete_save",
    "remove_stale_temps",
    "SORT_KEYS",
    "sort_saves",
    "filter_saves",
    "rules_short",
    "sheet_of",
    "stats_of",
    "PlayerSummary",
    "player_summaries",
]
