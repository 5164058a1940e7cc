"""Seven for Seven's part of a record: the derived log of each counted hand, and
its stacked deals as JSON (per deal: the seven hands and the kitty)."""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.cards import Card, parse_card, rank_label
from .actions import action_text
from .log import HandLog

__all__ = ["hand_log_to_dict", "parse_stacked", "stacked_text"]


def _cards(cards: Iterable[Card]) -> list[str]:
    return [c.text() for c in cards]


def hand_log_to_dict(log: HandLog) -> dict[str, Any]:
    contract = log.contract
    return {
        "hand": log.number,
        "dealer": log.dealer,
        "deals": [{"hands": [_cards(h) for h in d.hands], "kitty": _cards(d.kitty),
                   "auction": [action_text(a) for a in d.auction]} for d in log.deals],
        "contract": ({"points": contract.points, "trump": contract.suit.letter, "bower_rank": rank_label(contract.rank)}
                     if contract is not None else None),
        "captain": log.captain,
        "lieutenants": list(log.lieutenants),
        "factors": list(log.factors),
        "draws": [_cards(d) for d in log.draws],
        "discards": [_cards(d) for d in log.discards],
        "leader": log.leader,
        "tricks": [{"leader": t.leader, "cards": _cards(t.cards), "winner": t.winner, "points": t.points}
                   for t in log.tricks],
        "markers": list(log.markers),
        "trio_points": log.trio_points if log.finished else None,
        "quartet_points": log.quartet_points if log.finished else None,
        "made": log.made,
        "points": list(log.points) if log.points is not None else None,
    }


def stacked_text(deal: Any) -> dict[str, Any]:
    hands, kitty = deal
    return {"hands": [_cards(h) for h in hands], "kitty": _cards(kitty)}


def parse_stacked(data: Any) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """A stacked deal as (hands, kitty); KeyError/TypeError/ValueError if unreadable."""
    hands = tuple(tuple(parse_card(t) for t in h) for h in data["hands"])
    kitty = tuple(parse_card(t) for t in data["kitty"])
    return (hands, kitty)
