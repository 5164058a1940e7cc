"""Watten's hand logs: what the state records of each hand, and the public result
of a finished one (the scoresheet's and the statistics' input)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple, Optional

from ...engine.cards import Card, Suit
from ...engine.kit import LastTrick, trick_plays

__all__ = ["Phase", "TrickLog", "LastTrick", "RaiseLog", "HandLog", "HandResult", "THREE_TRICKS", "WENT"]

THREE_TRICKS = "three tricks"  # W9
WENT = "went"  # W10: the answering side went


class Phase(str, Enum):
    DEAL = "deal"  # the table deals (W3)
    STRIKER = "striker"  # eldest hand names the striker rank (W4)
    TRUMP = "trump"  # the dealer names the trump suit (W4)
    PLAY = "play"  # tricks (W6-W9); a seat in turn may raise (W10)
    ANSWER = "answer"  # a raise is open: the answering opponent holds or goes (W10)
    OVER = "over"  # a side reached the target (W11)


class TrickLog(NamedTuple):
    leader: int
    cards: tuple[Card, ...]  # in play order from the leader
    winner: int  # seat

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        return trick_plays(self.leader, self.cards, 4)



class RaiseLog(NamedTuple):
    seat: int  # who raised
    answerer: int  # the opponent who answered for her side
    trick: int  # 1-based trick the raise came in
    stake: int  # the stake the raise offered
    answer: Optional[str]  # "hold", "go", or None while open


@dataclass
class HandLog:
    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # as dealt
    rest: tuple[Card, ...]  # the 12 cards out of play (W3)
    striker: Optional[int] = None
    trump: Optional[Suit] = None
    tricks: list[TrickLog] = field(default_factory=list)
    side_tricks: list[int] = field(default_factory=lambda: [0, 0])
    stake: int = 2
    raises: list[RaiseLog] = field(default_factory=list)
    unfinished: tuple[tuple[int, Card], ...] = ()  # the trick in play when a side went
    winner: Optional[int] = None  # side
    ended: str = ""  # THREE_TRICKS or WENT
    points: int = 0

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def finished(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True)
class HandResult:
    """One finished hand, public facts only (the cards out of play are not in it)."""

    number: int
    dealer: int
    striker: Optional[int]
    trump: Optional[Suit]
    side_tricks: tuple[int, int]
    stake: int  # the points the hand scored
    raises: tuple[RaiseLog, ...]
    winner: int  # side
    ended: str  # THREE_TRICKS or WENT
    tricks: tuple[TrickLog, ...]
    totals: tuple[int, int]  # the sides' points after this hand

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def namer_side(self) -> int:
        """The side that named the striker (eldest hand's, W4)."""
        return self.eldest & 1

    @property
    def straight(self) -> bool:
        """W12: won by three straight tricks (the first three, all the winner's)."""
        return self.ended == THREE_TRICKS and len(self.tricks) == 3

    @property
    def round_points(self) -> tuple[int, ...]:
        """Per seat, the hand's points for its side (the shared review's running totals)."""
        return tuple(self.stake if s & 1 == self.winner else 0 for s in range(4))

    @property
    def points(self) -> tuple[int, int]:
        return tuple(self.stake if s == self.winner else 0 for s in (0, 1))  # type: ignore[return-value]
