"""What one seat may know in Seven for Seven (V14, V16). The UI and the bots read
only this: the seat's own hand, draws and discards; the whole auction, the
contract, the sides and every factor; the tricks. Another seat's hand is a count,
and the kitty is never shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ...engine import registry
from ...engine.cards import Card
from ...engine.kit import trick_leader
from ...engine.protocol import GameSpec, GameView, Seat
from ...engine.tricks import TrumpContext, bowers
from .actions import BasicBid
from .log import Contract, HandResult, LastTrick, Phase, TrickLog, lieutenants_of

__all__ = ["Observation"]

GAME_NAME = "seven-for-seven"


@dataclass(frozen=True)
class Observation:
    seat: int
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    phase: Phase
    round_number: int  # counted hands so far; 1-based while a hand is on
    dealer: int
    hand: tuple[Card, ...]  # own hand, highest first
    hand_counts: tuple[int, ...]  # cards held by each seat (public)
    kitty_count: int  # cards left in the kitty (face down)
    to_act: tuple[int, ...]
    legal_actions: tuple[Any, ...]  # this seat's only
    # the auction (V8-V13), said aloud (V14)
    deal_number: int  # 1 + the deals of this hand passed out so far
    passed_out: int  # deals of this hand passed out (V10)
    auction: tuple[Any, ...]  # this deal's bids and passes, in order
    standing: Optional[BasicBid]  # the standing basic bid
    factors: tuple[int, ...]  # every seat's factor (V12)
    passes_in_row: int
    # the contract and the sides (V11, V13)
    contract: Optional[Contract]
    captain: Optional[int]
    proposed_trio: tuple[int, ...]  # during the auction: the standing bidder and her lieutenants
    trio: tuple[int, ...]  # once the contract stands: captain, left lieutenant, right lieutenant
    # drawing and discarding (V15, V16): this seat's own cards only
    drawn: tuple[Card, ...]
    discarded: tuple[Card, ...]
    discards_done: tuple[int, ...]  # seats that have discarded (the cards stay hidden)
    discarders: tuple[int, ...]  # seats still to discard, in order
    # trick play (V17-V20)
    leader: Optional[int]  # led trick 1
    trick: tuple[tuple[int, Card], ...]  # the trick in play: (seat, card), in order
    tricks: tuple[TrickLog, ...]  # finished tricks of this hand, with winners and markers
    last_trick: Optional[LastTrick]
    markers: tuple[int, ...]  # trick points each seat took this hand
    side_points: tuple[int, int]  # trio's and quartet's trick points so far
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]  # one per counted hand
    winners: tuple[int, ...]

    @property
    def spec(self) -> GameSpec:
        return registry.game_spec(GAME_NAME)

    @property
    def view(self) -> GameView:
        return self.spec.view(self.options)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def lieutenants(self) -> tuple[int, ...]:
        return self.trio[1:]

    @property
    def quartet(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.seats)) if s not in self.trio) if self.trio else ()

    @property
    def joker(self) -> bool:
        return bool(self.options.get("joker", True))

    @property
    def pictures(self) -> bool:
        return self.options.get("bowers", "any") == "pictures"

    @property
    def context(self) -> Optional[TrumpContext]:
        """V7: the contract's trump context (None before a contract stands)."""
        c = self.contract
        return bowers(int(c.suit), c.rank) if c is not None else None

    @property
    def trick_leader(self) -> Optional[int]:
        return trick_leader(self.trick, self.tricks, self.leader)

    def side_of(self, seat: int) -> Optional[int]:
        """0 trio, 1 quartet, None before a contract stands."""
        if not self.trio:
            return None
        return 0 if seat in self.trio else 1

    def played_cards(self) -> list[Card]:
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.trick)
        return cards

    @staticmethod
    def lieutenants_of(captain: int) -> tuple[int, int]:
        return lieutenants_of(captain)

    @property
    def in_hand(self) -> bool:
        return self.phase in (Phase.AUCTION, Phase.DRAW, Phase.DISCARD, Phase.LEAD, Phase.PLAY)
