"""A hint: what the normal bot would do in a seat's place, and why, in words (or a
tutorial's own note, which comes first). A hint never breaks the game."""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["hint_words", "hinted_cards"]


def hinted_cards(action: Any) -> tuple[Any, ...]:
    """The cards of the hand an action names: a card to play or bid, cards to pass
    or discard; none for a number, a suit, a seat."""
    card = getattr(action, "card", None)
    if card is not None:
        return (card,)
    return tuple(getattr(action, "cards", None) or ())


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
    words = f"Hint: {what}: {suggestion.reason}" if what else f"Hint: {suggestion.reason}"
    if hinted_cards(suggestion.action):  # the cards are marked on the hand with the same star
        from .cards import HINT_MARK

        words = f"{HINT_MARK} {words}"
    return words, suggestion.action
