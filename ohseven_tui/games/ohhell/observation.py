"""What one seat may know. The UI and the bots read only this.

An observation never holds another seat's hand, nor a face-down pass or bid that
has not been revealed. ``Game.observe`` builds it on demand, off the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Optional

from ...engine.cards import Card, Suit
from ...engine.kit import ObservedRules, trick_leader
from ...engine.protocol import Seat
from .log import BidAttempt, LastTrick, Phase, RoundResult, TrickLog
from .rules import Rules

__all__ = ["Observation"]


@dataclass(frozen=True)
class Observation(ObservedRules):
    seat: int
    rules: Rules
    seats: tuple[Seat, ...]
    phase: Phase
    round_number: int  # 1-based; 0 before the first deal
    dealer: int
    hand: tuple[Card, ...]  # own hand, highest first
    hand_counts: tuple[int, ...]  # cards held by each seat (public)
    to_act: tuple[int, ...]
    acted: tuple[bool, ...]  # simultaneous phases: who has laid cards face down
    legal_actions: tuple
    # passing (R6, R7)
    pass_count: int
    pass_direction: int  # +1 left, -1 right, 0 none
    passed: Optional[tuple[Card, ...]]  # own pass, face down or revealed
    received: Optional[tuple[Card, ...]]  # what arrived, once revealed
    # bidding (R8-R13): every revealed attempt of this round, over all its deals
    deal_number: int  # 1 + redeals so far this round
    bid_attempts: tuple[tuple[int, BidAttempt], ...]  # (deal number, attempt)
    my_bid: Optional[object]  # own face-down bid in the current attempt
    bid_with: tuple[Card, ...]  # cards this seat already bid with in this deal (R12)
    bids: Optional[tuple[int, ...]]  # standing bids
    bid_cards: Optional[tuple[Card, ...]]
    top_bidders: tuple[int, ...]
    hook: Optional[int]  # H4: the number this seat may not bid
    bids_made: tuple[tuple[int, int], ...]  # H4: (seat, number) bid so far, in turn (public)
    # play (R14, R15)
    trump: Optional[Suit]
    turned: Optional[Card]  # H3
    leader: Optional[int]  # led trick 1
    trick: tuple[tuple[int, Card], ...]  # current trick, in play order
    tricks: tuple[TrickLog, ...]  # finished tricks of this round
    last_trick: Optional[LastTrick]  # the game's latest finished trick (this round's or an earlier one's)
    taken: tuple[int, ...]
    # scores (R11, R16, R17)
    bonus: tuple[int, ...]  # R11 points this round
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]  # finished rounds
    winners: tuple[int, ...]

    @classmethod
    def of(cls, **values: object) -> "Observation":
        """``Observation(**values)``, without the frozen constructor's setattr per
        field: a table server builds one per seat for every action."""
        if values.keys() != _FIELDS:
            raise TypeError(f"an observation needs exactly its fields; given {sorted(values.keys() ^ _FIELDS)}")
        obs = object.__new__(cls)
        obs.__dict__.update(values)
        return obs

    @property
    def hand_size(self) -> int:
        if not self.round_number:
            return 0
        return self.rules.hand_sizes[self.round_number - 1]

    @property
    def trick_leader(self) -> Optional[int]:
        return trick_leader(self.trick, self.tricks, self.leader)

    @property
    def pass_to(self) -> Optional[int]:
        return (self.seat + self.pass_direction) % self.players if self.pass_count else None

    @property
    def pass_from(self) -> Optional[int]:
        return (self.seat - self.pass_direction) % self.players if self.pass_count else None

    @property
    def rebid_count(self) -> int:
        return len(self.bid_attempts)

    def played_cards(self) -> list[Card]:
        """Every card seen in this round's tricks, the current one included."""
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.trick)
        return cards


_FIELDS = frozenset(f.name for f in fields(Observation))
