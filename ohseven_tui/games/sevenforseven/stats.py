"""Statistics V23 (per table) and V24 (per player) over a game's counted hands.
They read only :class:`HandResult` values, so a live game, a replayed record and
any seat's observation give the same figures."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Optional, Sequence

from ...engine.cards import Suit, rank_label
from ...engine.protocol import Stat, StatsView, Tally
from .actions import RANKS
from .log import HandResult

__all__ = ["TableStats", "SeatStats", "game_stats", "stats_view"]


@dataclass(frozen=True)
class SeatStats:
    seat: int
    hands: int
    points: int
    points_per_hand: float  # V24
    captain: int  # hands as captain
    lieutenant: int  # hands as lieutenant
    made_as_captain: int  # contracts made as captain
    mean_factor: float  # V24: over every counted hand


@dataclass(frozen=True)
class TableStats:
    hands: int
    passed_out: int  # V23
    mean_contract: Optional[float]  # V23: mean contract points
    made: int  # contracts made
    made_share: float
    trump_counts: dict[str, int]  # suit letter -> hands
    bower_counts: dict[str, int]  # rank label -> hands


def _rate(count: float, total: int) -> float:
    return count / total if total else 0.0


def game_stats(results: Sequence[HandResult], players: int) -> tuple[TableStats, tuple[SeatStats, ...]]:
    hands = len(results)
    made = sum(r.made for r in results)
    trumps: dict[str, int] = {}
    ranks: dict[str, int] = {}
    for r in results:
        trumps[r.contract.suit.letter] = trumps.get(r.contract.suit.letter, 0) + 1
        ranks[rank_label(r.contract.rank)] = ranks.get(rank_label(r.contract.rank), 0) + 1
    table = TableStats(
        hands=hands,
        passed_out=sum(r.passed_out for r in results),
        mean_contract=sum(r.contract.points for r in results) / hands if hands else None,
        made=made,
        made_share=_rate(made, hands),
        trump_counts=trumps,
        bower_counts=ranks,
    )
    seats = []
    for s in range(players):
        points = sum(r.round_points[s] for r in results)
        captain = [r for r in results if r.captain == s]
        seats.append(SeatStats(
            seat=s, hands=hands, points=points, points_per_hand=_rate(points, hands),
            captain=len(captain), lieutenant=sum(s in r.lieutenants for r in results),
            made_as_captain=sum(r.made for r in captain),
            mean_factor=_rate(sum(r.factors[s] for r in results), hands),
        ))
    return table, tuple(seats)


def trump_text(counts: dict[str, int]) -> str:
    """"Spades 2, Hearts 0, Diamonds 1, Clubs 4": every suit, highest first."""
    return ", ".join(f"{suit.label} {counts.get(suit.letter, 0)}" for suit in sorted(Suit, reverse=True))


def bower_text(counts: dict[str, int]) -> str:
    """The chosen bower ranks, most chosen first ("J 3, 7 2"); "-" before any."""
    order = {rank_label(r): i for i, r in enumerate(RANKS)}
    shown = sorted(counts.items(), key=lambda kv: (-kv[1], order.get(kv[0], 99)))
    return ", ".join(f"{label} {n}" for label, n in shown) or "-"


def stats_view(obs: Any) -> StatsView:
    """V23-V24 from any seat's observation (counted hands are public)."""
    results, n = obs.results, obs.players
    t, seats = game_stats(results, n)
    table = (
        Stat("V23", "hands passed out", str(t.passed_out)),
        Stat("V23", "mean contract", f"{t.mean_contract:.1f}" if t.mean_contract is not None else "-",
             "mean contract points"),
        Stat("V23", "contracts made", f"{t.made} of {t.hands} ({t.made_share:.0%})" if t.hands else "-"),
        Stat("V23", "trump", trump_text(t.trump_counts), "trump suit chosen"),
        Stat("V23", "bower rank", bower_text(t.bower_counts), "bower rank chosen"),
    )
    columns = (("V24", "Pts/hand"), ("V24", "Captain"), ("V24", "Lieut."), ("V24", "Made (C)"),
               ("V24", "Factor"))
    rows = tuple((f"{s.points_per_hand:.2f}", str(s.captain), str(s.lieutenant), str(s.made_as_captain),
                  f"{s.mean_factor:.2f}") for s in seats)
    note = ("Per player (V24): points per hand, hands as captain and as lieutenant, contracts made as captain, "
            "mean factor.")
    data = {"table": asdict(t), "seats": [dict(asdict(s), player=obs.seats[s.seat].name) for s in seats]}
    # V24 pools across games: how often a player takes the contract, and how often
    # she makes it then (out of her own hands as captain, not of every hand).
    captain = tuple(s.captain for s in seats)
    tallies = (
        Tally("captain", "Captain", captain, long_label="hands as captain"),
        Tally("made", "Made", tuple(s.made_as_captain for s in seats), of=captain,
              long_label="contracts made as captain"),
    )
    return StatsView(table, columns, rows, note,
                     long_columns=("points/hand", "hands as captain", "hands as lieutenant",
                                   "contracts made as captain", "mean factor"),
                     tallies=tallies, data=data)
