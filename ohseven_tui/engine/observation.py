"""What one seat may know. The UI and the bots read only this.

An observation never holds another seat's hand, nor a face-down pass or bid that
has not been revealed. It is built on demand, off the engine's hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from .cards import Card, Suit
from .rules import Rules
from .state import BidAttempt, Phase, RoundResult, Seat, TrickLog

if TYPE_CHECKING:
    from .state import Game

__all__ = ["Observation", "observe"]


@dataclass(frozen=True)
class Observation:
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
    taken: tuple[int, ...]
    # scores (R11, R16, R17)
    bonus: tuple[int, ...]  # R11 points this round
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]  # finished rounds
    winners: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def hand_size(self) -> int:
        if not self.round_number:
            return 0
        return self.rules.hand_sizes[self.round_number - 1]

    @property
    def trick_leader(self) -> Optional[int]:
        if self.trick:
            return self.trick[0][0]
        if self.tricks:
            return self.tricks[-1].winner
        return self.leader

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


def observe(game: "Game", seat: int) -> Observation:
    n = game.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat!r} at a table of {n}")
    log = game.round
    phase = game.phase
    simultaneous = phase is Phase.PASS or (phase is Phase.BID and game.turn is None)
    pending = game._pending
    acted = tuple(simultaneous and p is not None for p in pending)
    passed = received = None
    attempts: list = []
    deal_number = 0
    bid_with: tuple = ()
    turned = None
    if log is not None:
        deal_number = len(log.deals)
        deal = log.deals[-1]
        turned = deal.turned
        if log.pass_count:
            if deal.passes is not None:
                passed = deal.passes[seat]
                received = game.received(seat)
            elif phase is Phase.PASS and pending[seat] is not None:
                passed = pending[seat]
        for number, d in enumerate(log.deals, start=1):
            attempts.extend((number, a) for a in d.attempts)
        bid_with = tuple(game._bid_with[seat]) if phase is Phase.BID else ()
    my_bid = pending[seat] if phase is Phase.BID and game.turn is None else None
    in_round = log is not None and phase not in (Phase.DEAL, Phase.ROUND_OVER, Phase.GAME_OVER)
    return Observation(
        seat=seat,
        rules=game.rules,
        seats=game.seats,
        phase=phase,
        round_number=game.round_number if log is not None else 0,
        dealer=game.dealer,
        hand=tuple(game.hands[seat]),
        hand_counts=tuple(len(h) for h in game.hands),
        to_act=game.to_act(),
        acted=acted,
        legal_actions=tuple(game.legal_actions(seat)),
        pass_count=log.pass_count if log else 0,
        pass_direction=log.pass_direction if log else 0,
        passed=passed,
        received=received,
        deal_number=deal_number,
        bid_attempts=tuple(attempts),
        my_bid=my_bid,
        bid_with=bid_with,
        bids=log.bids if log else None,
        bid_cards=log.bid_cards if log else None,
        top_bidders=log.top_bidders if log and log.bids is not None else (),
        hook=game.hook_number() if game.turn == seat else None,
        bids_made=_bids_made(game) if phase is Phase.BID else (),
        trump=log.trump if log else None,
        turned=turned,
        leader=log.leader if log else None,
        trick=tuple(game.trick) if in_round else (),
        tricks=tuple(log.tricks) if log else (),
        taken=tuple(log.taken) if log else (0,) * n,
        bonus=tuple(log.bonus) if log else (0,) * n,
        totals=tuple(game.totals),
        results=game.results(),
        winners=game.winners,
    )


def _bids_made(game: "Game") -> tuple[tuple[int, int], ...]:
    """Number bids said aloud in turn (H4) before the last seat has bid."""
    if game.turn is None:
        return ()
    first = (game.dealer + 1) % game.players
    return tuple(((first + i) % game.players, b) for i, b in enumerate(game._number_bids))
