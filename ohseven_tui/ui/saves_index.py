"""The app's index of its saved games, opened once and shared by every screen
that reviews saves (the menu opens it early, in a thread)."""

from __future__ import annotations

from typing import Any

from .. import storage
from ..storage.index import SaveIndex, open_index

__all__ = ["saves_index"]


def saves_index(app: Any) -> SaveIndex:
    """The app's index of its saves folder, opened once (in a worker thread: it
    may build its tables). Every screen that reviews saves shares it."""
    dirs = storage.save_dirs(getattr(app, "save_dir", None))
    index = getattr(app, "_saves_index", None)
    if index is None or index.dirs != dirs:
        index = app._saves_index = open_index(dirs)
    return index


