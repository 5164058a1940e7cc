"""Watten's statistics (W12 per table, W13 per side), from the finished hands of
any seat's observation (all public)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from ...engine.cards import Suit, rank_label
from ...engine.protocol import Stat, StatsView, Tally
from .log import HandResult

__all__ = ["stats_view", "table_figures", "side_figures"]


def table_figures(results: Sequence[HandResult]) -> dict[str, Any]:
    """W12."""
    raises = [x for r in results for x in r.raises]
    return {
        "hands": len(results),
        "strikers": dict(Counter(rank_label(r.striker) for r in results if r.striker is not None)),
        "trumps": dict(Counter(r.trump.letter for r in results if r.trump is not None)),
        "straight": sum(r.straight for r in results),
        "raises": len(raises),
        "held": sum(x.answer == "hold" for x in raises),
        "went": sum(x.answer == "go" for x in raises),
    }


def side_figures(results: Sequence[HandResult], side: int) -> dict[str, Any]:
    """W13 for one side."""
    mine = [x for r in results for x in r.raises if x.seat & 1 == side]
    return {
        "hands_won": sum(r.winner == side for r in results),
        "points_won": sum(r.stake for r in results if r.winner == side),
        "won_naming_striker": sum(r.winner == side and r.namer_side == side for r in results),
        "raises": len(mine),
        "raises_held": sum(x.answer == "hold" for x in mine),
        "raises_went": sum(x.answer == "go" for x in mine),
    }


def _counts(counts: dict[str, int], order: Sequence[str]) -> str:
    shown = [f"{k}×{counts[k]}" for k in order if counts.get(k)]
    return " ".join(shown) if shown else "-"


def stats_view(obs: Any) -> StatsView:
    results = obs.results
    t = table_figures(results)
    ranks = [rank_label(r) for r in (14, 13, 12, 11, 10, 9, 8, 7)]
    suits = [s.letter for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
    table = (
        Stat("W12", "hands", str(t["hands"]), "hands played"),
        Stat("W12", "strikers", _counts(t["strikers"], ranks), "striker ranks named"),
        Stat("W12", "trumps", _counts(t["trumps"], suits), "trump suits named"),
        Stat("W12", "three straight", str(t["straight"]), "hands won by three straight tricks"),
        Stat("W12", "raises", f"{t['raises']} ({t['held']} held, {t['went']} went)",
             "raises made (held, answered by going)"),
    )
    sides = [side_figures(results, s) for s in (0, 1)]
    columns = (("W13", "Hands won"), ("W13", "Points won"), ("W13", "Won naming"), ("W13", "Raises"),
               ("W13", "Held"), ("W13", "Went"))
    rows = tuple(
        (str(f["hands_won"]), str(f["points_won"]), str(f["won_naming_striker"]), str(f["raises"]),
         str(f["raises_held"]), str(f["raises_went"]))
        for f in (sides[s & 1] for s in range(obs.players))
    )
    names = [s.name for s in obs.seats]
    data = {"table": t, "sides": [dict(sides[s], side="AB"[s], players=[names[s], names[s + 2]]) for s in (0, 1)],
            "seats": [dict(sides[s & 1], player=names[s], side="AB"[s & 1]) for s in range(obs.players)]}
    note = ("Per player, its side's figures (W13): hands and points won, hands won as the side that named "
            "the striker, raises made and how they were answered (held, or the other side went).")
    # W13 pools across games, each seat with its side's figures: hands won (of the
    # hands played), and the other side's raises this side held so play went on
    # (W10's hold, not a go), out of the raises it faced.
    faced = [sides[1 - side] for side in (0, 1)]
    tallies = (
        Tally("won", "Won", tuple(sides[s & 1]["hands_won"] for s in range(obs.players)),
              long_label="hands won by the player's side"),
        Tally("answered", "Held", tuple(faced[s & 1]["raises_held"] for s in range(obs.players)),
              of=tuple(faced[s & 1]["raises"] for s in range(obs.players)),
              long_label="raises faced that the player's side held (play went on)"),
    )
    return StatsView(table, columns, rows, note,
                     long_columns=("hands won", "points won", "won naming the striker", "raises made",
                                   "raises held", "raises answered by going"),
                     tallies=tallies, data=data)

