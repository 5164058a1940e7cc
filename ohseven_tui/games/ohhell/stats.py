"""Statistics S1-S10 (``oh-seven.md``) over a game's finished rounds.

They read only :class:`RoundResult` values, so a live game, a replayed record and
a seat's observation (``observation.results``) all give the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ...engine.cards import Suit
from .log import RoundResult

__all__ = ["TableStats", "SeatStats", "GameStats", "game_stats", "trump_counts_text", "NO_TRUMP"]

NO_TRUMP = "no trump"


@dataclass(frozen=True)
class SeatStats:
    seat: int
    rounds: int
    points: int
    points_per_round: float  # S5
    zero_bid_rate: float  # S6
    top_bid_rate: float  # S7
    fill_rate: float  # S8
    overflow_rate: float  # S9
    underfill_rate: float  # S10


@dataclass(frozen=True)
class TableStats:
    players: int  # S1
    rounds: int
    zero_bid_rate: float  # S2
    average_top_bid: Optional[float]  # S3
    trump_counts: dict  # S4: suit letter ("S", "H", "D", "C") or NO_TRUMP -> rounds


@dataclass(frozen=True)
class GameStats:
    table: TableStats
    seats: tuple[SeatStats, ...]


def trump_counts_text(counts: dict) -> str:
    """S4 as words, the one naming the app and the CLI share: every suit, highest
    first (R2), then the no-trump hands if any: "Spades 2, Hearts 0, ... Clubs 1"."""
    suits = sorted(Suit, reverse=True)
    parts = [f"{suit.label} {counts.get(suit.letter, 0)}" for suit in suits]
    if counts.get(NO_TRUMP):
        parts.append(f"{NO_TRUMP} {counts[NO_TRUMP]}")
    return ", ".join(parts)


def _rate(count: int, total: int) -> float:
    return count / total if total else 0.0


def game_stats(results: Sequence[RoundResult], players: int) -> GameStats:
    rounds = len(results)
    bids = [b for r in results for b in r.bids]
    trumps: dict = {}
    for r in results:
        key = r.trump.letter if r.trump is not None else NO_TRUMP
        trumps[key] = trumps.get(key, 0) + 1
    table = TableStats(
        players=players,
        rounds=rounds,
        zero_bid_rate=_rate(sum(b == 0 for b in bids), len(bids)),
        average_top_bid=sum(max(r.bids) for r in results) / rounds if rounds else None,
        trump_counts=trumps,
    )
    seats = []
    for s in range(players):
        own = [(r.bids[s], r.taken[s]) for r in results]
        points = sum(r.round_points[s] for r in results)
        seats.append(
            SeatStats(
                seat=s,
                rounds=rounds,
                points=points,
                points_per_round=_rate(points, rounds),
                zero_bid_rate=_rate(sum(b == 0 for b, _ in own), rounds),
                top_bid_rate=_rate(sum(s in r.top_bidders for r in results), rounds),
                fill_rate=_rate(sum(b == t for b, t in own), rounds),
                overflow_rate=_rate(sum(b < t for b, t in own), rounds),
                underfill_rate=_rate(sum(b > t for b, t in own), rounds),
            )
        )
    return GameStats(table, tuple(seats))
