"""Seven for Seven's phases and public logs: what a hand was, for records,
observations, the scoresheet and the statistics. Pure values."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple, Optional

from ...engine.cards import Card, Suit
from ...engine.kit import LastTrick
from .actions import SEATS, AuctionPass

__all__ = ["Phase", "Contract", "TrickLog", "LastTrick", "DealLog", "HandLog", "HandResult", "lieutenants_of",
           "hand_points"]


class Phase(str, Enum):
    DEAL = "deal"  # the table deals (first, after a hand, or again after a passed-out hand)
    AUCTION = "auction"  # V8-V13
    DRAW = "draw"  # V15: the table gives the kitty's cards to the captain, then each lieutenant
    DISCARD = "discard"  # V15: captain, then the lieutenant two to her left, then two to her right
    LEAD = "lead"  # V17: the captain names the leader
    PLAY = "play"  # V18-V20
    HAND_OVER = "hand-over"
    OVER = "over"


class Contract(NamedTuple):
    """V6, V13: the last basic bid."""

    suit: Suit
    rank: int  # the bower rank
    points: int


class TrickLog(NamedTuple):
    leader: int
    cards: tuple[Card, ...]  # in play order, the leader's first
    winner: int
    points: int  # V20: the marker the winner took (the trick's number)



def lieutenants_of(captain: int) -> tuple[int, int]:
    """V11 (ruling): two seats to the captain's left, then two to her right."""
    return ((captain + 2) % SEATS, (captain - 2) % SEATS)


def hand_points(trio: tuple[int, ...], markers: tuple[int, ...], points: int, factors: tuple[int, ...]) \
        -> tuple[tuple[int, ...], int, int, bool]:
    """V21, V22: (each seat's score for the hand, trio's trick points, quartet's, made)."""
    trio_points = sum(markers[s] for s in trio)
    quartet_points = sum(markers) - trio_points
    made = trio_points >= points
    scores = []
    for s in range(len(markers)):
        in_trio = s in trio
        side = trio_points if in_trio else quartet_points
        sign = 1 if in_trio == made else -1
        scores.append(side + sign * points * factors[s])
    return tuple(scores), trio_points, quartet_points, made


@dataclass
class DealLog:
    hands: tuple[tuple[Card, ...], ...]  # as dealt, highest first
    kitty: tuple[Card, ...]  # in deal order (the captain draws the first)
    auction: list[Any] = field(default_factory=list)  # every auction action, in order


@dataclass
class HandLog:
    number: int  # 1-based counted hand
    dealer: int
    deals: list[DealLog] = field(default_factory=list)  # the passed-out deals first (V10)
    contract: Optional[Contract] = None
    captain: Optional[int] = None
    factors: tuple[int, ...] = ()
    draws: tuple[tuple[Card, ...], ...] = ()  # per seat (empty for the quartet)
    discards: list[tuple[Card, ...]] = field(default_factory=lambda: [() for _ in range(SEATS)])
    leader: Optional[int] = None
    tricks: list[TrickLog] = field(default_factory=list)
    markers: list[int] = field(default_factory=lambda: [0] * SEATS)  # trick points each seat took
    points: Optional[tuple[int, ...]] = None
    trio_points: int = 0
    quartet_points: int = 0
    made: Optional[bool] = None
    finished: bool = False

    @property
    def lieutenants(self) -> tuple[int, ...]:
        return lieutenants_of(self.captain) if self.captain is not None else ()

    @property
    def trio(self) -> tuple[int, ...]:
        return (self.captain, *self.lieutenants) if self.captain is not None else ()


@dataclass(frozen=True)
class HandResult:
    """One counted hand as the scoresheet shows it (public once it is over)."""

    number: int
    dealer: int
    passed_out: int  # deals passed out before this one (V10)
    contract: Contract
    captain: int
    lieutenants: tuple[int, int]
    factors: tuple[int, ...]
    markers: tuple[int, ...]  # trick points each seat took
    trio_points: int
    quartet_points: int
    made: bool
    round_points: tuple[int, ...]  # V22: each seat's score for the hand
    bid_count: int = 0  # auction actions that were bids (basic or factor) in the deal played

    @property
    def trio(self) -> tuple[int, ...]:
        return (self.captain, *self.lieutenants)

    @property
    def quartet(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.markers)) if s not in self.trio)

    @classmethod
    def from_log(cls, log: HandLog) -> "HandResult":
        assert log.contract is not None and log.captain is not None and log.points is not None
        assert log.made is not None
        l1, l2 = lieutenants_of(log.captain)
        bids = sum(type(a) is not AuctionPass for a in log.deals[-1].auction)
        return cls(log.number, log.dealer, len(log.deals) - 1, log.contract, log.captain, (l1, l2), log.factors,
                   tuple(log.markers), log.trio_points, log.quartet_points, log.made, log.points, bids)
