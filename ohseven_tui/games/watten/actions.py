"""Watten's own actions (W4, W10): name a striker rank, name a trump suit, raise,
hold, go. Card play is the engine's ``Play`` and the deal its ``DEAL``.

Each action is immutable and hashable, equal by value, and copies to itself (like
``engine.actions.Pass``). The record's text: ``0 striker 9``, ``3 trump H``,
``1 raise``, ``2 hold``, ``2 go``, and the engine's ``deal`` / ``0 play 7H``.
"""

from __future__ import annotations

from typing import Any, Union

from ...engine.actions import DEAL, Deal, Play, SeatAction
from ...engine.actions import action_text as engine_text
from ...engine.actions import parse_action as engine_parse
from ...engine.cards import Suit, rank_label
from ...safetext import quoted

__all__ = ["NameStriker", "NameTrump", "Raise", "Hold", "Go", "WattenAction", "action_text", "parse_action",
           "RANK_WORDS"]

_MAX_SEATS = 9
RANK_WORDS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10", 9: "9", 8: "8", 7: "7"}


class _Action(SeatAction):
    __slots__ = ()

    def __init__(self, seat: int, *args: Any) -> None:
        object.__setattr__(self, "seat", seat)


class NameStriker(_Action):
    """W4: eldest hand names the striker rank (7..14)."""

    __slots__ = ("rank",)
    rank: int
    _fields = ("seat", "rank")

    def __init__(self, seat: int, rank: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "rank", rank)


class NameTrump(_Action):
    """W4: the dealer names the trump suit."""

    __slots__ = ("suit",)
    suit: Suit
    _fields = ("seat", "suit")

    def __init__(self, seat: int, suit: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "suit", Suit(suit) if isinstance(suit, int) and 0 <= suit <= 3 else suit)


class Raise(_Action):
    """W10: raise the stake by 1, in one's turn to play, before playing."""

    __slots__ = ()


class Hold(_Action):
    """W10: the answer that plays on at the raised stake."""

    __slots__ = ()


class Go(_Action):
    """W10: the answer that gives up the hand at the stake before the raise."""

    __slots__ = ()


WattenAction = Union[Deal, Play, NameStriker, NameTrump, Raise, Hold, Go]

_WORDS = {Raise: "raise", Hold: "hold", Go: "go"}
_BY_WORD = {w: k for k, w in _WORDS.items()}


def action_text(action: Any) -> str:
    """The record's text for an action of this game."""
    kind = type(action)
    if kind is NameStriker:
        return f"{action.seat} striker {rank_label(action.rank)}"
    if kind is NameTrump:
        return f"{action.seat} trump {Suit(action.suit).letter}"
    if kind in _WORDS:
        return f"{action.seat} {_WORDS[kind]}"
    return engine_text(action)


def _rank(text: str) -> int:
    t = text.upper()
    for rank, word in RANK_WORDS.items():
        if t == word or (rank == 10 and t == "T"):
            return rank
    raise ValueError(f"not a striker rank: {quoted(text)}")


def parse_action(text: str) -> Any:
    """Inverse of :func:`action_text`; ValueError (one readable sentence) otherwise."""
    if not isinstance(text, str):
        raise ValueError(f"an action must be a string, not {type(text).__name__}")
    parts = text.split()
    if parts == ["deal"]:
        return DEAL
    if len(parts) >= 2 and parts[0].isdigit() and int(parts[0]) < _MAX_SEATS:
        seat, verb, args = int(parts[0]), parts[1], parts[2:]
        if verb in _BY_WORD and not args:
            return _BY_WORD[verb](seat)
        if verb == "striker" and len(args) == 1:
            return NameStriker(seat, _rank(args[0]))
        if verb == "trump" and len(args) == 1:
            return NameTrump(seat, Suit.parse(args[0]))
        if verb == "play":
            action = engine_parse(text)
            if type(action) is Play:
                return action
    raise ValueError(f"not an action: {quoted(text)}")
