"""The Oh Hell family's phases and public logs: what a round was, for records,
observations and the scoresheet. Pure values, shared by the state and its views."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple, Optional

from ...engine.cards import Card, Suit
from ...engine.kit import LastTrick
from .rules import Scoring

__all__ = ["Phase", "STANDS", "SUM_IS_HAND", "IDENTICAL_TOP", "BidAttempt", "TrickLog", "LastTrick", "DealLog",
           "RoundLog", "RoundResult", "round_points", "card_bid_outcome"]


class Phase(str, Enum):
    DEAL = "deal"
    PASS = "pass"
    BID = "bid"
    PLAY = "play"
    ROUND_OVER = "round-over"
    GAME_OVER = "game-over"


# Outcomes of a revealed round of bids.
STANDS = "stands"
SUM_IS_HAND = "sum-7"  # R11
IDENTICAL_TOP = "identical-top"  # R10


def card_bid_outcome(bids: tuple, hand_size: int) -> tuple[str, tuple[int, ...]]:
    """A revealed round of card bids (codes, per seat): its outcome and the seats
    holding the top card (R9: int order is rank, then suit). The state and the
    fast path (``fast.py``) both read the bids through this."""
    top = max(bids)
    holders = tuple([s for s, b in enumerate(bids) if b == top])
    if sum([c >> 2 for c in bids]) == hand_size:  # R11
        return SUM_IS_HAND, holders
    if len(holders) > 1:  # R10
        return IDENTICAL_TOP, holders
    return STANDS, holders


class BidAttempt(NamedTuple):
    bids: tuple  # per seat: Card (card bidding) or int (number bidding)
    outcome: str
    bonus: tuple[int, ...]  # R11 points scored by this attempt, per seat


class TrickLog(NamedTuple):
    leader: int
    cards: tuple[Card, ...]  # in play order, starting with the leader
    winner: int

    def seat_of(self, index: int, players: int) -> int:
        return (self.leader + index) % players



@dataclass
class DealLog:
    hands: tuple[tuple[Card, ...], ...]  # as dealt, before passing
    turned: Optional[Card] = None  # H3: the turned trump card
    passes: Optional[tuple[tuple[Card, ...], ...]] = None  # per seat, once revealed
    attempts: list[BidAttempt] = field(default_factory=list)


@dataclass
class RoundLog:
    number: int  # 1-based
    dealer: int
    hand_size: int
    pass_count: int
    pass_direction: int
    deals: list[DealLog] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)  # R11 points, per seat
    bids: Optional[tuple[int, ...]] = None  # standing bids, as numbers
    bid_cards: Optional[tuple[Card, ...]] = None  # standing bid cards (card bidding)
    top_bidders: tuple[int, ...] = ()
    trump: Optional[Suit] = None
    leader: Optional[int] = None
    tricks: list[TrickLog] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    points: Optional[tuple[int, ...]] = None  # R16 (or H6/U6) points, per seat
    finished: bool = False

    @property
    def round_points(self) -> Optional[tuple[int, ...]]:
        """R17: rebid points plus trick points."""
        if self.points is None:
            return None
        return tuple(b + p for b, p in zip(self.bonus, self.points))


@dataclass(frozen=True)
class RoundResult:
    """One finished round as the scoresheet shows it (public information only)."""

    number: int
    dealer: int
    bids: tuple[int, ...]
    bid_cards: Optional[tuple[Card, ...]]
    top_bidders: tuple[int, ...]
    trump: Optional[Suit]
    taken: tuple[int, ...]
    bonus: tuple[int, ...]
    points: tuple[int, ...]  # R16 (H6/U6)
    round_points: tuple[int, ...]  # R17
    attempts: int  # bid attempts, over every deal of the round
    redeals: int
    hand_size: int = 0
    turned: Optional[Card] = None  # H3, U3: the turned card of the deal played

    @classmethod
    def from_log(cls, log: RoundLog) -> "RoundResult":
        """A finished round's result (its bids, points and round points are set)."""
        assert log.bids is not None and log.points is not None and log.round_points is not None
        return cls(
            number=log.number,
            dealer=log.dealer,
            bids=log.bids,
            bid_cards=log.bid_cards,
            top_bidders=log.top_bidders,
            trump=log.trump,
            taken=tuple(log.taken),
            bonus=tuple(log.bonus),
            points=log.points,
            round_points=log.round_points,
            attempts=sum(len(d.attempts) for d in log.deals),
            redeals=len(log.deals) - 1,
            hand_size=log.hand_size,
            turned=log.deals[-1].turned if log.deals else None,
        )


_OH_SEVEN = Scoring.OH_SEVEN  # a module name: an enum member's lookup costs more than the rule
_CLASSIC = Scoring.CLASSIC


def round_points(scoring: Scoring, bid: int, tricks: int) -> int:
    """Points for one seat's bid and tricks: R16, H6 or U6."""
    if scoring is _OH_SEVEN:
        return bid + 2 if bid == tricks else -abs(bid - tricks)
    if scoring is _CLASSIC:
        return 10 + tricks if bid == tricks else 0
    return bid if bid == tricks else -abs(bid - tricks)


