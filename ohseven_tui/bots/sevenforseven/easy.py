"""The easy bot's Seven for Seven: random legal moves, except in the auction,
where it bids like a beginner: it values its hand as the normal bot does but
misjudges it (a seeded error of ``GUESS`` points either way), then opens, jumps
and stops where the normal bot would with that value, and makes a factor bid
half the time it holds two of the top bowers, and on a hunch (``HUNCH``) of its
other turns with a bid standing, whatever its side's chances: a beginner's
doubles. (A uniform choice among hundreds of basic bids and one pass would bid
to 28 every hand.)"""

from __future__ import annotations

from typing import Any

from ...games.sevenforseven import AuctionPass, BasicBid, FactorBid, Phase
from .habits import top_bowers
from .normal import next_bid, worth

__all__ = ["choose", "GUESS", "FACTOR_SHARE", "HUNCH"]

GUESS = 3.0  # the spread (standard deviation) of its error in a hand's worth, in trick points
FACTOR_SHARE = 0.5  # of its turns holding two top bowers, up to a double factor
HUNCH = 0.1  # of its other turns with a bid standing (not its own), up to a double factor


def choose(obs: Any, rng: Any) -> Any:
    legal = obs.legal_actions
    if obs.phase is not Phase.AUCTION:
        return rng.choice(legal)
    me = obs.seat
    hand = [int(c) for c in obs.hand]
    value, trump, rank = worth(hand, obs.pictures, 2 if obs.joker else 1)
    value += rng.gauss(0.0, GUESS)
    standing = obs.standing
    if standing is not None and standing.seat == me:
        points = None
    else:
        points = next_bid(value, standing.points if standing is not None else 0)
    if points is not None:
        return BasicBid(me, trump, rank, points)
    if standing is not None and FactorBid(me) in legal and obs.factors[me] < 2:
        if top_bowers(hand, int(standing.suit), standing.rank) >= 2:
            if rng.random() < FACTOR_SHARE:
                return FactorBid(me)
        elif standing.seat != me and rng.random() < HUNCH:
            return FactorBid(me)
    return AuctionPass(me)
