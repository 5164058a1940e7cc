"""Typed errors. Every message is one sentence a player can read."""

from __future__ import annotations

from typing import Any, Optional

__all__ = [
    "EngineError",
    "IllegalAction",
    "WrongPhase",
    "NotYourTurn",
    "AlreadyActed",
    "NoSuchSeat",
    "CardNotInHand",
    "MustFollowSuit",
    "CardAlreadyBid",
    "WrongPassCount",
    "BidOutOfRange",
    "HookBid",
    "RecordError",
    "ChecksActions",
]


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """The action breaks a rule. The game state is left exactly as it was."""


class WrongPhase(IllegalAction):
    pass


class NotYourTurn(IllegalAction):
    pass


class AlreadyActed(NotYourTurn):
    pass


class NoSuchSeat(IllegalAction):
    pass


class CardNotInHand(IllegalAction):
    pass


class MustFollowSuit(IllegalAction):
    def __init__(self, message: str, suit: object = None) -> None:
        super().__init__(message)
        self.suit = suit


class CardAlreadyBid(IllegalAction):
    pass


class WrongPassCount(IllegalAction):
    pass


class BidOutOfRange(IllegalAction):
    pass


class HookBid(IllegalAction):
    pass


class RecordError(EngineError):
    """A game record that cannot be read or replayed."""


class ChecksActions:
    """A game state's ``why_illegal`` and ``is_legal`` from its one ``_check(action)``,
    which raises an IllegalAction (one sentence) and changes nothing: so ``apply``,
    which calls the same check, can never disagree with them."""

    __slots__ = ()

    def _check(self, action: Any) -> None:
        raise NotImplementedError

    def why_illegal(self, action: Any) -> Optional[str]:
        """The sentence ``apply`` would refuse this action with, or None if it is legal.
        Nothing is changed or copied."""
        try:
            self._check(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def is_legal(self, action: Any) -> bool:
        return self.why_illegal(action) is None
