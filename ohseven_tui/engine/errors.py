"""Typed errors. Every message is one sentence a player can read."""

from __future__ import annotations

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
