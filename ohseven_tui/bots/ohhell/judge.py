"""The coach's judge for the Oh Hell family (``bots.judge``): the strong search's
candidates as actions, and the labels' thresholds in points for the round.

The search weighs every card (one of each run of cards that are the same card
to the seat), the likeliest few bid cards and numbers beside the one bid, and
scores each by the round's points from that moment (R16, H6, U6). Passes (R6)
are not judged: the search does not weigh them.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...games.ohhell import Bid, BidNumber, Observation, Play, Scoring
from ..judge import Judge, Row, Thresholds, Weighed

__all__ = ["JUDGE", "THRESHOLDS"]

# In points for the round. Oh-Seven (R16) and up-and-down (U6): a made bid scores a
# few points and each trick off costs one, so a trick taken or missed for nothing
# swings 3 or 4 points; classic (H6) scores 10 + tricks for an exact bid and nothing
# else, so a miss costs 10 or more.
THRESHOLDS = {
    Scoring.OH_SEVEN: Thresholds(fine=0.25, mistake=1.0, blunder=2.5, unit="points for the round"),
    Scoring.UP_AND_DOWN: Thresholds(fine=0.25, mistake=1.0, blunder=2.5, unit="points for the round"),
    Scoring.CLASSIC: Thresholds(fine=0.5, mistake=2.5, blunder=6.0, unit="points for the round"),
}


def thresholds(obs: Observation) -> Thresholds:
    return THRESHOLDS[obs.rules.scoring]


def weigh(obs: Observation, taken: Any, candidates: tuple[Any, ...], rows: Sequence[Row],
          deals: Sequence[Any] = ()) -> Optional[Weighed]:
    kind = type(taken)
    me = obs.seat
    if kind is Play:
        make: Any = lambda c: Play(me, c)
    elif kind is Bid:
        make = lambda c: Bid(me, c)
    elif kind is BidNumber:
        make = lambda n: BidNumber(me, n)
    else:
        return None  # a pass (R6): not weighed by the search
    if not candidates:
        return Weighed((taken,))  # the other legal cards are the same card to this seat
    return Weighed(tuple(make(c) for c in candidates), tuple(rows), complete=kind is Play)


JUDGE = Judge(thresholds, weigh)
