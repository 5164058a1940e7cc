"""Watten's part of a record: each hand's derived log, and its stacked deals as
JSON (``{"hands": [[...5 cards] x 4], "rest": [...12 cards]}``, rest optional)."""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.cards import Card, parse_card
from .log import HandLog

__all__ = ["hand_log_to_dict", "parse_stacked", "stacked_text"]


def _cards(cards: Iterable[Card]) -> list[str]:
    return [c.text() for c in cards]


def hand_log_to_dict(log: HandLog) -> dict[str, Any]:
    return {
        "hand": log.number,
        "dealer": log.dealer,
        "eldest": log.eldest,
        "hands": [_cards(h) for h in log.hands],
        "rest": _cards(log.rest),
        "striker": log.striker,
        "trump": log.trump.letter if log.trump is not None else None,
        "tricks": [{"leader": t.leader, "cards": _cards(t.cards), "winner": t.winner} for t in log.tricks],
        "side_tricks": list(log.side_tricks),
        "raises": [{"seat": r.seat, "answerer": r.answerer, "trick": r.trick, "stake": r.stake,
                    "answer": r.answer} for r in log.raises],
        "unfinished": [[s, c.text()] for s, c in log.unfinished],
        "stake": log.stake,
        "winner_side": log.winner,
        "ended": log.ended or None,
        "points": log.points if log.finished else None,
    }


def stacked_text(deal: Any) -> dict[str, Any]:
    return {"hands": [_cards(h) for h in deal[0]], "rest": _cards(deal[1]) if len(deal) > 1 else []}


def parse_stacked(data: Any) -> tuple[Any, ...]:
    """A record's stacked deal as (hands, rest); KeyError/TypeError/ValueError if unreadable."""
    hands = tuple(tuple(parse_card(t) for t in h) for h in data["hands"])
    rest = tuple(parse_card(t) for t in data.get("rest") or ())
    return (hands, rest)
