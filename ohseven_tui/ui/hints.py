"""A hint: what the normal bot would do in a seat's place, and why, in words (or a
tutorial's own note, which comes first). A hint never breaks the game."""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["hint_words"]


def hint_words(obs: Any, family: Any, coach: Any = None) -> tuple[str, Optional[Any]]:
    """The words of a hint for ``obs`` and the action it suggests (None: no hint).
    ``family``: the game's UI words (``action_words``); ``coach``: a tutorial's."""
    try:
        from ..bots import hint
        from ..bots.base import Hint
    except ImportError:
        return "Hints are not available in this version (the hint bot is missing).", None
    try:
        lesson = coach.hint(obs) if coach is not None else None
        suggestion = Hint(*lesson) if lesson is not None else hint(obs)  # a tutorial's note comes first
    except Exception as exc:  # a hint must never break the game
        return f"No hint this time ({exc}).", None
    if suggestion is None:  # the normal bot does not play this game, or the seat has nothing to do
        return "No hint for this position.", None
    what = family.action_words(suggestion.action)
    if what.lower() in suggestion.reason.lower():  # the reason names the move already
        what = ""
    return (f"Hint: {what}: {suggestion.reason}" if what else f"Hint: {suggestion.reason}"), suggestion.action
