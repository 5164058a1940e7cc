"""What one seat of a Watten game may know. The UI and the bots read only this:
another seat's hand is a count, and the twelve cards out of play (W3) never show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...engine.cards import Card, Suit
from ...engine.kit import ObservedRules
from ...engine.protocol import Seat
from ...engine.tricks import TrumpContext
from .log import HandResult, LastTrick, Phase, RaiseLog, TrickLog
from .rules import PLAYERS, Rules, context

__all__ = ["Observation", "observe"]


@dataclass(frozen=True)
class Observation(ObservedRules):
    seat: int
    rules: Rules
    seats: tuple[Seat, ...]
    phase: Phase
    round_number: int  # hands so far; 1-based while one is on
    to_act: tuple[int, ...]
    legal_actions: tuple[Any, ...]  # this seat's only
    hand: tuple[Card, ...]  # own hand, highest first
    hand_counts: tuple[int, ...]
    dealer: int
    striker: Optional[int]  # W4, once named
    trump: Optional[Suit]  # W4, once named
    stake: int  # W10: what the hand is worth now
    open_raise: Optional[RaiseLog]  # who raised, who answers
    raises: tuple[RaiseLog, ...]  # this hand's answered raises
    leader: Optional[int]  # leads the trick in play (or the next)
    trick: tuple[tuple[int, Card], ...]  # the trick in play, in play order
    tricks: tuple[TrickLog, ...]  # this hand's finished tricks
    side_tricks: tuple[int, int]  # tricks per side this hand
    side_points: tuple[int, int]
    totals: tuple[int, ...]  # per seat: its side's points
    results: tuple[HandResult, ...]  # one per finished hand
    winners: tuple[int, ...]
    last_trick: Optional[LastTrick]

    @property
    def target(self) -> int:
        return self.rules.target

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % PLAYERS

    @property
    def side(self) -> int:
        return self.seat & 1

    @property
    def partner(self) -> int:
        return (self.seat + 2) % PLAYERS

    @property
    def context(self) -> Optional[TrumpContext]:
        """The hand's trump context once both the striker rank and the trump are named."""
        if self.striker is None or self.trump is None:
            return None
        return context(self.striker, self.trump)

    @property
    def first_trick(self) -> bool:
        return not self.tricks

    def played_cards(self) -> list[Card]:
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.trick)
        return cards


def observe(game: Any, seat: int) -> Observation:
    """``game`` is the family's state (``state.Game``)."""
    if type(seat) is not int or not 0 <= seat < PLAYERS:
        raise ValueError(f"there is no seat {seat!r} at a table of {PLAYERS}")
    log = game.hand
    playing = game.phase in (Phase.PLAY, Phase.ANSWER)
    return Observation(
        seat=seat,
        rules=game.rules,
        seats=game.seats,
        phase=game.phase,
        round_number=game.round_number,
        to_act=game.to_act(),
        legal_actions=tuple(game.legal_actions(seat)),
        hand=tuple(game.hands[seat]),
        hand_counts=tuple(len(h) for h in game.hands),
        dealer=game.dealer,
        striker=log.striker if log else None,
        trump=log.trump if log else None,
        stake=log.stake if log else 2,
        open_raise=game.open_raise,
        raises=tuple(log.raises) if log else (),
        leader=game._leader if playing else None,
        trick=tuple(game.trick) if playing else (),
        tricks=tuple(log.tricks) if log else (),
        side_tricks=(log.side_tricks[0], log.side_tricks[1]) if log else (0, 0),
        side_points=(game.side_points[0], game.side_points[1]),
        totals=tuple(game.totals),
        results=game.results(),
        winners=game.winners,
        last_trick=game.last_trick(),
    )
