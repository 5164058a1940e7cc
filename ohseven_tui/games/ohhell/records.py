"""The Oh Hell family's part of a record: the derived log of each round, and its
stacked deals as JSON. The envelope around them is ``engine.record``'s."""

from __future__ import annotations

from typing import Any

from ...engine.cards import Card, parse_card
from .log import RoundLog

__all__ = ["round_log_to_dict", "parse_stacked", "stacked_text"]

_DIRECTION = {1: "left", -1: "right"}


def _cards(cards) -> list[str]:
    return [c.text() for c in cards]


def _bid(bid) -> Any:
    return bid.text() if isinstance(bid, Card) else bid


def round_log_to_dict(log: RoundLog) -> dict:
    deals = []
    for deal in log.deals:
        deals.append(
            {
                "hands": [_cards(h) for h in deal.hands],
                "turned": deal.turned.text() if deal.turned is not None else None,
                "passes": [_cards(p) for p in deal.passes] if deal.passes is not None else None,
                "bid_attempts": [
                    {
                        "bids": [_bid(b) for b in a.bids],
                        "sum": sum(b.rank if isinstance(b, Card) else b for b in a.bids),
                        "outcome": a.outcome,
                        "bonus": list(a.bonus),
                    }
                    for a in deal.attempts
                ],
            }
        )
    return {
        "round": log.number,
        "dealer": log.dealer,
        "hand_size": log.hand_size,
        "pass": {"count": log.pass_count, "direction": _DIRECTION[log.pass_direction]} if log.pass_count else None,
        "deals": deals,
        "bids": list(log.bids) if log.bids is not None else None,
        "top_bidders": list(log.top_bidders),
        "trump": log.trump.letter if log.trump is not None else None,
        "leader": log.leader,
        "tricks": [{"leader": t.leader, "cards": _cards(t.cards), "winner": t.winner} for t in log.tricks],
        "taken": list(log.taken),
        "bonus": list(log.bonus),
        "points": list(log.points) if log.points is not None else None,
        "round_points": list(log.round_points) if log.round_points is not None else None,
    }



def stacked_text(deal: Any) -> dict:
    return {"hands": [_cards(h) for h in deal.hands], "turned": deal.turned.text() if deal.turned is not None else None}


def parse_stacked(data: Any) -> tuple:
    """A record's stacked deal as (hands, turned); KeyError/TypeError/ValueError if unreadable."""
    hands = tuple(tuple(parse_card(t) for t in h) for h in data["hands"])
    turned = parse_card(data["turned"]) if data.get("turned") is not None else None
    return (hands, turned)
