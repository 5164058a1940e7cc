"""The coach's judge for Seven for Seven (``bots.judge``): the strong search's
candidates as actions, and the labels' thresholds in V22 points for the hand.

The search weighs every card, the likeliest few discards, every leader, and in
the auction the bid made, a pass and a lower bid, each as if the bidding ended
there. An opening pass (no bid standing), a factor bid and a pass where the
seat would not bid are not judged: the search leaves them to the heuristic.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...engine.actions import Play
from ...engine.cards import Card
from ...games.sevenforseven import AuctionPass, BasicBid, ChooseLeader, Discard, FactorBid, Observation
from ..judge import Judge, Row, Thresholds, Weighed

__all__ = ["JUDGE", "THRESHOLDS"]

# V22: a seat scores its side's trick points (28 in a hand) plus or minus the
# contract times its factor, so a hand's score moves by tens of points; a contract
# made instead of failed swings twice the contract (13 or more) times the factor.
# "fine" is above the noise: at the default 400 deals, two seeds moved a decision's
# loss by 0.41 points on average and by 3.3 at the 95th percentile
# (benchmarks/coach.py, 171 decisions of the normal bot).
THRESHOLDS = Thresholds(fine=3.5, mistake=8.0, blunder=20.0, unit="points for the hand")


def thresholds(obs: Observation) -> Thresholds:
    return THRESHOLDS


def weigh(obs: Observation, taken: Any, candidates: tuple[Any, ...], rows: Sequence[Row],
          deals: Sequence[Any] = ()) -> Optional[Weighed]:
    me = obs.seat
    kind = type(taken)
    if kind is Play:
        make: Any = lambda c: Play(me, Card.from_code(c))
    elif kind is Discard:
        make = lambda cs: Discard(me, [Card.from_code(c) for c in cs])
    elif kind is ChooseLeader:
        make = lambda s: ChooseLeader(me, s)
    elif kind in (BasicBid, FactorBid, AuctionPass):
        if not candidates:
            return None  # an opening pass, or nothing else to weigh: left to the heuristic
        return Weighed(tuple(candidates), tuple(rows))
    else:
        return None
    if not candidates:
        return Weighed((taken,))
    return Weighed(tuple(make(c) for c in candidates), tuple(rows), complete=kind in (Play, ChooseLeader))


JUDGE = Judge(thresholds, weigh)
