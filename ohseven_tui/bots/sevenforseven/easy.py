"""The easy bot's Seven for Seven: random legal moves, except that in the auction
it passes most turns and bids low when it bids, so that its auctions end (a
uniform choice among hundreds of basic bids and one pass would bid to 28 every
hand)."""

from __future__ import annotations

from typing import Any

from ...games.sevenforseven import AuctionPass, BasicBid, FactorBid, Phase

__all__ = ["choose", "PASS_SHARE"]

PASS_SHARE = 0.8  # of auction turns
LOW = 2  # bids at most this many points above the standing one


def choose(obs: Any, rng: Any) -> Any:
    legal = obs.legal_actions
    if obs.phase is not Phase.AUCTION:
        return rng.choice(legal)
    if rng.random() < PASS_SHARE:
        return AuctionPass(obs.seat)
    standing = obs.standing.points if obs.standing is not None else 0
    low = [a for a in legal if type(a) is BasicBid and a.points <= standing + LOW]
    factor = [a for a in legal if type(a) is FactorBid]
    if factor and (not low or rng.random() < 0.3):
        return factor[0]
    return rng.choice(low) if low else AuctionPass(obs.seat)
