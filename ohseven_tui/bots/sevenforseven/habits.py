"""What the Seven for Seven bots do in the auction, counted per strength by
``benchmarks/habits.py``: how often a seat opens and how high, how often a basic
bid jumps (more than one point over the standing bid, V9), how often a seat that
holds the bowers makes a factor bid (V12), how many factor bids a hand sees and by
which side, what the factor steps won (V22), and how the captains' contracts end
(V21)."""

from __future__ import annotations

from typing import Any, Iterator

from ...engine.tricks import TRUMP, bowers
from ...games.sevenforseven import BasicBid, FactorBid, Phase, lieutenants_of
from ..registry import Habits

__all__ = ["HABITS", "top_bowers"]

_TOP = TRUMP + 102  # the left bower's strength and up: the left and right bowers and the overbower (V7)


def top_bowers(hand: Any, suit: int, rank: int) -> int:
    """How many of the overbower, the right and the left bower ``hand`` holds."""
    strength = bowers(suit, rank).strength
    return sum(1 for c in hand if strength[int(c)] >= _TOP)


def _decision(obs: Any, action: Any) -> Iterator[tuple[str, float]]:
    if obs.phase is not Phase.AUCTION:
        return
    standing = obs.standing
    kind = type(action)
    yield "turn", 1
    if standing is None:
        yield "first turn", 1
        if kind is BasicBid:
            yield "open", 1
            yield "opening points", action.points
            yield "opening jump", action.points > 1
    if kind is BasicBid:
        over = action.points - (standing.points if standing is not None else 0)
        yield "basic", 1
        yield "over", over
        yield "jump", over > 1
        yield "by one", over == 1
    if kind is FactorBid:
        yield "factor", 1
        assert standing is not None
        trio = obs.seat == standing.seat or obs.seat in lieutenants_of(standing.seat)
        yield ("factor by trio" if trio else "factor by quartet"), 1
    if standing is not None and any(type(a) is FactorBid for a in obs.legal_actions):
        if top_bowers(obs.hand, int(standing.suit), standing.rank) >= 2:
            yield "bowers held", 1
            yield "factor with bowers", kind is FactorBid
        else:
            yield "no bowers", 1
            yield "factor without bowers", kind is FactorBid


def _hand(result: Any) -> Iterator[tuple[int, str, float]]:
    captain = result.captain
    points = result.contract.points
    yield captain, "hands", 1
    yield captain, "auctions", 1 + result.passed_out  # V10: a passed-out deal had an auction too
    for seat, factor in enumerate(result.factors):
        won = result.made == (seat in result.trio)
        yield seat, "seat hands", 1
        yield seat, "final factor", factor
        yield seat, "factor points", (factor - 1) * points * (1 if won else -1)  # V22: what the steps won
    yield captain, "contract", 1
    yield captain, "contract points", points
    yield captain, "trio points", result.trio_points
    yield captain, "made", result.made
    yield captain, "short", max(0, points - result.trio_points)
    yield captain, "passed out", result.passed_out


HABITS = Habits(
    lines=(
        ("first turns that open (a basic bid)", "open", "first turn", "%"),
        ("openings above 1 point", "opening jump", "open", "%"),
        ("mean opening bid (points)", "opening points", "open", "mean"),
        ("basic bids that jump (> 1 over)", "jump", "basic", "%"),
        ("basic bids exactly 1 over", "by one", "basic", "%"),
        ("mean raise over the standing bid", "over", "basic", "mean"),
        ("factor bids per auction turn", "factor", "turn", "%"),
        ("factor bids per 100 hands", "factor", "hands", "per 100"),
        ("factor bids per auction", "factor", "auctions", "mean"),
        ("basic bids per auction", "basic", "auctions", "mean"),
        ("factor bids by the (proposed) trio, per 100 hands", "factor by trio", "hands", "per 100"),
        ("factor bids by the quartet, per 100 hands", "factor by quartet", "hands", "per 100"),
        ("a seat's factor when the auction ends", "final factor", "seat hands", "mean"),
        ("points a seat's factor steps won, per hand", "factor points", "seat hands", "mean"),
        ("factor bid, holding 2+ top bowers", "factor with bowers", "bowers held", "%"),
        ("factor bid, holding fewer", "factor without bowers", "no bowers", "%"),
        ("contracts made (as captain)", "made", "contract", "%"),
        ("mean contract (points)", "contract points", "contract", "mean"),
        ("mean trio points (as captain)", "trio points", "contract", "mean"),
        ("mean shortfall of a contract", "short", "contract", "mean"),
        ("deals passed out per hand", "passed out", "contract", "mean"),
    ),
    decision=_decision,
    hand=_hand,
)
