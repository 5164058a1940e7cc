"""Seven for Seven's play on the fast path (``engine.fast``): from a hand's first
lead (V17) to its score, with bitmask hands and no checks. The trick rules (V7,
V18) are the contract's bowers context (``engine.tricks.bowers``) as
:class:`~...engine.fast.FastTricks` tables, the score is the family's own
``hand_points`` (V20-V22); a test plays hundreds of hands through both this and
the checked :class:`~.state.Game` with the same random numbers.

Every random choice takes the k-th highest legal card (k = int(random() * count)).
The auction, draws and discards stay on the checked engine: a search samples the
hidden cards once those are over.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from ...engine.fast import fast_tricks, trick_winners
from ...engine.tricks import bowers
from .log import hand_points

__all__ = ["play_out"]


def play_out(hands: list[int], leader: int, trump: int, bower_rank: int, trio: Sequence[int], points: int,
             factors: Sequence[int], random: Callable[[], float], markers: Optional[Sequence[int]] = None,
             tricks_done: int = 0) -> tuple[int, ...]:
    """Play the rest of a hand at random from ``leader``'s lead and score it: each
    seat's points for the hand (V21, V22). ``hands`` (masks, one per seat) is
    emptied; ``markers`` and ``tricks_done``: the trick points taken and the
    tricks played before (V20: a trick is worth its number)."""
    t = fast_tricks(bowers(trump, bower_rank))
    taken = list(markers) if markers is not None else [0] * len(hands)
    for number, win in enumerate(trick_winners(hands, leader, t, random), start=tricks_done + 1):
        taken[win] += number
    return hand_points(tuple(trio), tuple(taken), points, tuple(factors))[0]
